import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../schemas';
import type { Command } from './command';
import {
  addListColumn,
  clearPermissionScope,
  moveListColumn,
  moveRule,
  removeFormula,
  removeListColumn,
  removeRule,
  setDefaultSort,
  setFormProperty,
  setListColumn,
  setListFilters,
  setListSettings,
  setPageSize,
  setPermission,
  setPermissions,
  upsertFormula,
  upsertRule,
} from './definitionCommands';
import { DesignerStore } from './designerStore';
import { permissionCell, permissionRows, permissionScopes } from './permissionMatrix';
import { sampleDefinition, sampleStore, schemaErrors } from './testing';

function applyAndUndo(command: Command, store = new DesignerStore(sampleDefinition())): FormDefinition {
  const before = store.getState().definition;
  const res = store.dispatch(command);
  if (!res.ok) throw res.error;
  const after = store.getState().definition;
  expect(schemaErrors(after)).toEqual([]);
  store.undo();
  expect(store.getState().definition).toBe(before);
  store.redo();
  expect(store.getState().definition).toBe(after);
  return after;
}

describe('form properties', () => {
  it('sets and removes form-level properties, typing coalesced', () => {
    const { store, clock } = sampleStore();
    store.dispatch(setFormProperty('name', { 'zh-CN': '费' }));
    clock.t += 100;
    store.dispatch(setFormProperty('name', { 'zh-CN': '费用申请单' }));
    expect(store.getState().definition.name['zh-CN']).toBe('费用申请单');
    store.undo();
    expect(store.getState().definition.name['zh-CN']).toBe('费用申请');
    const def = applyAndUndo(setFormProperty('titleTemplate', undefined));
    expect('titleTemplate' in def).toBe(false);
    expect(applyAndUndo(setFormProperty('formType', 99800)).formType).toBe(99800);
  });
});

