import { describe, expect, it } from 'vitest';
import { TC, type FieldDefinition, type FormDefinition } from '../../schemas';
import {
  addField,
  insertDivider,
  keyProblem,
  moveFields,
  pasteFields,
  removeFields,
  renameKey,
  setFieldProperties,
  setFieldProperty,
  setWidth,
} from './fieldCommands';
import { DesignerStore } from './designerStore';
import { allPaths, getField } from './fieldTree';
import { sampleDefinition, sampleStore, schemaErrors } from './testing';
import type { Command } from './command';

/** Dispatch, check the result validates, undo back to the exact previous definition, redo to the result. */
function applyAndUndo(command: Command, store = new DesignerStore(sampleDefinition())): FormDefinition {
  const before = store.getState().definition;
  const res = store.dispatch(command);
  if (!res.ok) throw res.error;
  const after = store.getState().definition;
  expect(after).not.toBe(before);
  expect(schemaErrors(after)).toEqual([]);
  expect(store.undo()).toBe(true);
  expect(store.getState().definition).toBe(before);
  expect(store.redo()).toBe(true);
  expect(store.getState().definition).toBe(after);
  return after;
}

function refused(command: Command, def = sampleDefinition()): string {
  const store = new DesignerStore(def);
  const res = store.dispatch(command);
  expect(res.ok).toBe(false);
  expect(store.getState().definition).toBe(def);
  expect(store.getState().canUndo).toBe(false);
  return res.ok ? '' : res.error.code;
}

describe('addField', () => {
  it('adds a field with the type defaults and a unique key, at the end by default, and selects it', () => {
    const store = new DesignerStore(sampleDefinition());
    const def = applyAndUndo(addField(TC.DECIMAL), store);
    const f = def.fields[def.fields.length - 1];
    expect(f).toMatchObject({ key: 'decimal1', type: TC.DECIMAL, precision: 2, width: 12, label: { 'zh-CN': '小数', 'en-US': 'Decimal' } });
    expect(store.getState().selection).toEqual(['decimal1']);
    store.dispatch(addField(TC.DECIMAL, { parent: null, index: 0 }));
    expect(store.getState().definition.fields[0].key).toBe('decimal2');
  });

  it('uses the widget meta defaults over the base, never their key or type', () => {
    const store = new DesignerStore(sampleDefinition(), {
      defaults: (code) => (code === TC.SELECT ? { key: 'x', type: 0, placeholder: { 'zh-CN': '请选择' }, width: 24 } : undefined),
    });
    store.dispatch(addField(TC.SELECT));
    const f = store.getState().definition.fields.at(-1)!;
    expect(f).toMatchObject({ key: 'select1', type: TC.SELECT, width: 24, placeholder: { 'zh-CN': '请选择' } });
    expect(f.options).toHaveLength(2);
    expect(schemaErrors(store.getState().definition)).toEqual([]);
  });

  it('never reuses a key still in use, a former key or a reserved record key', () => {
    const d = sampleDefinition();
    d.fields.push({ key: 'text2', type: TC.TEXT, label: { 'zh-CN': 'a' }, renamedFrom: ['text1'] });
    const store = new DesignerStore(d);
    store.dispatch(addField(TC.TEXT));
    expect(store.getState().definition.fields.at(-1)!.key).toBe('text3');
  });

  it('adds a column into a sub-form at an index', () => {
    const def = applyAndUndo(addField(TC.TEXT, { parent: 'detail', index: 1 }));
    expect((getField(def, 'detail')!.fields as FieldDefinition[]).map((c) => c.key)).toEqual(['qty', 'text1', 'price', 'lineAmount']);
  });

  it('refuses a sub-form or a divider inside a sub-form, and an unknown sub-form', () => {
    expect(refused(addField(TC.SUB_FORM, { parent: 'detail' }))).toBe('subFormInSubForm');
    expect(refused(addField(TC.DIVIDER, { parent: 'detail' }))).toBe('dividerInSubForm');
    expect(refused(insertDivider({ parent: 'detail' }))).toBe('dividerInSubForm');
    expect(refused(addField(TC.TEXT, { parent: 'amount' }))).toBe('unknownSubForm');
  });

  it('inserts a divider in the main form', () => {
    const def = applyAndUndo(insertDivider({ parent: null, index: 2 }));
    expect(def.fields[2]).toMatchObject({ type: TC.DIVIDER, width: 24, key: 'divider1' });
  });
});

