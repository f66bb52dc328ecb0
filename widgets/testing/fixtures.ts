// Fixture services for stories and tests: realistic Chinese master data behind the same
// `services.search` contract the app fills from the autocomplete endpoints (spec §7), an
// in-memory upload with progress, and budget-pool balances.
import type { FileRef, PickerValue } from '../../schemas';
import type { PickerPage, PickerQuery, WidgetServices } from '../types';

export interface FixtureRow extends PickerValue {
  params?: Record<string, string>;
  parentId?: string;
  isLeaf?: boolean;
}

let seq = 0;
/** A stable 19-digit id per fixture row. */
const fid = (group: number) => `18${String(group).padStart(5, '0')}${String(++seq).padStart(12, '0')}`;
const rows = (group: number, names: string[], params?: Record<string, string>): FixtureRow[] =>
  names.map((name) => ({ id: fid(group), name, ...(params ? { params } : {}) }));

const CITIES = ['上海', '杭州', '南京', '苏州', '宁波', '合肥', '无锡', '常州', '温州', '嘉兴', '绍兴', '扬州', '南通', '徐州', '芜湖'];
const PEOPLE = [
  '张伟',
  '李娜',
  '王芳',
  '刘洋',
  '陈静',
  '杨磊',
  '赵敏',
  '黄强',
  '周杰',
  '吴婷',
  '徐明',
  '孙丽',
  '马超',
  '朱琳',
  '胡军',
  '郭晓',
  '何平',
  '林峰',
  '高翔',
  '罗娟',
  '郑浩',
  '梁雪',
  '宋佳',
  '谢磊',
  '韩梅',
];
const CHAINS = ['华润万家', '永辉超市', '大润发', '物美', '联华超市', '家乐福', '沃尔玛', '盒马鲜生', '世纪联华', '苏果超市', '步步高', '人人乐'];
const DEALERS = CITIES.flatMap((c, i) => [
  `${c}${['华联', '新天地', '润泽', '甬盛', '恒通'][i % 5]}商贸有限公司`,
  `${c}${['金穗', '鼎盛', '百联', '宏达', '永兴'][i % 5]}食品贸易有限公司`,
]);

