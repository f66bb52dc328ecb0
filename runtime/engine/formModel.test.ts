import { describe, expect, it } from 'vitest';
import {
  COMPONENT_TYPES,
  DEFINITION_SCHEMA_VERSION,
  FIELD_TYPES,
  FORM_MODES,
  TC,
  type FieldDefinition,
  type FormDefinition,
  type FormMode,
} from '../../schemas';
import { createFormModel } from './formModel';
import { expenseDefinition } from './fixtures/expense';

const user = { id: '1000000000000000001', name: '张三', departmentId: '2000000000000000001', departmentName: '市场部', mobile: '13800000000' };

function model(mode: FormMode, extra: Partial<Parameters<typeof createFormModel>[0]> = {}) {
  return createFormModel({ definition: expenseDefinition(), mode, user, ...extra });
}

describe('formulas', () => {
  it('0.1 + 0.2 on money fields gives 0.30 at precision 2', () => {
    const m = model(FORM_MODES.ADD);
    m.addRow('detail', { item: 'a', qty: '1', price: '0.1' });
    m.addRow('detail', { item: 'b', qty: '1', price: '0.2' });
    expect(m.getValue('detail.0.amount')).toBe('0.10');
    expect(m.getValue('total')).toBe('0.30');
  });
  it('sums 500 rows exactly', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ item: `r${i}`, qty: '3', price: i % 2 ? '0.10' : '0.20' }));
    const m = model(FORM_MODES.MODIFY, { record: { id: '1', number: 'FW1', data: { subject: 'x', detail: rows } } });
    // 250 × 0.30 + 250 × 0.60 = 225.00; a float sum of these prices drifts
    expect(m.getValue('total')).toBe('225.00');
    m.setValue('detail.499.price', '0.01');
    expect(m.getValue('detail.499.amount')).toBe('0.03');
    expect(m.getValue('total')).toBe('224.73');
  });
  it('a row formula rounds half up to its precision', () => {
    const m = model(FORM_MODES.ADD);
    m.addRow('detail', { qty: '3', price: '0.335' });
    expect(m.getValue('detail.0.amount')).toBe('1.01');
  });
  it('integer targets and day counts', () => {
    const m = model(FORM_MODES.ADD);
    m.setValue('startDate', '2026-03-01');
    expect(m.getValue('dayCount')).toBeUndefined();
    m.setValue('endDate', '2026-03-05');
    expect(m.getValue('dayCount')).toBe(5);
  });
  it('formula targets are computed and not editable', () => {
    const m = model(FORM_MODES.ADD);
    expect(m.getState('total')).toMatchObject({ computed: true, editable: false });
    expect(m.getState('detail.amount')).toMatchObject({ computed: true, editable: false });
    expect(m.setValue('total', '5.00')).toEqual([]);
  });
});

describe('incremental recompute', () => {
  it('re-evaluates only what depends on the change', () => {
    const rows = Array.from({ length: 50 }, () => ({ qty: '1', price: '1.00' }));
    const m = model(FORM_MODES.MODIFY, { record: { id: '1', data: { detail: rows } } });
    const e0 = m.stats.evaluations;
    // nothing reads the remark
    expect(m.setValue('remark', 'hello')).toEqual(['remark']);
    expect(m.stats.evaluations).toBe(e0);
    // one row's qty: that row's formula (1), the total (1), the rule on the total (1)
    const changed = m.setValue('detail.7.qty', '2');
    expect(m.stats.evaluations - e0).toBe(3);
    expect(changed).toEqual(expect.arrayContaining(['detail.7.qty', 'detail.7.amount', 'total']));
    expect(changed).not.toContain('detail.8.amount');
    // a category change runs only the rule that reads it
    const e1 = m.stats.evaluations;
    m.setValue('category', 'event');
    expect(m.stats.evaluations - e1).toBe(1);
    // a value equal to the current one changes nothing
    const e2 = m.stats.evaluations;
    expect(m.setValue('category', 'event')).toEqual([]);
    expect(m.stats.evaluations).toBe(e2);
  });
  it('adding a row runs its row formula and the totals once', () => {
    const m = model(FORM_MODES.ADD);
    const e0 = m.stats.evaluations;
    m.addRow('detail', { qty: '2', price: '2.50' });
    // row formula for the new row, total, approvedTotal, the rule on total
    expect(m.stats.evaluations - e0).toBe(4);
    expect(m.getValue('total')).toBe('5.00');
    m.removeRow('detail', 0);
    expect(m.getValue('total')).toBe('0.00');
  });
  it('notifies subscribers of the changed paths only', () => {
    const m = model(FORM_MODES.ADD);
    m.addRow('detail');
    const seen: string[] = [];
    m.subscribe('total', () => seen.push('total'));
    m.subscribe('remark', () => seen.push('remark'));
    m.setValue('detail.0.qty', '2');
    m.setValue('detail.0.price', '3');
    expect(seen).toEqual(['total']);
  });
});

