import { describe, expect, it } from 'vitest';
import { CATALOG_BY_CODE } from './catalog';
import { DEFINITION_SCHEMA_VERSION, type FormDefinition } from './definition';
import { FORM_MODES, TC } from './typeCodes';
import { evaluateRuleEffects, withFormulaResults } from './ruleEffects';
import { compileRecordSchema } from './compileRecordSchema';

const application = CATALOG_BY_CODE.get('feiYongShenQing')!;

function form(extra: Partial<FormDefinition>): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'ruleForm',
    name: { 'zh-CN': '规则表单' },
    version: 1,
    formType: 0,
    fields: [
      {
        key: 'channel',
        type: TC.SELECT,
        label: { 'zh-CN': '渠道' },
        options: [
          { value: 'KA', label: { 'zh-CN': '现代渠道' } },
          { value: 'TT', label: { 'zh-CN': '传统渠道' } },
        ],
      },
      { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '金额' }, precision: 2 },
      { key: 'contract', type: TC.TEXT, label: { 'zh-CN': '合同编号' } },
      { key: 'store', type: TC.TEXT, label: { 'zh-CN': '门店' }, required: true },
      { key: 'note', type: TC.TEXT, label: { 'zh-CN': '备注' }, hidden: true },
      {
        key: 'lines',
        type: TC.SUB_FORM,
        label: { 'zh-CN': '明细' },
        fields: [
          { key: 'qty', type: TC.INTEGER, label: { 'zh-CN': '数量' } },
          { key: 'price', type: TC.DECIMAL, label: { 'zh-CN': '单价' }, precision: 2 },
          { key: 'total', type: TC.DECIMAL, label: { 'zh-CN': '金额' }, precision: 2 },
          { key: 'photo', type: TC.IMAGE, label: { 'zh-CN': '照片' } },
        ],
      },
    ],
    ...extra,
  };
}

