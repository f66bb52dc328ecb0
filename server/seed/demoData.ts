// The demo organisation and master data: a food & beverage brand selling through dealers in
// five regions (DOMAIN.md). Codes are stable so tests and the e2e suite can refer to them.

export const DEPARTMENTS = [
  { code: 'D00', name: '总部', parent: null },
  { code: 'D10', name: '销售中心', parent: 'D00' },
  { code: 'D11', name: '华东大区销售部', parent: 'D10' },
  { code: 'D12', name: '华南大区销售部', parent: 'D10' },
  { code: 'D13', name: '华北大区销售部', parent: 'D10' },
  { code: 'D14', name: '西南大区销售部', parent: 'D10' },
  { code: 'D15', name: '华中大区销售部', parent: 'D10' },
  { code: 'D20', name: '市场部', parent: 'D00' },
  { code: 'D21', name: '品牌管理部', parent: 'D20' },
  { code: 'D22', name: '渠道营销部', parent: 'D20' },
  { code: 'D30', name: '财务部', parent: 'D00' },
  { code: 'D40', name: '信息技术部', parent: 'D00' },
] as const;

export const POSTS = [
  { code: 'P01', name: '销售代表' },
  { code: 'P02', name: '城市经理' },
  { code: 'P03', name: '区域经理' },
  { code: 'P04', name: '大区总监' },
  { code: 'P05', name: '市场专员' },
  { code: 'P06', name: '财务专员' },
  { code: 'P07', name: '系统管理员' },
] as const;

/** `user`: the login of the employee, if any (the demo logins of README). */
export const EMPLOYEES = [
  { code: 'E0001', name: '系统管理员', dept: 'D40', post: 'P07', mobile: '13800000001', user: 'admin', areaManager: false },
  { code: 'E1001', name: '张伟', dept: 'D11', post: 'P01', mobile: '13916002345', user: 'zhangwei', areaManager: false },
  { code: 'E1002', name: '李娜', dept: 'D11', post: 'P03', mobile: '13817203456', user: 'lina', areaManager: true },
  { code: 'E1003', name: '王芳', dept: 'D11', post: 'P02', mobile: '13764508821', user: null, areaManager: false },
  { code: 'E1004', name: '刘洋', dept: 'D12', post: 'P03', mobile: '13922301187', user: null, areaManager: true },
  { code: 'E1005', name: '陈静', dept: 'D12', post: 'P01', mobile: '13602457790', user: null, areaManager: false },
  { code: 'E1006', name: '杨帆', dept: 'D13', post: 'P03', mobile: '13501126634', user: null, areaManager: true },
  { code: 'E1007', name: '赵磊', dept: 'D13', post: 'P01', mobile: '13691180042', user: null, areaManager: false },
  { code: 'E1008', name: '黄敏', dept: 'D14', post: 'P03', mobile: '13880956612', user: null, areaManager: true },
  { code: 'E1009', name: '周杰', dept: 'D15', post: 'P03', mobile: '13971125508', user: null, areaManager: true },
  { code: 'E1010', name: '吴婷', dept: 'D20', post: 'P05', mobile: '13818870021', user: null, areaManager: false },
  { code: 'E1011', name: '徐强', dept: 'D10', post: 'P04', mobile: '13901778890', user: 'xuqiang', areaManager: false },
  { code: 'E1012', name: '孙丽', dept: 'D30', post: 'P06', mobile: '13761239904', user: 'sunli', areaManager: false },
  { code: 'E1013', name: '马超', dept: 'D22', post: 'P05', mobile: '13651987723', user: null, areaManager: false },
  { code: 'E1014', name: '胡军', dept: 'D11', post: 'P01', mobile: '13524678810', user: null, areaManager: false },
] as const;

export const PROVINCES = [
  { code: '310000', name: '上海市' },
  { code: '320000', name: '江苏省' },
  { code: '330000', name: '浙江省' },
  { code: '340000', name: '安徽省' },
  { code: '350000', name: '福建省' },
  { code: '440000', name: '广东省' },
  { code: '450000', name: '广西壮族自治区' },
  { code: '110000', name: '北京市' },
  { code: '120000', name: '天津市' },
  { code: '130000', name: '河北省' },
  { code: '370000', name: '山东省' },
  { code: '510000', name: '四川省' },
  { code: '500000', name: '重庆市' },
  { code: '530000', name: '云南省' },
  { code: '420000', name: '湖北省' },
  { code: '430000', name: '湖南省' },
  { code: '410000', name: '河南省' },
] as const;

