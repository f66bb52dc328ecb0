import { describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_BY_CODE, CATALOG_PROCESSES } from './index';
import { checkDeriveSource, validateDefinition } from '../validateDefinition';
import { validateProcessDefinition } from '../process/validate';
import { compileRecordSchema } from '../compileRecordSchema';
import { migrateDefinition } from '../migrations';
import { FORM_MODES, FORM_TYPES, TC } from '../typeCodes';
import { LOCALES } from '../constants';
import type { FieldDefinition } from '../definition';
import { columnsOf } from '../columnsOf';
import { resolveNode } from '../process/approvers';
import type { Directory, DirectoryUser } from '../process/state';
import { compileExpression, evaluate, truthy } from '../logic/expressions';

const pick = (id: string, name: string) => ({ id, name });
const file = (id: string, name: string, type = 'application/pdf') => ({ id, name, size: 102400, type });

/** One realistic record per catalog form, as a user would save it (mode 0, not a draft). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  feiYongShenQing: {
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    yeWuBanKuai: pick('1000000000000000101', '日化事业部'),
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    huoDongQiJian: ['2026-01-15', '2026-02-28'],
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    wangDian: [pick('1000000000000000401', '联华超市（南京东路店）'), pick('1000000000000000402', '大润发（杨浦店）')],
    feiYongKeMu: pick('1000000000000000501', '陈列费-堆头'),
    yuSuanChi: pick('1000000000000000601', '2026华东现代渠道陈列费'),
    shenQingJinE: '36800.00',
    zhiFuFangShi: pick('1000000000000000701', '货补'),
    huoDongShuoMing: '春节档期在联华、大润发门店设置品牌堆头，提升清风系列动销。',
    mingXi: [
      {
        _id: 'a1',
        pinPai: pick('1000000000000000801', '清风'),
        danPin: pick('1000000000000000901', '清风原木纯品抽纸3层130抽'),
        shuLiang: 400,
        danJia: '52.00',
        jinE: '20800.00',
      },
      { _id: 'a2', pinPai: pick('1000000000000000802', '心相印'), shuLiang: 200, danJia: '80.00', jinE: '16000.00', beiZhu: '端架' },
    ],
    fuJian: [file('1000000000000001001', '春节堆头陈列方案.pdf')],
  },
  feiYongJieAn: {
    shenQingDanHao: 'FYSQ202601150001',
    laiYuanBiaoDan: 'feiYongShenQing',
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    yuSuanChi: pick('1000000000000000601', '2026华东现代渠道陈列费'),
    shenQingJinE: '36800.00',
    shiJiJinE: '35260.50',
    jieYuJinE: '1539.50',
    mingXi: [
      {
        shenQingHangId: 'a1',
        pinPai: pick('1000000000000000801', '清风'),
        danPin: pick('1000000000000000901', '清风原木纯品抽纸3层130抽'),
        shenQingJinE: '20800.00',
        shiJiJinE: '19260.50',
        jieYuJinE: '1539.50',
      },
      { shenQingHangId: 'a2', pinPai: pick('1000000000000000802', '心相印'), shenQingJinE: '16000.00', shiJiJinE: '16000.00', jieYuJinE: '0.00' },
    ],
    jieAnRiQi: '2026-03-05',
    zhiXingQingKuang: '两家门店堆头均按方案执行，大润发杨浦店提前一周撤场。',
    zhiXingZhaoPian: [file('1000000000000001101', '堆头1.jpg', 'image/jpeg'), file('1000000000000001102', '堆头2.jpg', 'image/jpeg')],
  },
  feiYongHeXiao: {
    shenQingDanHao: 'FYSQ202601150001',
    jieAnDanHao: 'FYJA202603050001',
    laiYuanBiaoDan: 'feiYongShenQing',
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    jieAnJinE: '35260.50',
    heXiaoFangShi: 'piaoKou',
    heXiaoJinE: '35260.50',
    weiHeXiaoJinE: '0.00',
    faPiaoHeJi: '30000.00',
    buFaPiaoJinE: '5260.50',
    faPiao: [
      {
        faPiaoHaoMa: '31000000000012345678',
        kaiPiaoRiQi: '2026-03-06',
        faPiaoJinE: '20000.00',
        shuiLv: '6',
        shuiE: '1132.08',
        buHanShuiJinE: '18867.92',
      },
      { faPiaoHaoMa: '31000000000012345679', faPiaoJinE: '10000.00', shuiLv: '13', shuiE: '1150.44', buHanShuiJinE: '8849.56' },
    ],
    faPiaoFuJian: [file('1000000000000001201', '增值税专用发票.pdf')],
  },
  feiYongZhiFu: {
    shenQingDanHao: 'FYSQ202601150001',
    heXiaoDanHao: 'FYHX202603100001',
    laiYuanBiaoDan: 'feiYongShenQing',
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    heXiaoJinE: '35260.50',
    zhiFuJinE: '20000.00',
    zhiFuFangShi: pick('1000000000000000702', '银行转账'),
    zhiFuRiQi: '2026-03-20',
    shouKuanZhangHu: '中国工商银行上海南京东路支行 1001 2345 6789 0123',
    beiZhu: '首期付款',
  },
  yuFuKuan: {
    shenQingDanHao: 'FYSQ202601150001',
    laiYuanBiaoDan: 'feiYongShenQing',
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    shenQingJinE: '48000.00',
    yuFuJinE: '20000.00',
    zhiFuFangShi: pick('1000000000000000702', '银行转账'),
    zhiFuRiQi: '2026-01-20',
    shouKuanZhangHu: '中国工商银行上海南京东路支行 1001 2345 6789 0123',
    beiZhu: '活动启动预付',
  },
  huanKuan: {
    shenQingDanHao: 'FYSQ202601150001',
    yuFuDanHao: 'FYYF202601200001',
    laiYuanBiaoDan: 'feiYongShenQing',
    huoDongMingCheng: '2026春节华东KA堆头陈列',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    yuFuJinE: '20000.00',
    huanKuanJinE: '3500.00',
    huanKuanFangShi: pick('1000000000000000702', '银行转账'),
    huanKuanRiQi: '2026-04-10',
    beiZhu: '活动结余退回',
  },
  buFaPiaoShenQing: {
    heXiaoDanHao: 'FYHX202603100001',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    queFaPiaoJinE: '5260.50',
    faPiaoHeJi: '5260.50',
    faPiao: [{ faPiaoHaoMa: '31000000000012349999', kaiPiaoRiQi: '2026-04-02', faPiaoJinE: '5260.50', shuiLv: '6', shuiE: '297.76', buHanShuiJinE: '4962.74' }],
  },
  shiChangFeiYong: {
    huoDongMingCheng: '2026年度品牌抖音直播推广',
    chengDanBuMen: pick('1000000000000001301', '市场部'),
    chengBenZhongXin: pick('1000000000000001401', 'CC1001 市场推广'),
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    pinPai: [pick('1000000000000000801', '清风')],
    huoDongQiJian: ['2026-03-01', '2026-06-30'],
    feiYongKeMu: pick('1000000000000000502', '线上推广费'),
    yuSuanChi: pick('1000000000000000602', '2026全国品牌推广费'),
    zhiFuFangShi: pick('1000000000000000702', '银行转账'),
    yuGuJinE: '480000.00',
    shiFouYuTi: 'shi',
    yuTiJinE: '120000.00',
    xiangMuShuoMing: '与头部主播合作四场专场直播，含坑位费与佣金。',
  },
  zhuanXiangFeiYong: {
    zhuanXiangHuoDong: pick('1000000000000001501', '2026年618大促专项'),
    huoDongMingCheng: '618永辉超市联合促销',
    zhuanXiangJingLi: pick('1000000000000001601', '张伟'),
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    yuSuanChi: pick('1000000000000000603', '2026专项活动费用池'),
    jingXiaoShang: pick('1000000000000000302', '福州永辉供应链有限公司'),
    lianSuoXiTong: pick('1000000000000001701', '永辉超市'),
    huoDongQiJian: ['2026-06-01', '2026-06-18'],
    huoDongDiDian: { lng: 119.2965, lat: 26.0745, address: '福建省福州市鼓楼区' },
    mingXi: [
      { feiYongXiangMu: '促销员费用', shuLiang: 30, danJia: '300.00', jinE: '9000.00' },
      { feiYongXiangMu: '试用装', xiaoShouWuLiao: pick('1000000000000001801', '清风迷你装试用包'), shuLiang: 5000, danJia: '0.85', jinE: '4250.00' },
    ],
    zongJinE: '13250.00',
    fanLiJieTi: [
      { from: '0', to: '1000', value: '0' },
      { from: '1000', to: '3000', value: '1.50' },
      { from: '3000', to: null, value: '2.00' },
    ],
  },
  jingXiaoShang: {
    jingXiaoShangBianMa: 'JXS-SH-0001',
    jingXiaoShangMingCheng: '上海华联商贸有限公司',
    jianCheng: '华联商贸',
    suoShuZuZhi: pick('1000000000000001901', '华东大区'),
    yiJiQuDao: pick('1000000000000002001', '现代渠道'),
    heZuoZhuangTai: 'heZuoZhong',
    qianYueRiQi: '2019-04-01',
    lianXiRen: '王建国',
    lianXiDianHua: '021-63511234',
    diZhi: '上海市黄浦区南京东路100号',
    weiZhi: { lng: 121.4846, lat: 31.2388 },
    xinYongEDu: '2000000.00',
  },
  wangDian: {
    wangDianBianMa: 'WD-SH-000123',
    wangDianMingCheng: '联华超市（南京东路店）',
    suoShuJingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    lianSuoXiTong: pick('1000000000000001702', '联华超市'),
    wangDianLeiXing: 'chaoShi',
    wangDianDengJi: 'A',
    yeWuYuan: pick('1000000000000001601', '张伟'),
    mianJi: '1200.5',
    huoJiaShu: 86,
    diZhi: '上海市黄浦区南京东路300号',
  },
  tiYuSuan: {
    biaoTi: '2026财年区域预算',
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    muBanLeiXing: 'quYu',
    heJi: '3000.30',
    daoRuWenJian: '2026预算.xlsx',
    mingXi: [
      {
        _id: 'l1',
        buMen: pick('1000000000000002101', '华东大区销售部'),
        quDao: pick('1000000000000002201', '现代渠道'),
        feiYongKeMu: pick('1000000000000000501', '端架陈列费'),
        jinE: '1000.10',
      },
      {
        _id: 'l2',
        buMen: pick('1000000000000002102', '华南大区销售部'),
        quDao: pick('1000000000000002202', '电商渠道'),
        feiYongKeMu: pick('1000000000000000502', '海报DM费'),
        danPin: pick('1000000000000002301', '鲜活源100%橙汁'),
        jinE: '2000.20',
      },
    ],
  },
  yuSuanBianGeng: {
    bianGengLeiXing: 'transfer',
    yuanYuSuanChi: pick('1000000000000000601', '2026华东现代渠道陈列费'),
    muBiaoYuSuanChi: pick('1000000000000000602', '2026全国品牌推广费'),
    bianGengJinE: '50000.00',
    bianGengYuanYin: '二季度品牌推广追加，从华东陈列费调拨',
  },
  yuTi: {
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    yuTiQiJian: '2026-06',
    yuSuanChi: pick('1000000000000000601', '2026华东现代渠道陈列费'),
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    yuTiJinE: '88000.00',
    yuTiShuoMing: '6月端架陈列已执行、发票未到，按合同金额预提',
  },
};

/** Bad variants per form: a patch and the [field, code] pairs it must produce. */
const BAD: Record<string, [Record<string, unknown>, [string, string][]][]> = {
  feiYongShenQing: [
    [{ shenQingJinE: '36800.001' }, [['shenQingJinE', 'decimalPlaces']]],
    [{ shenQingJinE: '0.00' }, [['shenQingJinE', 'tooSmall']]],
    [{ huoDongQiJian: ['2026-03-01', '2026-02-01'] }, [['huoDongQiJian', 'dateRangeOrder']]],
    [
      { jingXiaoShang: undefined, feiYongKeMu: null },
      [
        ['jingXiaoShang', 'required'],
        ['feiYongKeMu', 'required'],
      ],
    ],
    [{ mingXi: [] }, [['mingXi', 'tooFewRows']]],
    [{ mingXi: [{ pinPai: pick('1', '清风'), shuLiang: '四百', danJia: '52' }] }, [['mingXi.0.shuLiang', 'notInteger']]],
    [{ shenPiZhuangTai: '1' }, [['shenPiZhuangTai', 'unknownField']]],
  ],
  feiYongJieAn: [
    // a line's actual amount may not be negative; the lines are required
    [{ mingXi: [{ shenQingHangId: 'a1', shenQingJinE: '100.00', shiJiJinE: '-1.00' }] }, [['mingXi.0.shiJiJinE', 'tooSmall']]],
    [{ mingXi: [] }, [['mingXi', 'tooFewRows']]],
    [{ jieAnRiQi: '2026-02-30' }, [['jieAnRiQi', 'invalidDate']]],
    [{ zhiXingQingKuang: '' }, [['zhiXingQingKuang', 'required']]],
  ],
  feiYongHeXiao: [
    [{ heXiaoFangShi: 'zhiPiao' }, [['heXiaoFangShi', 'notAnOption']]],
    [{ heXiaoJinE: 35260.5 }, [['heXiaoJinE', 'notDecimal']]],
    [{ faPiao: [{ faPiaoJinE: '100.00', shuiLv: '6' }] }, [['faPiao.0.faPiaoHaoMa', 'required']]],
    [{ faPiao: [{ faPiaoHaoMa: '1', faPiaoJinE: '100.00', shuiLv: '7' }] }, [['faPiao.0.shuiLv', 'notAnOption']]],
  ],
  feiYongZhiFu: [
    [{ zhiFuJinE: '0.00' }, [['zhiFuJinE', 'tooSmall']]],
    [{ zhiFuJinE: '100.001' }, [['zhiFuJinE', 'decimalPlaces']]],
    [{ zhiFuRiQi: undefined }, [['zhiFuRiQi', 'required']]],
  ],
  yuFuKuan: [
    [{ yuFuJinE: '0.00' }, [['yuFuJinE', 'tooSmall']]],
    [{ yuFuJinE: '100.001' }, [['yuFuJinE', 'decimalPlaces']]],
    [{ zhiFuRiQi: undefined }, [['zhiFuRiQi', 'required']]],
  ],
  huanKuan: [
    [{ huanKuanJinE: '0.00' }, [['huanKuanJinE', 'tooSmall']]],
    [{ huanKuanJinE: 3500 }, [['huanKuanJinE', 'notDecimal']]],
    [{ huanKuanRiQi: undefined }, [['huanKuanRiQi', 'required']]],
  ],
  buFaPiaoShenQing: [
    [{ faPiao: [] }, [['faPiao', 'tooFewRows']]],
    [{ faPiao: [{ faPiaoHaoMa: '1', faPiaoJinE: '0.00', shuiLv: '6' }] }, [['faPiao.0.faPiaoJinE', 'tooSmall']]],
  ],
  shiChangFeiYong: [
    [{ yuGuJinE: '48万' }, [['yuGuJinE', 'notDecimal']]],
    [{ huoDongMingCheng: '直'.repeat(101) }, [['huoDongMingCheng', 'tooLong']]],
  ],
  zhuanXiangFeiYong: [
    [{ fanLiJieTi: [{ from: '3000', to: '1000', value: '1' }] }, [['fanLiJieTi', 'tierOrder']]],
    [{ huoDongDiDian: { lng: 119.3, lat: 95 } }, [['huoDongDiDian', 'invalidValue']]],
    [{ mingXi: [{ feiYongXiangMu: '促销员费用', shuLiang: 0, danJia: '300.00' }] }, [['mingXi.0.shuLiang', 'tooSmall']]],
  ],
  jingXiaoShang: [
    [{ jingXiaoShangBianMa: 'J'.repeat(21) }, [['jingXiaoShangBianMa', 'tooLong']]],
    [{ heZuoZhuangTai: 'x' }, [['heZuoZhuangTai', 'notAnOption']]],
  ],
  wangDian: [
    [{ mianJi: '1200.55' }, [['mianJi', 'decimalPlaces']]],
    [{ huoJiaShu: 10000 }, [['huoJiaShu', 'tooLarge']]],
    [{ weiZhi: '121.48,31.23' }, [['weiZhi', 'invalidValue']]],
  ],
  tiYuSuan: [
    [{ mingXi: [] }, [['mingXi', 'tooFewRows']]],
    [
      { mingXi: [{ _id: 'l1', buMen: pick('1', '华东'), quDao: pick('2', '现代渠道'), feiYongKeMu: pick('3', '陈列'), jinE: '0.00' }] },
      [['mingXi.0.jinE', 'tooSmall']],
    ],
    [{ muBanLeiXing: 'x' }, [['muBanLeiXing', 'notAnOption']]],
  ],
  yuSuanBianGeng: [
    [{ bianGengJinE: '100.001' }, [['bianGengJinE', 'decimalPlaces']]],
    [{ bianGengLeiXing: 'x' }, [['bianGengLeiXing', 'notAnOption']]],
  ],
  yuTi: [
    [{ yuTiJinE: '0.00' }, [['yuTiJinE', 'tooSmall']]],
    [{ yuTiQiJian: '2026-006' }, [['yuTiQiJian', 'tooLong']]],
  ],
};

