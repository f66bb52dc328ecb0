import { describe, expect, it } from 'vitest';
import { EXPENSE_SETUP_FORMS, SETTINGS_CATALOG, TPM_SETTINGS_FORMS, settingsDefaults } from './settings';
import { CATALOG } from './index';
import { validateDefinition } from '../validateDefinition';
import { compileRecordSchema } from '../compileRecordSchema';
import { migrateDefinition } from '../migrations';
import { FORM_MODES, TC } from '../typeCodes';
import { LOCALES } from '../constants';
import type { FormDefinition } from '../definition';

const byCode = new Map(SETTINGS_CATALOG.map((d) => [d.code, d]));
const field = (code: string, key: string) => byCode.get(code)!.fields.find((f) => f.key === key);
const validator = (def: FormDefinition) => compileRecordSchema(def, FORM_MODES.ADD);

/** docs/expense.md "TPM parameter settings the lifecycle reads": form, key, type, default. */
const LIFECYCLE_KEYS: [string, string, number, unknown][] = [
  ['yuSuanSheZhi', 'ruanKongRongChaBaiFenBi', TC.DECIMAL, '10'],
  ['yuSuanSheZhi', 'moRenKongZhiFangShi', TC.SELECT, 'hard'],
  ['feiYongShenQingSheZhi', 'caiWuNianXiaoYan', TC.RADIO, '1'],
  ['feiYongJieAnSheZhi', 'yunXuChaoShenQing', TC.RADIO, '0'],
  ['feiYongHeXiaoSheZhi', 'heXiaoQiXianTian', TC.INTEGER, 365],
  ['feiYongHeXiaoSheZhi', 'biXuFaPiao', TC.RADIO, '1'],
  ['feiYongZhiFuSheZhi', 'yunXuBuFenZhiFu', TC.RADIO, '1'],
];

const pick = (id: string, name: string) => ({ id, name });