/** Level-1 and level-2 channels (qudao-all, `level` 1/2). */
export const CHANNELS = [
  { code: 'KA', name: '现代渠道', en: 'Modern trade', tw: '現代渠道', parent: null },
  { code: 'TT', name: '传统渠道', en: 'Traditional trade', tw: '傳統渠道', parent: null },
  { code: 'HR', name: '餐饮渠道', en: 'Catering', tw: '餐飲渠道', parent: null },
  { code: 'EC', name: '电商渠道', en: 'E-commerce', tw: '電商渠道', parent: null },
  { code: 'KA01', name: '大卖场', en: 'Hypermarkets', tw: '大賣場', parent: 'KA' },
  { code: 'KA02', name: '连锁超市', en: 'Supermarket chains', tw: '連鎖超市', parent: 'KA' },
  { code: 'KA03', name: '连锁便利店', en: 'Convenience chains', tw: '連鎖便利店', parent: 'KA' },
  { code: 'TT01', name: '批发市场', en: 'Wholesale markets', tw: '批發市場', parent: 'TT' },
  { code: 'TT02', name: '社区夫妻店', en: 'Mom-and-pop stores', tw: '社區夫妻店', parent: 'TT' },
  { code: 'HR01', name: '中式餐饮', en: 'Chinese restaurants', tw: '中式餐飲', parent: 'HR' },
  { code: 'HR02', name: '火锅连锁', en: 'Hotpot chains', tw: '火鍋連鎖', parent: 'HR' },
  { code: 'EC01', name: '平台电商', en: 'Marketplaces', tw: '平台電商', parent: 'EC' },
  { code: 'EC02', name: '社区团购', en: 'Community group buying', tw: '社區團購', parent: 'EC' },
] as const;

export const DEALERS = [
  { code: 'JXS0001', name: '上海百联食品贸易有限公司', province: '310000', channel: 'KA', dept: 'D11', contact: '陈国华', mobile: '13901652233' },
  { code: 'JXS0002', name: '杭州联华商贸有限公司', province: '330000', channel: 'KA', dept: 'D11', contact: '沈立新', mobile: '13805718890' },
  { code: 'JXS0003', name: '南京苏果食品经销有限公司', province: '320000', channel: 'TT', dept: 'D11', contact: '顾建平', mobile: '13951712045' },
  { code: 'JXS0004', name: '合肥徽商副食品批发有限公司', province: '340000', channel: 'TT', dept: 'D11', contact: '汪海涛', mobile: '13805601178' },
  { code: 'JXS0005', name: '广州华润万家贸易有限公司', province: '440000', channel: 'KA', dept: 'D12', contact: '梁志明', mobile: '13802233417' },
  { code: 'JXS0006', name: '深圳天虹商贸有限公司', province: '440000', channel: 'KA', dept: 'D12', contact: '黄晓东', mobile: '13923800561' },
  { code: 'JXS0007', name: '福州永辉食品配送有限公司', province: '350000', channel: 'KA', dept: 'D12', contact: '林宏', mobile: '13905016642' },
  { code: 'JXS0008', name: '北京京客隆商贸有限公司', province: '110000', channel: 'KA', dept: 'D13', contact: '张建国', mobile: '13601108823' },
  { code: 'JXS0009', name: '天津津乐汇食品有限公司', province: '120000', channel: 'HR', dept: 'D13', contact: '王立军', mobile: '13820015567' },
  { code: 'JXS0010', name: '济南银座副食经销有限公司', province: '370000', channel: 'TT', dept: 'D13', contact: '李宝山', mobile: '13853120098' },
  { code: 'JXS0011', name: '成都红旗连锁经销有限公司', province: '510000', channel: 'KA', dept: 'D14', contact: '刘德华', mobile: '13808087712' },
  { code: 'JXS0012', name: '重庆渝味餐饮供应链有限公司', province: '500000', channel: 'HR', dept: 'D14', contact: '谭勇', mobile: '13908361134' },
  { code: 'JXS0013', name: '武汉中百商贸有限公司', province: '420000', channel: 'KA', dept: 'D15', contact: '胡斌', mobile: '13907143365' },
  { code: 'JXS0014', name: '长沙步步高食品经销有限公司', province: '430000', channel: 'TT', dept: 'D15', contact: '彭志刚', mobile: '13974851209' },
] as const;