describe('catalog', () => {
  it('has the business forms with their form types', () => {
    const types = Object.fromEntries(CATALOG.map((d) => [d.code, d.formType]));
    expect(types).toMatchObject({
      feiYongShenQing: FORM_TYPES.EXPENSE_APPLICATION.code,
      feiYongJieAn: FORM_TYPES.SETTLEMENT.code,
      feiYongHeXiao: FORM_TYPES.WRITE_OFF.code,
      feiYongZhiFu: FORM_TYPES.PAYMENT.code,
      buFaPiaoShenQing: FORM_TYPES.GENERIC.code,
      shiChangFeiYong: FORM_TYPES.MARKET_EXPENSE.code,
      zhuanXiangFeiYong: FORM_TYPES.SPECIAL_PROJECT.code,
      jingXiaoShang: FORM_TYPES.GENERIC.code,
      wangDian: FORM_TYPES.GENERIC.code,
      yuFuKuan: FORM_TYPES.GENERIC.code,
      huanKuan: FORM_TYPES.GENERIC.code,
    });
    expect(CATALOG_BY_CODE.get('feiYongJieAn')!.viewOf).toBe('feiYongShenQing');
    expect(CATALOG_BY_CODE.get('feiYongHeXiao')!.viewOf).toBe('feiYongShenQing');
  });

  it.each(CATALOG.map((d) => [d.code, d] as const))('%s is a valid definition with list settings and labels in every locale', (_code, def) => {
    expect(validateDefinition(def).errors).toEqual([]);
    expect(migrateDefinition(def)).toEqual(def);
    expect(def.list?.columns.length).toBeGreaterThan(3);
    const all: FieldDefinition[] = def.fields.flatMap((f) => [f, ...columnsOf(f)]);
    for (const f of all) for (const l of LOCALES) expect(f.label[l], `${f.key} ${l}`).toBeTruthy();
    for (const l of LOCALES) expect(def.name[l]).toBeTruthy();
  });

  it('every form of the expense chain and the master data has its sample record', () => {
    for (const code of Object.keys(SAMPLES)) expect(CATALOG_BY_CODE.has(code), code).toBe(true);
    expect(Object.keys(SAMPLES)).toEqual(expect.arrayContaining(['feiYongShenQing', 'feiYongJieAn', 'feiYongHeXiao', 'feiYongZhiFu', 'buFaPiaoShenQing']));
  });

  // forms of other parts carry their own sample tests (settings.test.ts …)
  it.each(CATALOG.filter((d) => SAMPLES[d.code]).map((d) => [d.code, d] as const))('%s: a realistic record passes, bad ones fail', (code, def) => {
    const v = compileRecordSchema(def, FORM_MODES.ADD);
    const sample = SAMPLES[code];
    expect(sample, `sample for ${code}`).toBeDefined();
    expect(v.validate(sample).errors).toEqual([]);
    // the sample fills every required field: an empty record fails on each of them
    const empty = v.validate({});
    expect(empty.errors.map((e) => e.field).sort()).toEqual(
      def.fields
        .filter((f) => f.required)
        .map((f) => f.key)
        .sort(),
    );
    expect(empty.errors.every((e) => e.code === 'required')).toBe(true);
    expect(compileRecordSchema(def, FORM_MODES.ADD, { draft: true }).validate({}).valid).toBe(true);
    for (const [patch, expected] of BAD[code] ?? []) {
      const data: Record<string, unknown> = { ...sample, ...patch };
      for (const [k, val] of Object.entries(patch)) if (val === undefined) delete data[k];
      const r = v.validate(data);
      expect(
        r.errors.map((e) => [e.field, e.code]),
        JSON.stringify(patch),
      ).toEqual(expected);
      expect(r.errors.every((e) => /[\u4e00-\u9fff]/.test(e.message))).toBe(true);
    }
    expect(BAD[code]?.length).toBeGreaterThan(1);
  });

  it('the expense application has the detail sub-form, its formulas and the attachment rule', () => {
    const def = CATALOG_BY_CODE.get('feiYongShenQing')!;
    const mingXi = def.fields.find((f) => f.key === 'mingXi')!;
    expect(mingXi.type).toBe(TC.SUB_FORM);
    expect(columnsOf(mingXi).map((c) => c.type)).toEqual(expect.arrayContaining([TC.BRAND, TC.INTEGER, TC.DECIMAL]));
    expect(def.formulas!.map((f) => f.target)).toEqual(['mingXi.jinE', 'shenQingJinE']);
    expect(def.rules![0]).toMatchObject({ when: { '>': [{ var: 'shenQingJinE' }, 50000] }, then: [{ action: 'require', target: 'fuJian' }] });
    expect(def.fields.filter((f) => f.type === TC.DIVIDER).length).toBeGreaterThanOrEqual(3);
  });

  it('the expense chain derives: settlement from any application, write-off from a settlement, payment from a write-off; every source key exists in some source', () => {
    const chain: [string, string[], string][] = [
      ['feiYongJieAn', ['feiYongShenQing', 'shiChangFeiYong', 'zhuanXiangFeiYong'], 'settles'],
      ['feiYongHeXiao', ['feiYongJieAn'], 'writesOff'],
      ['feiYongZhiFu', ['feiYongHeXiao'], 'pays'],
    ];
    const systemKeys = new Set(['number', 'formCode', 'id', 'title']);
    for (const [code, from, kind] of chain) {
      const def = CATALOG_BY_CODE.get(code)!;
      expect(def.derive).toMatchObject({ from, kind });
      const sources = from.map((f) => CATALOG_BY_CODE.get(f)!);
      for (const src of sources) expect(checkDeriveSource(def, src), `${code} ← ${src.code}`).toEqual([]);
      for (const m of def.derive!.fields)
        expect(systemKeys.has(m.from) || sources.some((s) => s.fields.some((f) => f.key === m.from)), `${code}.${m.to} ← ${m.from}`).toBe(true);
      for (const r of def.derive!.rows ?? [])
        for (const m of r.fields)
          expect(
            m.from === '_id' || sources.some((s) => columnsOf(s.fields.find((f) => f.key === r.from) ?? s.fields[0]).some((c) => c.key === m.from)),
            `${code}.${r.to}.${m.to} ← ${m.from}`,
          ).toBe(true);
      // the source application's form code travels down the chain (special-project lists filter on it)
      expect(def.derive!.fields).toContainEqual({ to: 'laiYuanBiaoDan', from: code === 'feiYongJieAn' ? 'formCode' : 'laiYuanBiaoDan' });
    }
    const ja = CATALOG_BY_CODE.get('feiYongJieAn')!;
    expect(ja.derive!.rows![0].fields).toEqual(
      expect.arrayContaining([
        { to: 'shenQingHangId', from: '_id' },
        { to: 'shenQingJinE', from: 'jinE' },
        { to: 'shiJiJinE', from: 'jinE' },
      ]),
    );
    expect(CATALOG_BY_CODE.get('feiYongZhiFu')!.processCode).toBeUndefined();
    // a single-source derive stays strict: a key its source lacks is an error
    const strict = structuredClone(CATALOG_BY_CODE.get('feiYongHeXiao')!);
    strict.derive!.fields.push({ to: 'beiZhu', from: 'nope' });
    expect(checkDeriveSource(strict, ja).map((e) => e.code)).toEqual(['deriveUnknownSource']);
  });

  it('prepayment derives from an approved application (any of the three), repayment from a prepayment; both without a process, with a kept void reason', () => {
    const systemKeys = new Set(['number', 'formCode', 'id', 'title']);
    for (const [code, from] of [
      ['yuFuKuan', ['feiYongShenQing', 'shiChangFeiYong', 'zhuanXiangFeiYong']],
      ['huanKuan', ['yuFuKuan']],
    ] as const) {
      const def = CATALOG_BY_CODE.get(code)!;
      expect(def.derive).toMatchObject({ from, kind: 'derives' });
      const sources = from.map((f) => CATALOG_BY_CODE.get(f)!);
      for (const src of sources) expect(checkDeriveSource(def, src), `${code} ← ${src.code}`).toEqual([]);
      for (const m of def.derive!.fields)
        expect(systemKeys.has(m.from) || sources.some((s) => s.fields.some((f) => f.key === m.from)), `${code}.${m.to} ← ${m.from}`).toBe(true);
      expect(def.processCode).toBeUndefined();
      expect(def.fields.find((f) => f.key === 'zuoFeiYuanYin')).toMatchObject({ readonly: true });
    }
  });

  it('every seeded process is valid against its form, and every form with a processCode has its process', () => {
    const codes = CATALOG_PROCESSES.map((p) => p.code);
    expect(
      CATALOG.filter((d) => d.processCode)
        .map((d) => d.processCode)
        .sort(),
    ).toEqual([...codes].sort());
    for (const p of CATALOG_PROCESSES) {
      const form = CATALOG_BY_CODE.get(p.formCode!)!;
      expect(form.processCode).toBe(p.code);
      expect(validateProcessDefinition(p, 'zh-CN', form).errors).toEqual([]);
    }
  });
});