describe('robustness', () => {
  it('a formula cycle (reported by validateDefinition) still terminates', () => {
    const def: FormDefinition = {
      ...expenseDefinition(),
      rules: [],
      formulas: [
        { id: 'a', target: 'total', expression: { '+': [{ var: 'approvedTotal' }, 1] } },
        { id: 'b', target: 'approvedTotal', expression: { '+': [{ var: 'total' }, 1] } },
      ],
    };
    const m = createFormModel({ definition: def, mode: FORM_MODES.ADD, user });
    expect(typeof m.getValue('total')).toBe('string');
    expect(m.setValue('remark', 'x')).toEqual(['remark']);
  });
  it('a definition with an operator outside the vocabulary is refused', () => {
    const def: FormDefinition = { ...expenseDefinition(), rules: [{ id: 'x', when: { log: 1 }, then: [{ action: 'hide', target: 'remark' }] }] };
    expect(() => createFormModel({ definition: def, mode: FORM_MODES.ADD, user })).toThrow(/not allowed: log/);
  });
});

describe('linkage rules', () => {
  it('show and require when the condition holds, back when it does not', () => {
    const m = model(FORM_MODES.ADD);
    expect(m.getState('eventName')).toMatchObject({ visible: false, required: false });
    const changed = m.setValue('category', 'event');
    expect(changed).toContain('eventName');
    expect(m.getState('eventName')).toMatchObject({ visible: true, required: true, editable: true });
    m.setValue('category', 'travel');
    expect(m.getState('eventName')).toMatchObject({ visible: false, required: false });
  });
  it('otherwise actions apply when the condition fails; amounts compare as decimals', () => {
    const m = model(FORM_MODES.ADD);
    expect(m.getState('bigSpend').visible).toBe(false);
    m.addRow('detail', { qty: '1', price: '9999.99' });
    expect(m.getState('bigSpend').visible).toBe(false);
    m.setValue('detail.0.price', '10000.01');
    expect(m.getState('bigSpend')).toMatchObject({ visible: true, required: true });
  });
  it('setValue and readonly actions', () => {
    const def: FormDefinition = {
      ...expenseDefinition(),
      rules: [
        {
          id: 'copy',
          when: { '==': [{ var: 'category' }, 'travel'] },
          then: [
            { action: 'setValue', target: 'remark', value: { cat: ['出差：', { var: 'subject' }] } },
            { action: 'readonly', target: 'remark' },
          ],
        },
      ],
    };
    const m = createFormModel({ definition: def, mode: FORM_MODES.ADD, user });
    m.setValue('subject', '上海拜访');
    expect(m.getValue('remark')).toBeUndefined();
    m.setValue('category', 'travel');
    expect(m.getValue('remark')).toBe('出差：上海拜访');
    expect(m.getState('remark').editable).toBe(false);
    m.setValue('subject', '北京');
    expect(m.getValue('remark')).toBe('出差：北京');
  });
  it('a rule cannot lift a permission that hides or a view mode', () => {
    const def: FormDefinition = {
      ...expenseDefinition(),
      rules: [
        {
          id: 'r',
          when: true,
          then: [
            { action: 'show', target: 'approverNote' },
            { action: 'editable', target: 'subject' },
          ],
        },
      ],
    };
    const add = createFormModel({ definition: def, mode: FORM_MODES.ADD, user });
    expect(add.getState('approverNote').visible).toBe(false);
    const view = createFormModel({ definition: def, mode: FORM_MODES.VIEW, user, record: { id: '1', number: 'X', data: {} } });
    expect(view.getState('subject').editable).toBe(false);
  });
});