/** Master data by autocomplete endpoint. */
export const FIXTURE_DATA: Record<string, FixtureRow[]> = {
  dealerConnTable: rows(87, DEALERS),
  dealerSystem: rows(11, CHAINS),
  wangDian: rows(
    14,
    CHAINS.flatMap((chain) => CITIES.slice(0, 4).map((city) => `${chain}${city}${['中山路', '人民路', '解放路', '建设路'][city.length % 4]}店`)),
  ),
  shouDaFang: rows(
    89,
    DEALERS.slice(0, 12).map((d) => `${d}（售达方）`),
  ),
  sanJiKeMu: rows(39, [
    '陈列费-端架陈列费',
    '陈列费-堆头费',
    '陈列费-冰柜陈列费',
    '促销费-促销员工资',
    '促销费-赠品费',
    '促销费-试吃活动费',
    '进场费-新品进场费',
    '进场费-条码费',
    '广告费-户外广告',
    '广告费-店内广告',
    '返利-季度返利',
    '返利-年度返利',
    '物流费-配送补贴',
  ]),
  refcode: [
    ...rows(67, ['现金', '银行转账', '货补（冲抵货款）', '银行承兑汇票', '支票'], { refType: 'zhiFuFangShi' }),
    ...rows(85, ['饮料事业部', '乳品事业部', '休闲食品事业部', '调味品事业部'], { refType: 'yeWuBanKuai' }),
  ],
  zuZhi: rows(86, ['华东大区', '华南大区', '华北大区', '华中大区', '西南大区', '西北大区', '东北大区', '上海分公司', '江苏分公司', '浙江分公司']),
  gongYingShang: rows(72, [
    '上海众成广告传媒有限公司',
    '杭州美陈道具制造有限公司',
    '苏州印象印刷有限公司',
    '南京速达物流有限公司',
    '宁波恒信礼品有限公司',
    '合肥蓝海展览服务有限公司',
  ]),
  pinPai: rows(27, ['清泉', '晨光乳业', '麦香园', '鲜果时光', '金谷', '小熊脆']),
  pinLei: rows(29, ['碳酸饮料', '果汁饮料', '包装饮用水', '常温酸奶', '低温鲜奶', '饼干', '膨化食品', '调味酱']),
  xiLie: rows(31, ['清泉纯净水系列', '清泉苏打水系列', '鲜果时光橙汁系列', '鲜果时光苹果汁系列', '晨光常温酸奶系列', '麦香园夹心饼干系列']),
  sku: rows(79, [
    '6901234560011 清泉纯净水 550ml×24瓶',
    '6901234560028 清泉纯净水 1.5L×12瓶',
    '6901234560035 清泉苏打水 350ml×24瓶',
    '6901234560042 鲜果时光橙汁 1L×12盒',
    '6901234560059 晨光原味酸奶 200g×12盒',
    '6901234560066 麦香园巧克力夹心饼干 100g×30袋',
  ]),
  danPin: rows(33, ['清泉纯净水 550ml', '清泉纯净水 1.5L', '清泉苏打水 350ml', '鲜果时光橙汁 1L', '晨光原味酸奶 200g', '麦香园巧克力夹心饼干 100g']),
  xiaoShouWuLiao: rows(69, ['堆头围挡', '货架插卡', '促销海报', '冰柜贴', '吊旗', '地贴', '试吃台', '价格牌']),
  'qudao-all': [
    ...rows(73, ['现代渠道（KA）', '传统渠道', '餐饮渠道', '电商渠道', '特殊渠道'], { level: '1' }),
    ...rows(88, ['大卖场', '连锁超市', '便利店', '批发市场', '夫妻店', '中式餐饮', '西式快餐', '平台电商', '社区团购', '学校', '交通枢纽'], { level: '2' }),
  ],
  chengBenZhongXin: rows(90, [
    'CC1001 华东销售部',
    'CC1002 华南销售部',
    'CC1003 华北销售部',
    'CC2001 品牌市场部',
    'CC2002 渠道市场部',
    'CC3001 财务中心',
    'CC4001 信息技术部',
  ]),
  'caiwunian-all': rows(51, ['2024财年', '2025财年', '2026财年', '2027财年']),
  role: rows(52, ['系统管理员', '销售代表', '区域经理', '大区总监', '财务专员', '市场经理', '经销商管理员']),
  qianZaiKeHu: rows(
    59,
    CITIES.slice(0, 8).map((c) => `${c}${['优品', '惠民', '佳和', '乐购'][c.length % 4]}便利连锁（潜在）`),
  ),
  renWu: rows(63, ['2026年Q4华东陈列检核', '2026年双十一大促执行', '新品清泉苏打水铺市', '春节堆头布置', '经销商库存盘点', '门店拜访计划（11月）']),
  yuSuanChi: rows(68, ['2026华东大区现代渠道陈列费预算池', '2026华东大区传统渠道促销费预算池', '2026华南大区新品进场费预算池', '2026全国电商渠道推广费预算池']),
  zhuanXiang: rows(74, ['2026春节专项活动', '2026中秋礼盒专项', '清泉苏打水新品上市专项', '校园渠道开拓专项']),
  employee: rows(81, PEOPLE),
  dealerUser: rows(
    82,
    DEALERS.slice(0, 10).map((d, i) => `${PEOPLE[(i * 3) % PEOPLE.length]}（${d}）`),
  ),
};