describe('removeFields', () => {
  it('removes several fields at once and cleans their references; undo restores them', () => {
    const def = applyAndUndo(removeFields(['remark', 'dealer']));
    expect(def.fields.map((f) => f.key)).toEqual(['subject', 'amount', 'period', 'detail']);
    expect(def.rules).toBeUndefined(); // the only rule's actions targeted remark
    expect(def.list!.columns.map((c) => c.key)).toEqual(['number', 'subject', 'amount']);
    expect(def.permissions!.modes!['3']).toEqual({ 'detail.price': 'readonly' });
  });

  it('removes a column, a sub-form with its columns, and drops formulas targeting them', () => {
    const col = applyAndUndo(removeFields(['detail.lineAmount']));
    expect(allPaths(col)).not.toContain('detail.lineAmount');
    expect(getField(col, 'detail')!.totals).toBeUndefined();
    expect(col.formulas!.map((f) => f.id)).toEqual(['f2']); // f2 reads it still: left for validation to report
    const sub = applyAndUndo(removeFields(['detail']));
    expect(sub.formulas!.map((f) => f.id)).toEqual(['f2']);
    expect(sub.permissions!.modes!['3']).toEqual({ remark: 'readonly' });
  });

  it('refuses an empty selection', () => {
    expect(refused(removeFields([]))).toBe('nothingSelected');
    expect(refused(removeFields(['nope']))).toBe('nothingSelected');
  });
});

describe('moveFields', () => {
  it('reorders within the main form (arrayMove semantics)', () => {
    const def = applyAndUndo(moveFields(['subject'], { parent: null, index: 3 }));
    expect(def.fields.map((f) => f.key)).toEqual(['amount', 'dealer', 'period', 'subject', 'remark', 'detail']);
    const back = applyAndUndo(moveFields(['period'], { parent: null, index: 0 }));
    expect(back.fields.map((f) => f.key)).toEqual(['period', 'subject', 'amount', 'dealer', 'remark', 'detail']);
  });

  it('moves several fields together, keeping their canvas order', () => {
    const def = applyAndUndo(moveFields(['remark', 'subject'], { parent: null, index: 0 }));
    expect(def.fields.map((f) => f.key).slice(0, 2)).toEqual(['subject', 'remark']);
  });

  it('reorders columns inside a sub-form', () => {
    const def = applyAndUndo(moveFields(['detail.lineAmount'], { parent: 'detail', index: 0 }));
    expect((getField(def, 'detail')!.fields as FieldDefinition[]).map((c) => c.key)).toEqual(['lineAmount', 'qty', 'price']);
  });

  it('moves a field into a sub-form; its references follow the new path', () => {
    const store = new DesignerStore(sampleDefinition());
    const def = applyAndUndo(moveFields(['remark'], { parent: 'detail', index: 3 }), store);
    expect(allPaths(def)).toContain('detail.remark');
    expect(def.fields.some((f) => f.key === 'remark')).toBe(false);
    expect(def.rules![0].then[0].target).toBe('detail.remark');
    expect(def.permissions!.modes!['3']['detail.remark']).toBe('readonly');
    expect(store.getState().selection).toEqual(['detail.remark']);
  });

  it('moves a column out of a sub-form to the main form', () => {
    const def = applyAndUndo(moveFields(['detail.price'], { parent: null, index: 1 }));
    expect(def.fields[1].key).toBe('price');
    expect(def.permissions!.modes!['3'].price).toBe('readonly');
    // the row formula that read the column now reads the main field
    expect(def.formulas![0].expression).toEqual({ dMul: [{ var: 'qty' }, { var: 'price' }] });
  });

  it('refuses a sub-form or a divider into a sub-form, and a key clash', () => {
    const d = sampleDefinition();
    d.fields.push({ key: 'lines', type: TC.SUB_FORM, label: { 'zh-CN': '行' }, fields: [] });
    d.fields.push({ key: 'line', type: TC.DIVIDER, label: { 'zh-CN': '—' } });
    d.fields.push({ key: 'qty', type: TC.INTEGER, label: { 'zh-CN': '数量' } });
    expect(refused(moveFields(['lines'], { parent: 'detail', index: 0 }), d)).toBe('subFormInSubForm');
    expect(refused(moveFields(['line'], { parent: 'detail', index: 0 }), d)).toBe('dividerInSubForm');
    expect(refused(moveFields(['qty'], { parent: 'detail', index: 0 }), d)).toBe('keyExists');
    expect(refused(moveFields(['detail.qty'], { parent: null, index: 0 }), d)).toBe('keyExists');
    expect(refused(moveFields(['detail'], { parent: 'detail', index: 0 }), d)).toBe('subFormInSubForm');
  });
});