describe('modes and permissions', () => {
  it('mode 0/1/4 edit, 2 and 3 read only, for every field kind', () => {
    const all = [...Object.values(FIELD_TYPES), ...Object.values(COMPONENT_TYPES)];
    const fields: FieldDefinition[] = all.map((t, i) => ({
      key: `f${i}`,
      type: t.code,
      label: { 'zh-CN': t.name['zh-CN'] },
      required: t.holdsValue,
      ...(t.code === TC.SUB_FORM ? { fields: [{ key: 'c', type: TC.TEXT, label: { 'zh-CN': '列' }, required: true }] } : {}),
      ...(t.code === TC.SELECT || t.code === TC.RADIO ? { options: [{ value: 'a', label: { 'zh-CN': 'A' } }] } : {}),
    }));
    const def: FormDefinition = { schemaVersion: DEFINITION_SCHEMA_VERSION, code: 'all', name: { 'zh-CN': '全部' }, version: 1, formType: 0, fields };
    const sample = (code: number): unknown =>
      code === TC.SUB_FORM ? [{ _id: '1000000000000000009', c: 'x' }] : code === TC.INTEGER ? 3 : code === TC.DECIMAL ? '1.50' : 'v';
    const data = Object.fromEntries(fields.filter((f) => f.type !== TC.DIVIDER).map((f) => [f.key, sample(f.type)]));
    for (const mode of [0, 1, 2, 3, 4] as FormMode[]) {
      const m = createFormModel({ definition: def, mode, user, node: { id: 'n1' }, record: mode === 0 ? null : { id: '1', number: 'FW1', data } });
      const editable = mode === 0 || mode === 1 || mode === 4;
      for (const f of fields) {
        const s = m.getState(f.key);
        expect(s.visible, `${mode} ${f.type}`).toBe(true);
        expect(s.editable, `${mode} ${f.type}`).toBe(editable);
        expect(s.required, `${mode} ${f.type}`).toBe(editable && f.type !== TC.DIVIDER);
        if (f.type === TC.DIVIDER) continue;
        if (mode === 0) expect(m.getValue(f.key), `${f.type}`).toEqual(f.type === TC.SUB_FORM ? [] : undefined);
        else expect(m.getValue(f.key), `${mode} ${f.type}`).toEqual(data[f.key]);
        if (f.type === TC.SUB_FORM) expect(m.getState(`${f.key}.c`).editable).toBe(editable);
      }
      // an edit is accepted only where the mode edits
      expect(m.setValue('f0', 'typed').length > 0).toBe(editable);
    }
  });
  it('field defaults and sub-form minimum rows in mode 0 only', () => {
    const def: FormDefinition = {
      ...expenseDefinition(),
      fields: expenseDefinition().fields.map((f) => (f.key === 'category' ? { ...f, default: 'travel' } : f.key === 'detail' ? { ...f, minRows: 2 } : f)),
    };
    const add = createFormModel({ definition: def, mode: 0, user });
    expect(add.getValue('category')).toBe('travel');
    expect(add.getRowIds('detail')).toHaveLength(2);
    expect(add.getRowIds('detail')[0]).toMatch(/^[1-9]\d{18}$/);
    const mod = createFormModel({ definition: def, mode: 1, user, record: { id: '1', data: {} } });
    expect(mod.getValue('category')).toBeUndefined();
  });
  it('mode permissions hide fields and columns', () => {
    const m = model(FORM_MODES.ADD);
    expect(m.getState('approverNote').visible).toBe(false);
    expect(m.getState('detail.approvedAmount').visible).toBe(false);
    expect(m.getState('detail.qty')).toMatchObject({ visible: true, editable: true });
  });
  it("mode 3: read only except what the node's permissions make editable, down to columns", () => {
    const record = { id: '1', number: 'FW2026', data: { subject: 's', detail: [{ qty: '1', price: '5.00', amount: '5.00' }], total: '5.00' } };
    const finance = model(FORM_MODES.APPROVE, { node: { id: 'finance' }, record });
    expect(finance.getState('subject').editable).toBe(false);
    expect(finance.getState('approverNote')).toMatchObject({ visible: true, editable: true, required: true });
    expect(finance.getState('detail.approvedAmount')).toMatchObject({ visible: true, editable: true });
    expect(finance.getState('detail.qty').editable).toBe(false);
    expect(finance.getState('detail').editable).toBe(false);
    expect(finance.addRow('detail')).toEqual([]);
    // the approver's edit feeds the formulas that read it
    finance.setValue('detail.0.approvedAmount', '4.5');
    expect(finance.getValue('approvedTotal')).toBe('4.50');
    expect(finance.setValue('subject', 'changed')).toEqual([]);
    const leader = model(FORM_MODES.APPROVE, { node: { id: 'leader' }, record });
    expect(leader.getState('detail.amount').visible).toBe(false);
    expect(leader.getState('approverNote')).toMatchObject({ editable: true, required: false });
    expect(leader.getState('detail.approvedAmount').editable).toBe(false);
  });
  it('mode 2 is view only even when a permission says editable', () => {
    const def: FormDefinition = { ...expenseDefinition(), permissions: { modes: { '2': { remark: 'editable', subject: 'hidden' } } } };
    const m = createFormModel({ definition: def, mode: 2, user, record: { id: '1', number: 'N', data: { remark: 'r' } } });
    expect(m.getState('remark')).toMatchObject({ visible: true, editable: false });
    expect(m.getState('subject').visible).toBe(false);
    expect(m.setValue('remark', 'x')).toEqual([]);
  });
  it('mode 4 reopens the record for the applicant, with the mode 4 limits', () => {
    const record = { id: '1', number: 'FW1', data: { subject: 's', detail: [{ qty: '1', price: '2.00', approvedAmount: '1.00' }] } };
    const m = model(FORM_MODES.MODIFY_ON_RETURN, { record });
    expect(m.getState('subject').editable).toBe(true);
    expect(m.getState('approverNote')).toMatchObject({ visible: true, editable: false });
    expect(m.getState('detail.approvedAmount').editable).toBe(false);
    expect(m.getValue('detail.0.amount')).toBe('2.00');
  });
  it('reads data stored under a renamed key', () => {
    const def = expenseDefinition();
    def.fields = def.fields.map((f) => (f.key === 'remark' ? { ...f, renamedFrom: ['beiZhu'] } : f));
    const m = createFormModel({ definition: def, mode: 1, user, record: { id: '1', data: { beiZhu: '旧备注' } } });
    expect(m.getValue('remark')).toBe('旧备注');
  });
  it('tracks unsaved changes', () => {
    const m = model(FORM_MODES.ADD);
    expect(m.isDirty()).toBe(false);
    m.setValue('subject', 'x');
    expect(m.isDirty()).toBe(true);
    m.markSaved();
    expect(m.isDirty()).toBe(false);
  });
});