/** The department tree (7): loaded level by level with `params.parentId`. */
const DEPARTMENT_TREE: Array<[string, string[] | Record<string, string[]>]> = [
  [
    '销售中心',
    {
      华东大区: ['上海销售部', '江苏销售部', '浙江销售部', '安徽销售部'],
      华南大区: ['广东销售部', '福建销售部', '广西销售部'],
      华北大区: ['北京销售部', '天津销售部', '河北销售部'],
    },
  ],
  ['市场中心', ['品牌部', '渠道市场部', '数字营销部']],
  ['财务中心', ['费用核算部', '资金管理部']],
  ['信息技术部', []],
];
function buildDepartments(): FixtureRow[] {
  const out: FixtureRow[] = [];
  const root: FixtureRow = { id: fid(7), name: '总部', parentId: '' };
  out.push(root);
  for (const [name, children] of DEPARTMENT_TREE) {
    const level1: FixtureRow = { id: fid(7), name, parentId: root.id };
    out.push(level1);
    const entries: Array<[string, string[]]> = Array.isArray(children) ? children.map((c) => [c, []]) : Object.entries(children);
    for (const [childName, grandChildren] of entries) {
      const level2: FixtureRow = { id: fid(7), name: childName, parentId: level1.id };
      out.push(level2);
      for (const g of grandChildren) out.push({ id: fid(7), name: g, parentId: level2.id });
    }
  }
  for (const r of out) r.isLeaf = !out.some((c) => c.parentId === r.id);
  return out;
}
FIXTURE_DATA.department = buildDepartments();

/** Remaining amounts of the fixture budget pools, decimal strings. */
export const FIXTURE_POOL_REMAINING: Record<string, string> = Object.fromEntries(
  FIXTURE_DATA.yuSuanChi.map((r, i) => [r.id, ['1285000.00', '36820.5', '0.00', '9876543.21'][i % 4]]),
);

/** The first fixture rows of an endpoint (optionally matching params), as picker values. */
export function fixtureValue(endpoint: string, index = 0, params?: Record<string, string>): PickerValue {
  const list = FIXTURE_DATA[endpoint].filter((r) => !params || Object.entries(params).every(([k, v]) => r.params?.[k] === v));
  const r = list[index];
  return { id: r.id, name: r.name };
}

export interface FixtureOptions {
  /** simulated network latency (ms); 0 answers on the next microtask */
  latencyMs?: number;
  /** answers this many bytes per progress step of an upload */
  uploadStepMs?: number;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/** The fixture search: keyword contains-match, params filter, paging. */
export async function fixtureSearch(query: PickerQuery, latencyMs = 0): Promise<PickerPage> {
  await wait(latencyMs);
  const all = FIXTURE_DATA[query.endpoint] ?? [];
  const params = query.params ?? {};
  const kw = query.keyword.trim().toLowerCase();
  const filtered = all.filter((r) => {
    if (kw && !r.name.toLowerCase().includes(kw)) return false;
    for (const [k, v] of Object.entries(params)) {
      if (k === 'parentId') {
        if (!kw && (r.parentId ?? '') !== v) return false;
      } else if (r.params?.[k] !== v) return false;
    }
    return true;
  });
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: filtered
      .slice(start, start + query.pageSize)
      .map((r) => ({ id: r.id, name: r.name, ...(r.parentId !== undefined ? { parentId: r.parentId, isLeaf: r.isLeaf } : {}) })),
    totalRecord: filtered.length,
  };
}

/** Services backed by fixtures: search, an in-memory upload with progress, pool balances. */
export function fixtureServices(options: FixtureOptions = {}): WidgetServices {
  const latency = options.latencyMs ?? 0;
  const step = options.uploadStepMs ?? 0;
  const files = new Map<string, File>();
  return {
    search: (q) => fixtureSearch(q, latency),
    upload: async (file, onProgress) => {
      for (const p of [25, 50, 75, 100]) {
        await wait(step);
        onProgress(p);
      }
      const ref: FileRef = { id: fid(21), name: file.name, size: file.size, type: file.type || 'application/octet-stream' };
      files.set(ref.id, file);
      return ref;
    },
    downloadUrl: (ref) => `#download-${ref.id}`,
    deleteFile: async (ref) => {
      await wait(latency);
      files.delete(ref.id);
    },
    budgetRemaining: async (poolId) => {
      await wait(latency);
      const v = FIXTURE_POOL_REMAINING[poolId];
      if (v === undefined) throw new Error('unknown pool');
      return v;
    },
  };
}

/** Sample files for attachment/image values. */
export const FIXTURE_FILES: FileRef[] = [
  { id: '1800021000000000901', name: '2026年11月陈列协议.pdf', size: 482_113, type: 'application/pdf' },
  { id: '1800021000000000902', name: '费用明细表.xlsx', size: 38_920, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
];