/** One realistic record per set-up form. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  feiYongSheZhi: {
    feiYongLeiXingBianMa: 'CL-DT',
    feiYongLeiXingMingCheng: '堆头陈列费',
    feiYongKeMu: pick('1000000000000000501', '陈列费-堆头'),
    kongZhiLeiXing: 'soft',
    xuJianHe: '1',
    xuFaPiao: '1',
    qiYong: '1',
  },
  jianHeHuiBao: {
    jianHeRen: pick('1000000000000001601', '张伟'),
    jianHeRiQi: '2026-03-02',
    jingXiaoShang: pick('1000000000000000301', '上海华联商贸有限公司'),
    wangDian: pick('1000000000000000401', '联华超市（南京东路店）'),
    shenQingDanHao: 'FYSQ202601150001',
    jianHeJieGuo: 'zhengGai',
    pingFen: 72,
    wenTiMiaoShu: '堆头缺少价格牌，清风系列排面不足 3 个。',
    zhengGaiYaoQiu: '三日内补齐价格牌并拍照回传。',
  },
  zhuanXiangHuoDong: {
    huoDongBianMa: 'ZX-2026-618',
    huoDongMingCheng: '2026年618大促专项',
    zhuanXiangJingLi: pick('1000000000000001601', '张伟'),
    caiWuNian: pick('1000000000000000201', 'FY2026'),
    huoDongQiJian: ['2026-05-20', '2026-06-20'],
    yuSuanJinE: '800000.00',
    zhuangTai: 'jinXingZhong',
  },
  zhuanXiangJingLiZhuanJiao: {
    zhuanXiangHuoDong: pick('1000000000000001501', '2026年618大促专项'),
    zhuanJiaoRiQi: '2026-06-05',
    yuanJingLi: pick('1000000000000001601', '张伟'),
    xinJingLi: pick('1000000000000001602', '李娜'),
    zhuanJiaoZaiTuDanJu: '1',
    zhuanJiaoYuanYin: '原专项经理调岗至华南大区。',
  },
  geAnShiYongQingKuang: {
    zhuanXiangHuoDong: pick('1000000000000001501', '2026年618大促专项'),
    shenQingDanHao: 'ZXFY202606010003',
    jingXiaoShang: pick('1000000000000000302', '福州永辉供应链有限公司'),
    shiYongRiQi: '2026-06-18',
    shenQingJinE: '13250.00',
    shiYongJinE: '12980.50',
    jieYuJinE: '269.50',
  },
};

describe('settings catalog', () => {
  it('has the 13 TPM settings of spec §2 and the five set-up forms, none of them a CATALOG code', () => {
    expect(TPM_SETTINGS_FORMS.map((d) => d.code)).toEqual([
      'feiYongJieAnSheZhi',
      'feiYongYuTiSheZhi',
      'feiYongHeXiaoSheZhi',
      'feiYongZhiFuSheZhi',
      'feiYongYuFuSheZhi',
      'tiHuoJiHuaSheZhi',
      'yuSuanSheZhi',
      'feiYongShenQingSheZhi',
      'feiYongShenPiSheZhi',
      'feiYongJianHeSheZhi',
      'feiYongFenXiSheZhi',
      'xiaoShouMuBiaoSheZhi',
      'qiTaCanShuSheZhi',
    ]);
    expect(EXPENSE_SETUP_FORMS.map((d) => d.code)).toEqual([
      'feiYongSheZhi',
      'jianHeHuiBao',
      'zhuanXiangHuoDong',
      'zhuanXiangJingLiZhuanJiao',
      'geAnShiYongQingKuang',
    ]);
    const codes = SETTINGS_CATALOG.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const d of CATALOG) expect(codes).not.toContain(d.code);
  });

  it.each(SETTINGS_CATALOG.map((d) => [d.code, d] as const))('%s is a valid definition with labels in every locale and list settings', (_code, def) => {
    expect(validateDefinition(def).errors).toEqual([]);
    expect(migrateDefinition(def)).toEqual(def);
    expect(def.formType).toBe(0);
    expect(def.processCode).toBeUndefined();
    for (const l of LOCALES) {
      expect(def.name[l]).toBeTruthy();
      expect(def.description?.[l]).toBeTruthy();
      for (const f of def.fields) {
        expect(f.label[l], `${f.key} ${l}`).toBeTruthy();
        if (f.help) expect(f.help[l], `${f.key} help ${l}`).toBeTruthy();
        for (const o of f.options ?? []) expect(o.label[l], `${f.key}=${o.value} ${l}`).toBeTruthy();
      }
    }
    expect(def.list?.columns.length).toBeGreaterThan(3);
  });

  it.each(TPM_SETTINGS_FORMS.map((d) => [d.code, d] as const))(
    '%s: its defaults make a valid record, every parameter has a default and bounds',
    (_code, def) => {
      const v = validator(def);
      const defaults = settingsDefaults(def);
      expect(v.validate(defaults).errors).toEqual([]);
      const params = def.fields.filter((f) => f.type !== TC.DIVIDER && f.key !== 'beiZhu');
      expect(params.length).toBeGreaterThanOrEqual(4);
      for (const f of params) {
        expect(f.required, f.key).toBe(true);
        expect(f.default, f.key).toBeDefined();
        if (f.type === TC.INTEGER || f.type === TC.DECIMAL) expect(f.min, f.key).toBeDefined();
        if (f.type === TC.RADIO)
          expect(f.options!.map((o) => [o.value, o.label['zh-CN']])).toEqual([
            ['1', '是'],
            ['0', '否'],
          ]);
      }
      // an empty record names each parameter as required
      expect(
        v
          .validate({})
          .errors.map((e) => e.field)
          .sort(),
      ).toEqual(params.map((f) => f.key).sort());
    },
  );

  it.each(LIFECYCLE_KEYS)('%s.%s is the type and default docs/expense.md gives', (code, key, type, def) => {
    const f = field(code, key);
    expect(f, `${code}.${key}`).toBeDefined();
    expect(f!.type).toBe(type);
    expect(f!.default).toBe(def);
    expect(settingsDefaults(byCode.get(code)!)[key]).toBe(def);
  });

  it('the control mode offers hard / soft / none as 刚性 / 柔性 / 不控制; the tolerance is a percent 0–100', () => {
    expect(field('yuSuanSheZhi', 'moRenKongZhiFangShi')!.options!.map((o) => [o.value, o.label['zh-CN']])).toEqual([
      ['hard', '刚性'],
      ['soft', '柔性'],
      ['none', '不控制'],
    ]);
    const tol = field('yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')!;
    expect([tol.min, tol.max, tol.precision]).toEqual(['0', '100', 2]);
  });

  it('out-of-range or foreign values fail with a message in Chinese', () => {
    const cases: [string, Record<string, unknown>, [string, string][]][] = [
      ['yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '150' }, [['ruanKongRongChaBaiFenBi', 'tooLarge']]],
      ['yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '-1' }, [['ruanKongRongChaBaiFenBi', 'tooSmall']]],
      ['yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '12.345' }, [['ruanKongRongChaBaiFenBi', 'decimalPlaces']]],
      ['yuSuanSheZhi', { ruanKongRongChaBaiFenBi: 12.5 }, [['ruanKongRongChaBaiFenBi', 'notDecimal']]],
      ['yuSuanSheZhi', { moRenKongZhiFangShi: 'strict' }, [['moRenKongZhiFangShi', 'notAnOption']]],
      ['feiYongJieAnSheZhi', { yunXuChaoShenQing: '2' }, [['yunXuChaoShenQing', 'notAnOption']]],
      ['feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 0 }, [['heXiaoQiXianTian', 'tooSmall']]],
      ['feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 36.5 }, [['heXiaoQiXianTian', 'notInteger']]],
      ['feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 5000 }, [['heXiaoQiXianTian', 'tooLarge']]],
    ];
    for (const [code, patch, expected] of cases) {
      const def = byCode.get(code)!;
      const r = validator(def).validate({ ...settingsDefaults(def), ...patch });
      expect(
        r.errors.map((e) => [e.field, e.code]),
        `${code} ${JSON.stringify(patch)}`,
      ).toEqual(expected);
      expect(r.errors.every((e) => /[\u4e00-\u9fff]/.test(e.message))).toBe(true);
    }
  });

  it.each(EXPENSE_SETUP_FORMS.map((d) => [d.code, d] as const))(
    '%s: a realistic record passes, an empty one fails on exactly its required fields',
    (code, def) => {
      const v = validator(def);
      expect(v.validate(SAMPLES[code]).errors).toEqual([]);
      expect(
        v
          .validate({})
          .errors.map((e) => e.field)
          .sort(),
      ).toEqual(
        def.fields
          .filter((f) => f.required)
          .map((f) => f.key)
          .sort(),
      );
    },
  );

  it('expense types: code, name, subject, control type, inspection, invoice, enabled; inspection reports: inspector, outlet, dealer, date, result, score, photos, issues', () => {
    const keys = (code: string) => byCode.get(code)!.fields.map((f) => [f.key, f.type]);
    expect(keys('feiYongSheZhi')).toEqual(
      expect.arrayContaining([
        ['feiYongLeiXingBianMa', TC.CODE],
        ['feiYongLeiXingMingCheng', TC.TEXT],
        ['feiYongKeMu', TC.EXPENSE_SUBJECT],
        ['kongZhiLeiXing', TC.SELECT],
        ['xuJianHe', TC.RADIO],
        ['xuFaPiao', TC.RADIO],
        ['qiYong', TC.RADIO],
      ]),
    );
    expect(keys('jianHeHuiBao')).toEqual(
      expect.arrayContaining([
        ['jianHeRen', TC.EMPLOYEE],
        ['wangDian', TC.OUTLET],
        ['jingXiaoShang', TC.DEALER],
        ['jianHeRiQi', TC.DATE],
        ['jianHeJieGuo', TC.SELECT],
        ['pingFen', TC.INTEGER],
        ['xianChangZhaoPian', TC.IMAGE],
        ['wenTiMiaoShu', TC.TEXTAREA],
      ]),
    );
    const bad = validator(byCode.get('jianHeHuiBao')!).validate({ ...SAMPLES.jianHeHuiBao, pingFen: 101 });
    expect(bad.errors.map((e) => [e.field, e.code])).toEqual([['pingFen', 'tooLarge']]);
  });
});