describe('rows and the rule graph', () => {
  const def = (): FormDefinition => ({
    ...expenseDefinition(),
    formulas: [
      ...(expenseDefinition().formulas ?? []),
      // a row formula reading only a main field
      { id: 'rowDays', target: 'detail.approvedAmount', expression: { '*': [{ var: 'dayCount' }, 1] } },
    ],
    rules: [
      { id: 'travelItems', when: { '==': [{ var: 'category' }, 'travel'] }, then: [{ action: 'setValue', target: 'detail.item', value: '差旅' }] },
      { id: 'eventHidesDetail', when: { '==': [{ var: 'category' }, 'event'] }, then: [{ action: 'hide', target: 'detail' }] },
    ],
  });

  it('an added row gets what row formulas and column setValue actions write, as loaded rows do', () => {
    const m = createFormModel({ definition: def(), mode: FORM_MODES.ADD, user });
    m.setValue('startDate', '2026-03-01');
    m.setValue('endDate', '2026-03-03');
    m.setValue('category', 'travel');
    m.addRow('detail', { qty: '1', price: '2.00' });
    expect(m.getValue('detail.0.approvedAmount')).toBe('3.00');
    expect(m.getValue('detail.0.item')).toBe('差旅');
    expect(m.getValue('approvedTotal')).toBe('3.00');
  });

  it('a sub-form hidden by a rule hides its columns; shown again, they are back', () => {
    const m = createFormModel({ definition: def(), mode: FORM_MODES.ADD, user });
    expect(m.getState('detail.item')).toMatchObject({ visible: true, required: true });
    const changed = m.setValue('category', 'event');
    expect(changed).toEqual(expect.arrayContaining(['detail', 'detail.item', 'detail.qty']));
    expect(m.getState('detail.item')).toMatchObject({ visible: false, required: false });
    m.setValue('category', 'travel');
    expect(m.getState('detail.item')).toMatchObject({ visible: true, required: true });
  });
});