export const CHAIN_SYSTEMS = [
  { code: 'LS01', name: '华润万家' },
  { code: 'LS02', name: '永辉超市' },
  { code: 'LS03', name: '大润发' },
  { code: 'LS04', name: '沃尔玛' },
  { code: 'LS05', name: '家乐福' },
  { code: 'LS06', name: '联华超市' },
  { code: 'LS07', name: '物美' },
  { code: 'LS08', name: '红旗连锁' },
  { code: 'LS09', name: '步步高' },
  { code: 'LS10', name: '中百仓储' },
  { code: 'LS11', name: '全家便利店' },
  { code: 'LS12', name: '美宜佳' },
] as const;

/** Outlets (wangDian): a store of a chain system served by a dealer. */
export const OUTLETS = [
  { code: 'WD000101', name: '联华超市 上海南京东路店', dealer: 'JXS0001', chain: 'LS06' },
  { code: 'WD000102', name: '大润发 上海杨浦店', dealer: 'JXS0001', chain: 'LS03' },
  { code: 'WD000103', name: '沃尔玛 上海五角场店', dealer: 'JXS0001', chain: 'LS04' },
  { code: 'WD000104', name: '家乐福 上海古北店', dealer: 'JXS0001', chain: 'LS05' },
  { code: 'WD000201', name: '联华超市 杭州庆春路店', dealer: 'JXS0002', chain: 'LS06' },
  { code: 'WD000202', name: '物美 杭州文三路店', dealer: 'JXS0002', chain: 'LS07' },
  { code: 'WD000301', name: '苏果超市 南京新街口店', dealer: 'JXS0003', chain: null },
  { code: 'WD000501', name: '华润万家 广州天河店', dealer: 'JXS0005', chain: 'LS01' },
  { code: 'WD000502', name: '华润万家 广州番禺店', dealer: 'JXS0005', chain: 'LS01' },
  { code: 'WD000601', name: '美宜佳 深圳福田店', dealer: 'JXS0006', chain: 'LS12' },
  { code: 'WD000701', name: '永辉超市 福州东街口店', dealer: 'JXS0007', chain: 'LS02' },
  { code: 'WD000801', name: '物美 北京西单店', dealer: 'JXS0008', chain: 'LS07' },
  { code: 'WD000802', name: '家乐福 北京中关村店', dealer: 'JXS0008', chain: 'LS05' },
  { code: 'WD001101', name: '红旗连锁 成都春熙路店', dealer: 'JXS0011', chain: 'LS08' },
  { code: 'WD001301', name: '中百仓储 武汉光谷店', dealer: 'JXS0013', chain: 'LS10' },
  { code: 'WD001401', name: '步步高 长沙五一广场店', dealer: 'JXS0014', chain: 'LS09' },
] as const;

/** Expense subjects, three levels; the level-3 ones are pickable (sanJiKeMu). */
export const EXPENSE_SUBJECTS = [
  { code: '66', name: '销售费用', parent: null, level: 1 },
  { code: '6601', name: '市场推广费', parent: '66', level: 2 },
  { code: '660101', name: '端架陈列费', parent: '6601', level: 3 },
  { code: '660102', name: '堆头陈列费', parent: '6601', level: 3 },
  { code: '660103', name: '进场条码费', parent: '6601', level: 3 },
  { code: '660104', name: '海报DM费', parent: '6601', level: 3 },
  { code: '6602', name: '促销费用', parent: '66', level: 2 },
  { code: '660201', name: '促销员工资', parent: '6602', level: 3 },
  { code: '660202', name: '买赠促销品', parent: '6602', level: 3 },
  { code: '660203', name: '特价折让', parent: '6602', level: 3 },
  { code: '660204', name: '试吃品鉴活动费', parent: '6602', level: 3 },
  { code: '6603', name: '渠道费用', parent: '66', level: 2 },
  { code: '660301', name: '经销商返利', parent: '6603', level: 3 },
  { code: '660302', name: '物流运输补贴', parent: '6603', level: 3 },
  { code: '660303', name: '餐饮终端进店费', parent: '6603', level: 3 },
] as const;