describe('linkage rules and formulas', () => {
  it('adds, replaces, moves and removes rules', () => {
    const store = new DesignerStore(sampleDefinition());
    const added = applyAndUndo(upsertRule({ id: 'r2', when: { '!!': { var: 'dealer' } }, then: [{ action: 'show', target: 'period' }] }), store);
    expect(added.rules!.map((r) => r.id)).toEqual(['r1', 'r2']);
    const replaced = applyAndUndo(upsertRule({ id: 'r1', when: true, then: [{ action: 'hide', target: 'remark' }] }), store);
    expect(replaced.rules![0].then[0].action).toBe('hide');
    expect(applyAndUndo(moveRule('r2', 0), store).rules!.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(applyAndUndo(removeRule('r2'), store).rules!.map((r) => r.id)).toEqual(['r1']);
    const none = applyAndUndo(removeRule('r1'), store);
    expect(none.rules).toBeUndefined();
    expect(store.dispatch(removeRule('zzz'))).toMatchObject({ ok: false, error: { code: 'unknownRule' } });
  });

  it('adds and replaces formulas; one formula per target', () => {
    const store = new DesignerStore(sampleDefinition());
    const def = applyAndUndo(upsertFormula({ id: 'f3', target: 'amount', expression: { dAdd: [{ colSum: ['detail', 'lineAmount'] }, '100'] } }), store);
    expect(def.formulas!.map((f) => f.id)).toEqual(['f1', 'f3']);
    const removed = applyAndUndo(removeFormula('f1'), store);
    expect(removed.formulas!.map((f) => f.id)).toEqual(['f3']);
    expect(store.dispatch(removeFormula('nope')).ok).toBe(false);
  });
});

describe('permission matrix', () => {
  it('sets one cell, a whole column, and clears cells; empty maps disappear', () => {
    const store = new DesignerStore(sampleDefinition());
    const one = applyAndUndo(setPermission({ kind: 'mode', id: '0' }, 'detail.qty', 'required'), store);
    expect(one.permissions!.modes!['0']).toEqual({ 'detail.qty': 'required' });
    const node = applyAndUndo(setPermissions({ kind: 'node', id: 'finance' }, { amount: 'readonly', subject: 'hidden', 'detail.price': 'readonly' }), store);
    expect(node.permissions!.nodes!.finance).toEqual({ amount: 'readonly', subject: 'hidden', 'detail.price': 'readonly' });
    const cleared = applyAndUndo(setPermission({ kind: 'mode', id: '0' }, 'detail.qty', undefined), store);
    expect(cleared.permissions!.modes!['0']).toBeUndefined();
    const noNode = applyAndUndo(clearPermissionScope({ kind: 'node', id: 'leader' }), store);
    expect(Object.keys(noNode.permissions!.nodes!)).toEqual(['finance']);
  });

  it('removes the permissions object when the last cell is cleared', () => {
    const d = sampleDefinition();
    d.permissions = { modes: { '1': { amount: 'readonly' } } };
    const store = new DesignerStore(d);
    const def = applyAndUndo(setPermission({ kind: 'mode', id: '1' }, 'amount', undefined), store);
    expect(def.permissions).toBeUndefined();
  });

  it('lists rows down to sub-form columns (no dividers) and columns for modes and nodes', () => {
    const d = sampleDefinition();
    d.fields.push({ key: 'line', type: 99999, label: { 'zh-CN': '—' } });
    expect(permissionRows(d).map((r) => r.path)).toEqual([
      'subject',
      'amount',
      'dealer',
      'period',
      'remark',
      'detail',
      'detail.qty',
      'detail.price',
      'detail.lineAmount',
    ]);
    expect(permissionScopes(d, ['finance']).map((s) => `${s.kind}:${s.id}`)).toEqual([
      'mode:0',
      'mode:1',
      'mode:2',
      'mode:3',
      'mode:4',
      'node:finance',
      'node:leader',
    ]);
    expect(permissionCell(d, { kind: 'mode', id: '3' }, 'detail.price')).toBe('readonly');
    expect(permissionCell(d, { kind: 'node', id: 'leader' }, 'remark')).toBeUndefined();
  });
});

describe('list settings', () => {
  it('adds, moves, edits and removes columns', () => {
    const store = new DesignerStore(sampleDefinition());
    expect(applyAndUndo(addListColumn('period', 1), store).list!.columns.map((c) => c.key)).toEqual(['number', 'period', 'subject', 'amount', 'dealer']);
    expect(applyAndUndo(addListColumn('period'), store).list!.columns).toHaveLength(5); // already there: no change
    store.undo();
    expect(applyAndUndo(moveListColumn('dealer', 0), store).list!.columns.map((c) => c.key)).toEqual(['dealer', 'number', 'period', 'subject', 'amount']);
    expect(applyAndUndo(setListColumn('amount', { width: 160, sortable: undefined }), store).list!.columns.at(-1)).toEqual({ key: 'amount', width: 160 });
    expect(applyAndUndo(removeListColumn('number'), store).list!.columns.map((c) => c.key)).toEqual(['dealer', 'period', 'subject', 'amount']);
  });

  it('sets filters, default sort and page size', () => {
    const store = new DesignerStore(sampleDefinition());
    expect(
      applyAndUndo(
        setListFilters([
          { key: 'dealer', op: 'eq' },
          { key: 'period', op: 'range' },
        ]),
        store,
      ).list!.filters,
    ).toHaveLength(2);
    expect(applyAndUndo(setListFilters([]), store).list!.filters).toBeUndefined();
    expect(applyAndUndo(setDefaultSort({ key: 'rowCreateDate', order: 'asc' }), store).list!.defaultSort).toEqual({ key: 'rowCreateDate', order: 'asc' });
    expect(applyAndUndo(setDefaultSort(undefined), store).list!.defaultSort).toBeUndefined();
    expect(applyAndUndo(setPageSize(50), store).list!.pageSize).toBe(50);
    expect(applyAndUndo(setListSettings({ columns: [{ key: 'number' }] }), store).list).toEqual({ columns: [{ key: 'number' }] });
  });

  it('creates list settings on a definition without them', () => {
    const d = sampleDefinition();
    delete d.list;
    const def = applyAndUndo(addListColumn('amount'), new DesignerStore(d));
    expect(def.list).toEqual({ columns: [{ key: 'amount' }] });
  });
});