describe('setWidth and properties', () => {
  it('sets the width of several fields', () => {
    const def = applyAndUndo(setWidth(['amount', 'dealer', 'detail.qty'], 24));
    expect([def.fields[1].width, def.fields[2].width, (def.fields[5].fields as FieldDefinition[])[0].width]).toEqual([24, 24, 24]);
  });

  it('keeps untouched fields identical (the canvas memoises on identity)', () => {
    const store = new DesignerStore(sampleDefinition());
    const before = store.getState().definition;
    store.dispatch(setWidth(['amount'], 24));
    const after = store.getState().definition;
    expect(after.fields[0]).toBe(before.fields[0]);
    expect(after.fields[5]).toBe(before.fields[5]);
    expect(after.fields[1]).not.toBe(before.fields[1]);
  });

  it('sets and removes properties; the label of every locale', () => {
    const def = applyAndUndo(setFieldProperties('amount', { label: { 'zh-CN': '金额', 'en-US': 'Amount' }, min: '0', max: '999999.99', required: undefined }));
    expect(def.fields[1]).toEqual({
      key: 'amount',
      type: TC.DECIMAL,
      label: { 'zh-CN': '金额', 'en-US': 'Amount' },
      precision: 2,
      width: 12,
      min: '0',
      max: '999999.99',
    });
    applyAndUndo(setFieldProperty('detail.qty', 'help', { 'zh-CN': '按箱' }));
  });

  it('refuses key, type and fields, and unknown fields', () => {
    expect(refused(setFieldProperties('amount', { key: 'x' }))).toBe('propertyNotEditable');
    expect(refused(setFieldProperties('amount', { type: 0 }))).toBe('propertyNotEditable');
    expect(refused(setFieldProperties('nope', { required: true }))).toBe('unknownField');
    expect(refused(setFieldProperties('detail', { totals: ['missing'] }))).toBe('unknownField');
  });

  it('coalesces typing into one undo step, within the window and for the same property', () => {
    const { store, clock } = sampleStore();
    for (const text of ['金', '金额', '金额（元）']) {
      store.dispatch(setFieldProperty('amount', 'label', { 'zh-CN': text }));
      clock.t += 300;
    }
    expect(store.getState().definition.fields[1].label['zh-CN']).toBe('金额（元）');
    store.undo();
    expect(store.getState().definition.fields[1].label['zh-CN']).toBe('申请金额');
    expect(store.getState().canUndo).toBe(false);
    store.redo();
    expect(store.getState().definition.fields[1].label['zh-CN']).toBe('金额（元）');
  });

  it('does not coalesce after a pause, for another property, or after breakCoalescing', () => {
    const { store, clock } = sampleStore();
    store.dispatch(setFieldProperty('amount', 'label', { 'zh-CN': 'a' }));
    clock.t += 5000;
    store.dispatch(setFieldProperty('amount', 'label', { 'zh-CN': 'ab' }));
    store.dispatch(setFieldProperty('amount', 'placeholder', { 'zh-CN': 'p' }));
    store.breakCoalescing();
    store.dispatch(setFieldProperty('amount', 'placeholder', { 'zh-CN': 'pq' }));
    let steps = 0;
    while (store.undo()) steps++;
    expect(steps).toBe(4);
    expect(store.getState().definition).toEqual(sampleDefinition());
  });
});