/** The seeded organisation as the process directory sees it (server/seed: H3's people and matrix). */
function seededDirectory(): Directory {
  const u = (id: string, username: string, name: string, departmentId: string, more: Partial<DirectoryUser> = {}): DirectoryUser => ({
    id,
    username,
    name,
    departmentId,
    postCode: null,
    roleCodes: ['employee'],
    groupCodes: [],
    active: true,
    isAdmin: false,
    ...more,
  });
  return {
    users: {
      '2000000000000000001': u('2000000000000000001', 'admin', '系统管理员', 'd40', { isAdmin: true }),
      '2000000000000000002': u('2000000000000000002', 'zhangwei', '张伟', 'd11'),
      '2000000000000000003': u('2000000000000000003', 'lina', '李娜', 'd11', { roleCodes: ['employee', 'deptLeader'] }),
      '2000000000000000004': u('2000000000000000004', 'xuqiang', '徐强', 'd10', { postCode: 'P04' }),
      '2000000000000000005': u('2000000000000000005', 'sunli', '孙丽', 'd30', { roleCodes: ['employee', 'caiWuZhuGuan'] }),
    },
    // as seeded: only the area managers lead their departments (lina: 华东)
    departments: {
      d00: { id: 'd00', code: 'D00', name: '总部', parentId: null, leaderUserId: null },
      d10: { id: 'd10', code: 'D10', name: '销售中心', parentId: 'd00', leaderUserId: null },
      d11: { id: 'd11', code: 'D11', name: '华东大区销售部', parentId: 'd10', leaderUserId: '2000000000000000003' },
      d20: { id: 'd20', code: 'D20', name: '市场部', parentId: 'd00', leaderUserId: null },
      d30: { id: 'd30', code: 'D30', name: '财务部', parentId: 'd00', leaderUserId: null },
      d40: { id: 'd40', code: 'D40', name: '信息技术部', parentId: 'd00', leaderUserId: null },
    },
    matrices: {
      quYuShenPiJuZhen: {
        code: 'quYuShenPiJuZhen',
        keys: ['jingXiaoShang'],
        columns: ['quYuZongJian'],
        rows: ['1000000000000000301', '1000000000000000302'].map((id) => ({ keys: { jingXiaoShang: id }, cells: { quYuZongJian: ['2000000000000000004'] } })),
      },
    },
    adminUserId: '2000000000000000001',
  };
}