describe('evaluateRuleEffects', () => {
  it('requires the attachment of an application over 50,000 — from the recomputed total, not the claimed one', () => {
    const lines = [{ pinPai: { id: '1', name: '品牌' }, shuLiang: 100, danJia: '600.00' }];
    const big = evaluateRuleEffects(application, { shenQingJinE: '1.00', mingXi: lines }, FORM_MODES.ADD);
    expect(big.data.shenQingJinE).toBe('60000.00');
    expect(big.required).toContain('fuJian');
    const small = evaluateRuleEffects(application, { shenQingJinE: '1.00', mingXi: [{ ...lines[0], shuLiang: 10 }] }, FORM_MODES.ADD);
    expect(small.data.shenQingJinE).toBe('6000.00');
    expect(small.required).not.toContain('fuJian');
    // the computed total is not required of the user (the client computes it), the rows' inputs are
    expect(big.required).not.toContain('shenQingJinE');
    expect(big.required).toEqual(expect.arrayContaining(['mingXi.shuLiang', 'mingXi.danJia', 'jingXiaoShang']));
    expect(big.problems).toEqual([]);
  });

  it('applies require/optional, hide/show and readonly; hidden or read-only fields are never required', () => {
    const def = form({
      rules: [
        {
          id: 'ka',
          when: { '==': [{ var: 'channel' }, 'KA'] },
          then: [
            { action: 'require', target: 'contract' },
            { action: 'show', target: 'note' },
            { action: 'require', target: 'note' },
          ],
        },
        {
          id: 'tt',
          when: { '==': [{ var: 'channel' }, 'TT'] },
          then: [
            { action: 'hide', target: 'store' },
            { action: 'require', target: 'lines.photo' },
          ],
        },
        {
          id: 'big',
          when: { '>': [{ var: 'amount' }, '1000'] },
          then: [{ action: 'readonly', target: 'contract' }],
          otherwise: [{ action: 'editable', target: 'contract' }],
        },
      ],
    });
    const none = evaluateRuleEffects(def, {}, FORM_MODES.ADD);
    expect(none.required).toEqual(['store']);
    expect(none.hidden).toEqual(['note']);

    const ka = evaluateRuleEffects(def, { channel: 'KA', amount: '10.00' }, FORM_MODES.ADD);
    expect(ka.required).toEqual(['contract', 'note', 'store']);
    expect(ka.hidden).toEqual([]);

    const tt = evaluateRuleEffects(def, { channel: 'TT' }, FORM_MODES.ADD);
    expect(tt.required).toEqual(['lines.photo']);
    expect(tt.hidden).toEqual(['note', 'store']);

    // "10.00" > "1000" is false as decimals (not as strings): editable; "2000.5" makes it read-only
    const kaBig = evaluateRuleEffects(def, { channel: 'KA', amount: '2000.5' }, FORM_MODES.ADD);
    expect(kaBig.readonly).toContain('contract');
    expect(kaBig.required).not.toContain('contract');
  });

  it('no rule lifts a hard limit: a permission-hidden field stays hidden; view requires nothing', () => {
    const def = form({
      permissions: { modes: { '0': { note: 'hidden' } } },
      rules: [
        {
          id: 'show',
          when: { '==': [{ var: 'channel' }, 'KA'] },
          then: [
            { action: 'show', target: 'note' },
            { action: 'require', target: 'note' },
          ],
        },
      ],
    });
    const add = evaluateRuleEffects(def, { channel: 'KA' }, FORM_MODES.ADD);
    expect(add.hidden).toContain('note');
    expect(add.required).not.toContain('note');
    const modify = evaluateRuleEffects(def, { channel: 'KA' }, FORM_MODES.MODIFY);
    expect(modify.required).toContain('note');
    expect(evaluateRuleEffects(def, { channel: 'KA' }, FORM_MODES.VIEW).required).toEqual([]);
  });

  it('recomputes formulas (row and form scope) and setValue; only formula results are written back', () => {
    const def = form({
      formulas: [
        { id: 'lineTotal', target: 'lines.total', expression: { round: [{ '*': [{ var: 'qty' }, { var: 'price' }] }, 2] }, precision: 2 },
        { id: 'sum', target: 'amount', expression: { colSum: ['lines', 'total'] }, precision: 2 },
      ],
      rules: [
        {
          id: 'tag',
          when: { '>=': [{ var: 'amount' }, 100] },
          then: [{ action: 'setValue', target: 'contract', value: { cat: ['HT-', { var: 'channel' }] } }],
        },
      ],
    });
    const input = { channel: 'KA', amount: '0.01', contract: 'mine', lines: [{ qty: 3, price: '33.35' }, null, { qty: 1, price: '0.1' }] };
    const fx = evaluateRuleEffects(def, input, FORM_MODES.ADD);
    expect(fx.data.amount).toBe('100.15');
    expect((fx.data.lines as Record<string, unknown>[])[2].total).toBe('0.10');
    expect(fx.data.contract).toBe('HT-KA');
    expect(fx.formulaPaths).toEqual(['amount', 'lines.0.total', 'lines.2.total']);
    expect(fx.setValuePaths).toEqual(['contract']);
    expect(input.amount).toBe('0.01'); // the input is not changed
    const stored = withFormulaResults(input, fx);
    expect(stored).toEqual({
      channel: 'KA',
      amount: '100.15',
      contract: 'mine',
      lines: [{ qty: 3, price: '33.35', total: '100.05' }, null, { qty: 1, price: '0.1', total: '0.10' }],
    });
    // formula targets are computed, never required
    expect(fx.states.get('amount')).toMatchObject({ computed: true, required: false });
  });

  it('reports refused expressions and skips their rules', () => {
    const def = form({ rules: [{ id: 'bad', when: { eval: ['1'] }, then: [{ action: 'require', target: 'contract' }] }] });
    const fx = evaluateRuleEffects(def, {}, FORM_MODES.ADD);
    expect(fx.problems).toEqual([{ id: 'bad', message: expect.stringContaining('eval') }]);
    expect(fx.required).toEqual(['store']);
  });

  it('its required list drives compileRecordSchema: a rule-required empty field fails in the user language', () => {
    const def = form({ rules: [{ id: 'ka', when: { '==': [{ var: 'channel' }, 'KA'] }, then: [{ action: 'require', target: 'contract' }] }] });
    const data = { channel: 'KA', store: '联华超市' };
    const fx = evaluateRuleEffects(def, data, FORM_MODES.ADD);
    const v = compileRecordSchema(def, FORM_MODES.ADD, { required: fx.required }).validate(data, 'en-US');
    expect(v.valid).toBe(false);
    expect(v.errors).toEqual([expect.objectContaining({ field: 'contract', code: 'required' })]);
  });
});