export const BRANDS = [
  { code: 'B01', name: '鲜活源' },
  { code: 'B02', name: '金谷田' },
  { code: 'B03', name: '小麦香' },
  { code: 'B04', name: '清泉山' },
] as const;
export const CATEGORIES = [
  { code: 'C01', name: '果汁饮料' },
  { code: 'C02', name: '乳饮品' },
  { code: 'C03', name: '饼干糕点' },
  { code: 'C04', name: '包装饮用水' },
  { code: 'C05', name: '休闲零食' },
] as const;
export const SERIES = [
  { code: 'S0101', name: '鲜活源100%果汁', brand: 'B01' },
  { code: 'S0102', name: '鲜活源轻果茶', brand: 'B01' },
  { code: 'S0201', name: '金谷田燕麦奶', brand: 'B02' },
  { code: 'S0301', name: '小麦香苏打饼干', brand: 'B03' },
  { code: 'S0401', name: '清泉山天然水', brand: 'B04' },
] as const;
export const SKUS = [
  { code: '6901234500011', name: '鲜活源100%橙汁 1L×12', series: 'S0101' },
  { code: '6901234500028', name: '鲜活源100%苹果汁 300ml×24', series: 'S0101' },
  { code: '6901234500035', name: '鲜活源轻果茶 柠檬味 500ml×15', series: 'S0102' },
  { code: '6901234500042', name: '金谷田燕麦奶 250ml×24', series: 'S0201' },
  { code: '6901234500059', name: '小麦香苏打饼干 原味 400g×12', series: 'S0301' },
  { code: '6901234500066', name: '清泉山天然水 550ml×24', series: 'S0401' },
  { code: '6901234500073', name: '清泉山天然水 4L×4', series: 'S0401' },
] as const;

export const FISCAL_YEARS = [
  { code: 'FY2025', name: '2025财年' },
  { code: 'FY2026', name: '2026财年' },
  { code: 'FY2027', name: '2027财年' },
] as const;

/** Reference codes by type (refcode, `refType`). */
export const REF_CODES = [
  { refType: 'zhiFuFangShi', code: 'XJ', name: '现金', en: 'Cash', tw: '現金' },
  { refType: 'zhiFuFangShi', code: 'ZZ', name: '银行转账', en: 'Bank transfer', tw: '銀行轉賬' },
  { refType: 'zhiFuFangShi', code: 'HKDK', name: '货款抵扣', en: 'Offset against orders', tw: '貨款抵扣' },
  { refType: 'zhiFuFangShi', code: 'PZ', name: '票折', en: 'Invoice discount', tw: '票折' },
  { refType: 'yeWuBanKuai', code: 'YL', name: '饮料事业部', en: 'Beverages', tw: '飲料事業部' },
  { refType: 'yeWuBanKuai', code: 'SP', name: '食品事业部', en: 'Foods', tw: '食品事業部' },
  { refType: 'feiYongLeiXing', code: '80021', name: '费用申请', en: 'Expense application', tw: '費用申請' },
  { refType: 'feiYongLeiXing', code: '99800', name: '市场费用', en: 'Market expense', tw: '市場費用' },
  { refType: 'feiYongLeiXing', code: '99700', name: '专项费用', en: 'Special-project expense', tw: '專項費用' },
] as const;

export const COST_CENTERS = [
  { code: 'CC1100', name: '华东大区销售成本中心' },
  { code: 'CC1200', name: '华南大区销售成本中心' },
  { code: 'CC1300', name: '华北大区销售成本中心' },
  { code: 'CC1400', name: '西南大区销售成本中心' },
  { code: 'CC1500', name: '华中大区销售成本中心' },
  { code: 'CC2000', name: '市场部成本中心' },
] as const;

