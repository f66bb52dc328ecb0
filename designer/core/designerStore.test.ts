import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { DesignerStore } from './designerStore';
import { addField, setFieldProperty, setWidth } from './fieldCommands';
import { getField } from './fieldTree';
import { sampleDefinition, sampleStore, schemaErrors } from './testing';

describe('DesignerStore', () => {
  it('notifies subscribers, and stops after unsubscribe', () => {
    const store = new DesignerStore(sampleDefinition());
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.dispatch(addField(TC.TEXT));
    store.select(['amount']);
    off();
    store.undo();
    expect(calls).toBe(2);
  });

  it('tracks undo/redo availability and clears redo on a new edit', () => {
    const store = new DesignerStore(sampleDefinition());
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: false, dirty: false });
    store.dispatch(addField(TC.TEXT));
    store.dispatch(addField(TC.INTEGER));
    expect(store.undoType()).toBe('addField');
    store.undo();
    expect(store.getState()).toMatchObject({ canUndo: true, canRedo: true });
    store.dispatch(setWidth(['amount'], 24));
    expect(store.getState().canRedo).toBe(false);
    expect(store.redo()).toBe(false);
  });

  it('is dirty until saved, and clean again when undo returns to the saved definition', () => {
    const store = new DesignerStore(sampleDefinition());
    store.dispatch(setWidth(['amount'], 24));
    expect(store.getState().dirty).toBe(true);
    store.markSaved();
    expect(store.getState().dirty).toBe(false);
    store.dispatch(setWidth(['amount'], 12));
    store.undo();
    expect(store.getState().dirty).toBe(false);
    store.undo();
    expect(store.getState().dirty).toBe(true);
  });

  it('restores the selection on undo and drops paths that no longer exist', () => {
    const store = new DesignerStore(sampleDefinition());
    store.select(['amount']);
    store.dispatch(addField(TC.TEXT));
    expect(store.getState().selection).toEqual(['text1']);
    store.undo();
    expect(store.getState().selection).toEqual(['amount']);
    store.select(['amount', 'ghost', 'amount']);
    expect(store.getState().selection).toEqual(['amount']);
  });

  it('multi-selects with toggle and range (within one list), select all and clear', () => {
    const store = new DesignerStore(sampleDefinition());
    store.select(['subject']);
    store.toggleSelect('dealer');
    expect(store.getState().selection).toEqual(['subject', 'dealer']);
    store.toggleSelect('subject');
    expect(store.getState().selection).toEqual(['dealer']);
    store.selectRange('remark');
    expect(store.getState().selection).toEqual(['dealer', 'period', 'remark']);
    store.select(['detail.qty']);
    store.selectRange('detail.lineAmount');
    expect(store.getState().selection).toEqual(['detail.qty', 'detail.price', 'detail.lineAmount']);
    store.selectAll();
    expect(store.getState().selection).toHaveLength(6);
    expect(store.isSelected('detail')).toBe(true);
    store.clearSelection();
    expect(store.getState().selection).toEqual([]);
  });

  it('copies and pastes after the selection, into the sub-form of a selected column', () => {
    const store = new DesignerStore(sampleDefinition());
    store.select(['amount', 'dealer']);
    expect(store.copy()).toBe(2);
    expect(store.paste().ok).toBe(true);
    const def = store.getState().definition;
    expect(def.fields.map((f) => f.key)).toEqual(['subject', 'amount', 'dealer', 'amount1', 'dealer1', 'period', 'remark', 'detail']);
    expect(store.getState().selection).toEqual(['amount1', 'dealer1']);
    // the clipboard is a copy: editing the original does not change what is pasted
    store.dispatch(setFieldProperty('amount', 'label', { 'zh-CN': '改' }));
    store.select(['detail.qty']);
    store.copy(['amount']);
    expect(store.paste().ok).toBe(true);
    expect(getField(store.getState().definition, 'detail.amount2')).toMatchObject({ label: { 'zh-CN': '改' } });
    expect(schemaErrors(store.getState().definition)).toEqual([]);
  });

  it('refuses to paste a sub-form next to a column, and to paste an empty clipboard', () => {
    const store = new DesignerStore(sampleDefinition());
    expect(store.paste()).toMatchObject({ ok: false, error: { code: 'clipboardEmpty' } });
    store.copy(['detail']);
    store.select(['detail.qty']);
    expect(store.paste()).toMatchObject({ ok: false, error: { code: 'subFormInSubForm' } });
    store.clearSelection();
    expect(store.paste().ok).toBe(true);
    expect(store.getState().definition.fields.at(-1)!.key).toBe('detail1');
  });

  it('copy of a sub-form with its columns selected copies the sub-form once', () => {
    const store = new DesignerStore(sampleDefinition());
    expect(store.copy(['detail', 'detail.qty'])).toBe(1);
  });

  it('cuts and deletes the selection; moves the selection', () => {
    const { store } = sampleStore();
    store.select(['remark']);
    expect(store.cut().ok).toBe(true);
    expect(getField(store.getState().definition, 'remark')).toBeUndefined();
    expect(store.paste({ parent: null, index: 0 }).ok).toBe(true);
    expect(store.getState().definition.fields[0].key).toBe('remark1');
    store.select(['dealer']);
    expect(store.moveSelection({ parent: 'detail', index: 0 }).ok).toBe(true);
    expect(store.getState().selection).toEqual(['detail.dealer']);
    expect(store.deleteSelection().ok).toBe(true);
    expect(store.deleteSelection()).toMatchObject({ ok: false, error: { code: 'nothingSelected' } });
  });

  it('reset loads another definition and forgets the history', () => {
    const store = new DesignerStore(sampleDefinition());
    store.dispatch(addField(TC.TEXT));
    const other = { ...sampleDefinition(), code: 'other' };
    store.reset(other);
    expect(store.getState()).toMatchObject({ definition: other, canUndo: false, dirty: false, selection: [] });
  });

  it('keeps at most historyLimit steps', () => {
    const store = new DesignerStore(sampleDefinition(), { historyLimit: 3 });
    for (let i = 0; i < 5; i++) store.dispatch(addField(TC.TEXT));
    let n = 0;
    while (store.undo()) n++;
    expect(n).toBe(3);
  });

  it('rebases the undo history onto the published version instead of clearing it', () => {
    const store = new DesignerStore({ ...sampleDefinition(), version: 1 });
    store.dispatch(addField(TC.TEXT));
    store.dispatch(setWidth(['amount'], 24));
    store.undo(); // one step to redo as well
    store.select(['text1']);
    const edited = store.getState().definition;
    // the server's copy after publishing: the same form as version 2
    expect(store.rebase({ ...structuredClone(edited), version: 2 })).toBe(true);
    expect(store.getState()).toMatchObject({ canUndo: true, canRedo: true, dirty: false, selection: ['text1'] });
    expect(store.getState().definition.version).toBe(2);
    // redo and undo walk the same edits, every state now on version 2
    store.redo();
    expect(getField(store.getState().definition, 'amount')!.width).toBe(24);
    expect(store.getState().definition.version).toBe(2);
    store.undo();
    store.undo();
    expect(getField(store.getState().definition, 'text1')).toBeUndefined();
    expect(store.getState()).toMatchObject({ canUndo: false, dirty: true });
    expect(store.getState().definition.version).toBe(2);
    expect(schemaErrors(store.getState().definition)).toEqual([]);
    store.redo();
    expect(store.getState().dirty).toBe(false);
  });

  it('clears the history when the server copy differs in content, or is another form', () => {
    const store = new DesignerStore(sampleDefinition());
    store.dispatch(addField(TC.TEXT));
    const other = structuredClone(store.getState().definition);
    other.fields[0].label = { 'zh-CN': '别人改过' };
    expect(store.rebase({ ...other, version: 2 })).toBe(false);
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: false, dirty: false });
    expect(store.getState().definition.fields[0].label['zh-CN']).toBe('别人改过');
    store.dispatch(addField(TC.TEXT));
    expect(store.rebase({ ...sampleDefinition(), code: 'another' })).toBe(false);
    expect(store.getState()).toMatchObject({ canUndo: false, definition: { code: 'another' } });
  });
});
