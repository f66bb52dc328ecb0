// A form's opening data: defaults fill what a new document lacks — blank, or prefilled from its
// source (a write-off derived from a settlement still opens with 票扣) — and never a stored record.
import { describe, expect, it } from 'vitest';
import { FORM_MODES, TC, type FormDefinition } from '../../schemas';
import { initialData } from './initialData';

const def = {
  schemaVersion: 1,
  code: 'heXiaoTest',
  name: { 'zh-CN': '核销' },
  version: 1,
  formType: 0,
  fields: [
    { key: 'shenQingDanHao', type: TC.TEXT, label: { 'zh-CN': '申请单号' } },
    { key: 'heXiaoFangShi', type: TC.RADIO, label: { 'zh-CN': '核销方式' }, default: 'piaoKou', options: [{ value: 'piaoKou', label: { 'zh-CN': '票扣' } }] },
    {
      key: 'faPiao',
      type: TC.SUB_FORM,
      label: { 'zh-CN': '发票' },
      fields: [
        { key: 'faPiaoHaoMa', type: TC.TEXT, label: { 'zh-CN': '号码' } },
        { key: 'shuiLv', type: TC.TEXT, label: { 'zh-CN': '税率' }, default: '6' },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('initialData', () => {
  it('gives a new blank document its defaults', () => {
    expect(initialData(def, FORM_MODES.ADD, null)).toMatchObject({ heXiaoFangShi: 'piaoKou', faPiao: [] });
  });

  it('gives a new document prefilled from its source the defaults of what the source did not fill (rows too)', () => {
    const d = initialData(def, FORM_MODES.ADD, { data: { shenQingDanHao: 'FYSQ1', faPiao: [{ faPiaoHaoMa: '001' }] } });
    expect(d).toMatchObject({ shenQingDanHao: 'FYSQ1', heXiaoFangShi: 'piaoKou' });
    expect((d.faPiao as Record<string, unknown>[])[0]).toMatchObject({ faPiaoHaoMa: '001', shuiLv: '6' });
  });

  it('never fills a stored record with defaults, in any mode', () => {
    for (const mode of [FORM_MODES.ADD, FORM_MODES.MODIFY, FORM_MODES.VIEW]) {
      const d = initialData(def, mode, { id: '1000000000000000001', data: { shenQingDanHao: 'FYSQ1' } });
      expect(d.heXiaoFangShi).toBeUndefined();
    }
  });
});