describe('renameKey', () => {
  it('records the former key and updates every reference', () => {
    const store = new DesignerStore(sampleDefinition());
    const def = applyAndUndo(renameKey('amount', 'applyAmount'), store);
    expect(def.fields[1]).toMatchObject({ key: 'applyAmount', renamedFrom: ['amount'] });
    expect(def.rules![0].when).toEqual({ '>': [{ var: 'applyAmount' }, 10000] });
    expect(def.formulas![1].target).toBe('applyAmount');
    expect(def.permissions).toEqual({
      modes: { '2': { applyAmount: 'readonly' }, '3': { remark: 'readonly', 'detail.price': 'readonly' } },
      nodes: { leader: { applyAmount: 'editable' } },
    });
    expect(def.list!.columns.map((c) => c.key)).toEqual(['number', 'subject', 'applyAmount', 'dealer']);
    expect(def.list!.filters![0].key).toBe('applyAmount');
    expect(def.list!.defaultSort).toEqual({ key: 'applyAmount', order: 'desc' });
    expect(def.titleTemplate).toBe('{dealer}-{applyAmount}');
    expect(store.getState().selection).toEqual(['applyAmount']);
  });

  it('renames a column: row formulas, column sums, totals and permissions follow', () => {
    const def = applyAndUndo(renameKey('detail.price', 'unitPrice'));
    expect(def.formulas![0]).toMatchObject({ target: 'detail.lineAmount', expression: { dMul: [{ var: 'qty' }, { var: 'unitPrice' }] } });
    expect(def.permissions!.modes!['3']['detail.unitPrice']).toBe('readonly');
    const def2 = applyAndUndo(renameKey('detail.lineAmount', 'total'));
    expect(def2.formulas![0].target).toBe('detail.total');
    expect(def2.formulas![1].expression).toEqual({ colSum: ['detail', 'total'] });
    expect(getField(def2, 'detail')!.totals).toEqual(['total']);
  });

  it('renames a sub-form: its column paths and aggregates follow', () => {
    const def = applyAndUndo(renameKey('detail', 'lines'));
    expect(def.formulas!.map((f) => f.target)).toEqual(['lines.lineAmount', 'amount']);
    expect(def.formulas![1].expression).toEqual({ colSum: ['lines', 'lineAmount'] });
    expect(def.permissions!.modes!['3']).toEqual({ remark: 'readonly', 'lines.price': 'readonly' });
  });

  it('renaming back removes the former key; renaming twice keeps both', () => {
    const store = new DesignerStore(sampleDefinition());
    store.dispatch(renameKey('amount', 'a1'));
    store.dispatch(renameKey('a1', 'a2'));
    expect(store.getState().definition.fields[1].renamedFrom).toEqual(['amount', 'a1']);
    store.dispatch(renameKey('a2', 'amount'));
    expect(store.getState().definition.fields[1]).toMatchObject({ key: 'amount', renamedFrom: ['a1', 'a2'] });
  });

  it('refuses invalid, reserved and duplicate keys', () => {
    expect(refused(renameKey('amount', '1abc'))).toBe('keyInvalid');
    expect(refused(renameKey('amount', 'a-b'))).toBe('keyInvalid');
    expect(refused(renameKey('amount', 'number'))).toBe('keyReserved');
    expect(refused(renameKey('amount', 'subject'))).toBe('keyExists');
    expect(refused(renameKey('detail.qty', 'price'))).toBe('keyExists');
    expect(keyProblem(sampleDefinition(), 'detail.qty', 'subject')).toBeNull(); // columns have their own scope
    expect(keyProblem(sampleDefinition(), 'detail.qty', 'number')).toBeNull(); // reserved keys are record keys, not row keys
    expect(keyProblem(sampleDefinition(), 'amount', 'amount')).toBeNull();
  });
});

describe('pasteFields', () => {
  const clip = (): FieldDefinition[] => [structuredClone(sampleDefinition().fields[1]), structuredClone(sampleDefinition().fields[5])];

  it('pastes copies with new unique keys and selects them', () => {
    const store = new DesignerStore(sampleDefinition());
    const def = applyAndUndo(pasteFields(clip(), { parent: null, index: 2 }), store);
    expect(def.fields.map((f) => f.key)).toEqual(['subject', 'amount', 'amount1', 'detail1', 'dealer', 'period', 'remark', 'detail']);
    expect((def.fields[3].fields as FieldDefinition[]).map((c) => c.key)).toEqual(['qty', 'price', 'lineAmount']);
    expect(store.getState().selection).toEqual(['amount1', 'detail1']);
  });

  it('drops former keys from the copies', () => {
    const f = { ...structuredClone(sampleDefinition().fields[1]), renamedFrom: ['old'] };
    const def = applyAndUndo(pasteFields([f]));
    expect(def.fields.at(-1)!.renamedFrom).toBeUndefined();
  });

  it('pastes into a sub-form, and refuses a sub-form or divider there', () => {
    const def = applyAndUndo(pasteFields([structuredClone(sampleDefinition().fields[1])], { parent: 'detail', index: 0 }));
    expect((getField(def, 'detail')!.fields as FieldDefinition[])[0].key).toBe('amount1');
    expect(refused(pasteFields(clip(), { parent: 'detail' }))).toBe('subFormInSubForm');
    expect(refused(pasteFields([{ key: 'd', type: TC.DIVIDER, label: { 'zh-CN': '—' } }], { parent: 'detail' }))).toBe('dividerInSubForm');
    expect(refused(pasteFields([]))).toBe('clipboardEmpty');
  });
});
