import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { addListColumn, upsertRule } from './definitionCommands';
import { DesignerStore } from './designerStore';
import { diffDefinitions, isEmptyDiff, jsonEqual } from './diff';
import { addField, moveFields, removeFields, renameKey, setFieldProperties } from './fieldCommands';
import { sampleDefinition } from './testing';

describe('diffDefinitions', () => {
  it('is empty for equal definitions (key order does not matter)', () => {
    const a = sampleDefinition();
    const b = JSON.parse(JSON.stringify(a, Object.keys(a).reverse()));
    expect(isEmptyDiff(diffDefinitions(a, sampleDefinition()))).toBe(true);
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(b).toBeTruthy();
  });

  it('reports added, removed, changed, renamed and moved fields, down to sub-form columns', () => {
    const published = sampleDefinition();
    const store = new DesignerStore(published);
    store.dispatch(addField(TC.DEALER));
    store.dispatch(addField(TC.TEXT, { parent: 'detail' }));
    store.dispatch(removeFields(['period', 'detail.qty']));
    store.dispatch(setFieldProperties('amount', { required: undefined, max: '50000' }));
    store.dispatch(setFieldProperties('detail.price', { precision: 4 }));
    store.dispatch(renameKey('remark', 'explanation'));
    store.dispatch(renameKey('detail.lineAmount', 'total'));
    store.dispatch(moveFields(['dealer'], { parent: null, index: 0 }));
    store.dispatch(upsertRule({ id: 'r9', when: true, then: [{ action: 'show', target: 'amount' }] }));
    store.dispatch(addListColumn('dealer1'));
    const d = diffDefinitions(published, store.getState().definition);
    expect(d.added.map((x) => x.path)).toEqual(['dealer1', 'detail.text1']);
    expect(d.removed.map((x) => x.path)).toEqual(['period', 'detail.qty']);
    expect(d.renamed).toEqual([
      { from: 'remark', to: 'explanation' },
      { from: 'detail.lineAmount', to: 'detail.total' },
    ]);
    expect(d.changed).toEqual([
      { path: 'amount', properties: ['max', 'required'] },
      { path: 'detail', properties: ['totals'] },
      { path: 'detail.price', properties: ['precision'] },
    ]);
    expect(d.moved).toEqual(['dealer']);
    expect(d.form).toEqual(['rules', 'formulas', 'permissions', 'list']);
  });

  it('a rename without other change is only a rename', () => {
    const published = sampleDefinition();
    delete published.rules;
    delete published.formulas;
    delete published.permissions;
    delete published.list;
    delete published.titleTemplate;
    const store = new DesignerStore(published);
    store.dispatch(renameKey('amount', 'total'));
    const d = diffDefinitions(published, store.getState().definition);
    expect(d).toEqual({ added: [], removed: [], changed: [], renamed: [{ from: 'amount', to: 'total' }], moved: [], form: [] });
  });
});