describe('seeded processes', () => {
  const directory = seededDirectory();
  const who = (ids: string[]) => ids.map((id) => directory.users[id].username);

  it('the expense application: department manager, a condition on the amount, the matrix director, finance, cc the applicant', () => {
    const p = CATALOG_PROCESSES.find((x) => x.code === 'feiYongShenQingLiuCheng')!;
    expect(p.nodes.map((n) => [n.id, n.type])).toEqual([
      ['start', 'start'],
      ['buMenJingLi', 'approve'],
      ['jinEPanDuan', 'condition'],
      ['quYuZongJian', 'approve'],
      ['caiWuShenPi', 'approve'],
      ['chaoSong', 'cc'],
      ['end', 'end'],
    ]);
    const byId = Object.fromEntries(p.nodes.map((n) => [n.id, n]));
    expect(byId.buMenJingLi).toMatchObject({ assignee: { kind: 'deptLeader' }, returnRule: { targets: ['applicant'], resubmit: 'start' } });
    expect(byId.quYuZongJian).toMatchObject({
      assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' },
      returnRule: { targets: ['applicant', 'previous', 'any'], resubmit: 'returningNode' },
    });
    expect(byId.caiWuShenPi).toMatchObject({
      assignee: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] },
      method: 'any',
      returnRule: { targets: ['applicant', 'previous'] },
    });
    expect(byId.chaoSong.assignee).toEqual({ kind: 'applicant' });
    // the gate: above 50,000 to the director, else (the default) to finance
    const out = p.edges.filter((e) => e.source === 'jinEPanDuan');
    const cond = out.find((e) => e.condition)!;
    expect([cond.target, out.find((e) => !e.condition)!.target]).toEqual(['quYuZongJian', 'caiWuShenPi']);
    const form = CATALOG_BY_CODE.get('feiYongShenQing')!;
    const scope = {
      fields: new Set(form.fields.map((f) => f.key)),
      subForms: new Map([['mingXi', new Set(columnsOf(form.fields.find((f) => f.key === 'mingXi')!).map((c) => c.key))]]),
    };
    const goesBig = (amount: string) => truthy(evaluate(compileExpression(cond.condition, scope), { ...SAMPLES.feiYongShenQing, shenQingJinE: amount }));
    expect([goesBig('36800.00'), goesBig('50000.00'), goesBig('50000.01'), goesBig('120000.00')]).toEqual([false, false, true, true]);
  });

  it.each(CATALOG_PROCESSES.map((p) => [p.code, p] as const))('%s: every approver and cc node resolves to seeded people for zhangwei', (_code, p) => {
    const data = SAMPLES[p.formCode!];
    const expected: Record<string, string[]> = {
      buMenJingLi: ['lina'],
      quYuZongJian: ['xuqiang'],
      caiWuShenPi: ['sunli'],
      chaoSong: ['zhangwei'],
    };
    const people = p.nodes.filter((n) => (n.type === 'approve' || n.type === 'cc') && n.id !== 'chengDanBuMenShenPi');
    expect(people.length).toBeGreaterThan(1);
    for (const node of people) {
      const r = resolveNode({ node, data, applicantId: '2000000000000000002', picks: {}, directory });
      expect(r.empty, `${p.code} ${node.id}`).toBeUndefined();
      expect(who(r.userIds), `${p.code} ${node.id}`).toEqual(expected[node.id]);
    }
  });

  it('the market expense: the cost-bearing department head approves when it has one, else the node passes', () => {
    const p = CATALOG_PROCESSES.find((x) => x.code === 'shiChangFeiYongLiuCheng')!;
    const node = p.nodes.find((n) => n.id === 'chengDanBuMenShenPi')!;
    const resolve = (dept: { id: string; name: string }) =>
      resolveNode({ node, data: { ...SAMPLES.shiChangFeiYong, chengDanBuMen: dept }, applicantId: '2000000000000000002', picks: {}, directory });
    expect(resolve({ id: 'd11', name: '华东大区销售部' })).toMatchObject({ userIds: ['2000000000000000003'] });
    expect(resolve({ id: 'd20', name: '市场部' })).toMatchObject({ userIds: [], empty: 'autoPass' });
    expect(node.skipIfApproved).toBe(true);
  });
});