export const ORGANIZATIONS = [
  { code: 'ORG01', name: '鲜活源食品（中国）有限公司' },
  { code: 'ORG02', name: '鲜活源食品（上海）销售有限公司' },
] as const;
export const SUPPLIERS = [
  { code: 'GYS001', name: '上海美印广告印刷有限公司' },
  { code: 'GYS002', name: '苏州展艺陈列道具有限公司' },
  { code: 'GYS003', name: '杭州优选人力资源服务有限公司' },
] as const;
export const SOLD_TO_PARTIES = [
  { code: 'SDF0001', name: '上海百联食品贸易有限公司（售达）' },
  { code: 'SDF0005', name: '广州华润万家贸易有限公司（售达）' },
] as const;
export const SALES_MATERIALS = [
  { code: 'WL001', name: '端架陈列架（1.2米）' },
  { code: 'WL002', name: '堆头围板' },
  { code: 'WL003', name: '促销台' },
  { code: 'WL004', name: '冰柜贴' },
] as const;
export const SPECIAL_ACTIVITIES = [
  { code: 'ZX2026001', name: '2026春节旺季堆头专项' },
  { code: 'ZX2026002', name: '2026夏季果汁品鉴专项' },
] as const;
export const POTENTIAL_CUSTOMERS = [
  { code: 'QK0001', name: '苏州万家福超市' },
  { code: 'QK0002', name: '宁波三江购物' },
] as const;
export const TASKS = [
  { code: 'RW0001', name: '门店陈列检查' },
  { code: 'RW0002', name: '新品铺市跟进' },
] as const;

/**
 * Budget pools (yuSuanChi) of fiscal year 2026: region × channel × expense subject, amounts as
 * decimal strings. `used`: what earlier periods consumed before this system (loaded as an
 * opening consumption); `control`: hard (never overspent), soft (down to −amount × `tolerance`
 * percent; null: the TPM budget setting's) or none. The first pool is the East region's display
 * pool of the expense journey (e2e expense-journey.spec.ts).
 */
