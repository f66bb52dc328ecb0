import { describe, expect, it } from 'vitest';
import { TC, type FieldDefinition } from '../../schemas';
import { createLocalSource } from './localSource';

const label = (s: string) => ({ 'zh-CN': s });
const fields: FieldDefinition[] = [
  { key: 'title', type: TC.TEXT, label: label('标题'), required: true },
  { key: 'memo', type: TC.TEXT, label: label('备注'), readonly: true },
  {
    key: 'lines',
    type: TC.SUB_FORM,
    label: label('明细'),
    maxRows: 2,
    fields: [
      { key: 'qty', type: TC.INTEGER, label: label('数量'), default: 1 },
      { key: 'note', type: TC.TEXT, label: label('说明'), hidden: true },
    ],
  },
];

describe('createLocalSource', () => {
  it('derives states from the definition, columns inheriting their sub-form, with overrides by path', () => {
    const s = createLocalSource({ fields, states: { lines: { editable: false } } });
    expect(s.getState('title')).toEqual({ visible: true, editable: true, required: true });
    expect(s.getState('memo').editable).toBe(false);
    expect(s.getState('lines.qty')).toEqual({ visible: true, editable: false, required: false });
    expect(s.getState('lines.note').visible).toBe(false);
    expect(s.getState('title')).toBe(s.getState('title'));
  });

  it('writes immutably, notifies the path written and reports the record', () => {
    const seen: string[] = [];
    const records: Record<string, unknown>[] = [];
    const s = createLocalSource({ fields, values: { title: 'a', lines: [{ _id: '1800000000000000001', qty: 2 }] }, onValues: (v) => records.push(v) });
    s.subscribe('lines.0.qty', () => seen.push('cell'));
    s.subscribe('lines', () => seen.push('table'));
    const before = s.values();
    s.change('lines.0.qty', 5);
    expect(s.getValue('lines.0.qty')).toBe(5);
    expect(before).not.toBe(s.values());
    expect((before.lines as { qty: number }[])[0].qty).toBe(2);
    expect(seen).toEqual(['cell']);
    expect(records.at(-1)).toBe(s.values());
  });

  it('adds rows with the columns’ defaults up to maxRows and removes them; row ids change only then', () => {
    const s = createLocalSource({ fields, values: { lines: [{ qty: 3 }] } });
    const ids = s.getRowIds('lines');
    expect(ids[0]).toMatch(/^\d{19}$/);
    s.change('lines.0.qty', 4);
    expect(s.getRowIds('lines')).toBe(ids);
    s.addRow('lines');
    s.addRow('lines'); // maxRows 2
    expect(s.getRowIds('lines')).toHaveLength(2);
    expect(s.getValue('lines.1.qty')).toBe(1);
    s.removeRow('lines', 0);
    expect(s.getValue('lines.0.qty')).toBe(1);
  });

  it('places and clears errors by path, notifying only the paths that changed', () => {
    const seen: string[] = [];
    const s = createLocalSource({ fields, errors: { title: '请填写标题' } });
    s.subscribe('title', () => seen.push('title'));
    s.subscribe('lines.0.qty', () => seen.push('cell'));
    s.setErrors({ title: '请填写标题', 'lines.0.qty': '数量过大' });
    expect(seen).toEqual(['cell']);
    expect(s.getError('lines.0.qty')).toBe('数量过大');
    s.setErrors(undefined);
    expect(s.getError('title')).toBeUndefined();
    expect(seen).toEqual(['cell', 'title', 'cell']);
  });
});