export const BUDGET_POOLS: readonly {
  code: string;
  name: string;
  fy: string;
  dept: string;
  channel: string;
  subject: string;
  amount: string;
  used: string;
  control: 'hard' | 'soft' | 'none';
  tolerance: string | null;
}[] = [
  // 华东大区 (D11)
  {
    code: 'YSC2026-HD-KA-CL',
    name: '2026华东大区现代渠道陈列费',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'KA',
    subject: '660101',
    amount: '1200000.00',
    used: '186450.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-KA-CX',
    name: '2026华东大区现代渠道促销费',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'KA',
    subject: '660201',
    amount: '860000.00',
    used: '92300.50',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-TT-FL',
    name: '2026华东大区传统渠道返利',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'TT',
    subject: '660301',
    amount: '540000.00',
    used: '0.00',
    control: 'soft',
    tolerance: '5.00',
  },
  {
    code: 'YSC2026-HD-KA-JC',
    name: '2026华东大区现代渠道进场条码费',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'KA',
    subject: '660103',
    amount: '380000.00',
    used: '42000.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-KA-TJ',
    name: '2026华东大区现代渠道特价折让',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'KA',
    subject: '660203',
    amount: '720000.00',
    used: '65880.40',
    control: 'soft',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-TT-MZ',
    name: '2026华东大区传统渠道买赠促销',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'TT',
    subject: '660202',
    amount: '260000.00',
    used: '18620.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-HR-JD',
    name: '2026华东大区餐饮渠道进店费',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'HR',
    subject: '660303',
    amount: '300000.00',
    used: '0.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HD-EC-SC',
    name: '2026华东大区电商渠道试吃品鉴',
    fy: 'FY2026',
    dept: 'D11',
    channel: 'EC',
    subject: '660204',
    amount: '150000.00',
    used: '0.00',
    control: 'none',
    tolerance: null,
  },
  // 华南大区 (D12)
  {
    code: 'YSC2026-HN-KA-CL',
    name: '2026华南大区现代渠道陈列费',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'KA',
    subject: '660102',
    amount: '980000.00',
    used: '310200.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HN-KA-CX',
    name: '2026华南大区现代渠道促销费',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'KA',
    subject: '660201',
    amount: '640000.00',
    used: '58340.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HN-KA-TJ',
    name: '2026华南大区现代渠道特价折让',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'KA',
    subject: '660203',
    amount: '560000.00',
    used: '120450.75',
    control: 'soft',
    tolerance: '8.00',
  },
  {
    code: 'YSC2026-HN-TT-FL',
    name: '2026华南大区传统渠道返利',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'TT',
    subject: '660301',
    amount: '420000.00',
    used: '0.00',
    control: 'soft',
    tolerance: '5.00',
  },
  {
    code: 'YSC2026-HN-HR-JD',
    name: '2026华南大区餐饮渠道进店费',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'HR',
    subject: '660303',
    amount: '360000.00',
    used: '27500.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HN-EC-TJ',
    name: '2026华南大区电商渠道特价折让',
    fy: 'FY2026',
    dept: 'D12',
    channel: 'EC',
    subject: '660203',
    amount: '200000.00',
    used: '0.00',
    control: 'none',
    tolerance: null,
  },
  // 华北大区 (D13)
  {
    code: 'YSC2026-HB-HR-JD',
    name: '2026华北大区餐饮渠道进店费',
    fy: 'FY2026',
    dept: 'D13',
    channel: 'HR',
    subject: '660303',
    amount: '450000.00',
    used: '45000.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HB-KA-CL',
    name: '2026华北大区现代渠道陈列费',
    fy: 'FY2026',
    dept: 'D13',
    channel: 'KA',
    subject: '660101',
    amount: '760000.00',
    used: '98200.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HB-KA-CX',
    name: '2026华北大区现代渠道促销费',
    fy: 'FY2026',
    dept: 'D13',
    channel: 'KA',
    subject: '660201',
    amount: '520000.00',
    used: '36980.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-HB-TT-FL',
    name: '2026华北大区传统渠道返利',
    fy: 'FY2026',
    dept: 'D13',
    channel: 'TT',
    subject: '660301',
    amount: '480000.00',
    used: '0.00',
    control: 'soft',
    tolerance: '5.00',
  },
  {
    code: 'YSC2026-HB-TT-WL',
    name: '2026华北大区传统渠道物流运输补贴',
    fy: 'FY2026',
    dept: 'D13',
    channel: 'TT',
    subject: '660302',
    amount: '180000.00',
    used: '21360.00',
    control: 'none',
    tolerance: null,
  },
  // 西南大区 (D14)
  {
    code: 'YSC2026-XN-KA-TJ',
    name: '2026西南大区现代渠道特价折让',
    fy: 'FY2026',
    dept: 'D14',
    channel: 'KA',
    subject: '660203',
    amount: '620000.00',
    used: '128760.25',
    control: 'soft',
    tolerance: '10.00',
  },
  {
    code: 'YSC2026-XN-KA-CL',
    name: '2026西南大区现代渠道堆头陈列费',
    fy: 'FY2026',
    dept: 'D14',
    channel: 'KA',
    subject: '660102',
    amount: '540000.00',
    used: '64300.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-XN-KA-HB',
    name: '2026西南大区现代渠道海报DM费',
    fy: 'FY2026',
    dept: 'D14',
    channel: 'KA',
    subject: '660104',
    amount: '120000.00',
    used: '9850.00',
    control: 'hard',
    tolerance: null,
  },
  {
    code: 'YSC2026-XN-TT-FL',
    name: '2026西南大区传统渠道返利',
    fy: 'FY2026',
    dept: 'D14',
    channel: 'TT',
    subject: '660301',
    amount: '360000.00',
    used: '0.00',
    control: 'soft',
    tolerance: '5.00',
  },
  {
    code: 'YSC2026-XN-HR-JD',
    name: '2026西南大区餐饮渠道进店费',
    fy: 'FY2026',
    dept: 'D14',
    channel: 'HR',
    subject: '660303',
    amount: '400000.00',
    used: '52000.00',
    control: 'hard',
    tolerance: null,
  },
];
