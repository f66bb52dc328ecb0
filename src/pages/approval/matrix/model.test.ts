import { describe, expect, it } from 'vitest';
import type { MatrixDoc } from '../../../../schemas/api/processAdmin';
import {
  addApproverColumn,
  addKeyColumn,
  addRow,
  copyRow,
  countReplacements,
  draftOf,
  emptyDraft,
  filterRows,
  inferKeySource,
  placeOfField,
  problemsOf,
  removeColumn,
  removeRow,
  setCell,
  setKeyValue,
  toSaveBody,
  updateKeyColumn,
} from './model';

const U1 = '1000000000000000001';
const U2 = '1000000000000000002';
const U3 = '1000000000000000003';

const doc: Omit<MatrixDoc, 'users'> = {
  code: 'quYuShenPiJuZhen',
  name: { 'zh-CN': '区域审批矩阵', 'en-US': 'Regional approval matrix' },
  keys: [{ key: 'jingXiaoShang', name: '经销商' }],
  columns: [
    { key: 'quYuZongJian', name: '大区总监' },
    { key: 'caiWu', name: '财务' },
  ],
  rows: [
    { keys: { jingXiaoShang: 'D1' }, cells: { quYuZongJian: [U1], caiWu: [U2] } },
    { keys: { jingXiaoShang: 'D2' }, cells: { quYuZongJian: [U1, U3] } },
  ],
  version: 4,
};

describe('the matrix draft', () => {
  it('round-trips a document through the draft to the save body', () => {
    const d = draftOf(doc);
    expect(d.keys[0].source).toBe('dealer');
    expect(toSaveBody(d)).toEqual({
      code: doc.code,
      name: doc.name,
      keys: doc.keys,
      columns: doc.columns,
      rows: [
        { keys: { jingXiaoShang: 'D1' }, cells: { quYuZongJian: [U1], caiWu: [U2] } },
        { keys: { jingXiaoShang: 'D2' }, cells: { quYuZongJian: [U1, U3], caiWu: [] } },
      ],
      version: 4,
    });
    expect(problemsOf(d, false)).toEqual([]);
  });

  it('a new matrix has no version in its body', () => {
    const d = { ...emptyDraft(), code: 'm1', name: { 'zh-CN': ' 矩阵 ', 'en-US': '  ' } };
    const body = toSaveBody(d);
    expect(body.version).toBeUndefined();
    expect(body.name).toEqual({ 'zh-CN': '矩阵' });
  });

  it('renaming a column key keeps its values', () => {
    let d = draftOf(doc);
    d = updateKeyColumn(d, d.keys[0].uid, { key: 'dealer' });
    expect(toSaveBody(d).rows[0].keys).toEqual({ dealer: 'D1' });
  });

  it('adds, copies and removes rows; edits cells without duplicates', () => {
    let d = draftOf(doc);
    d = addRow(d, 0);
    expect(d.rows).toHaveLength(3);
    expect(d.rows[1].keys[d.keys[0].uid]).toBe('');
    d = removeRow(d, 1);
    d = copyRow(d, 1);
    expect(d.rows).toHaveLength(3);
    expect(d.rows[2].uid).not.toBe(d.rows[1].uid);
    expect(toSaveBody(d).rows[2]).toEqual(toSaveBody(d).rows[1]);
    // the copy is independent
    d = setCell(d, 2, d.columns[0].uid, [U2, U2, U3]);
    expect(d.rows[2].cells[d.columns[0].uid]).toEqual([U2, U3]);
    expect(d.rows[1].cells[d.columns[0].uid]).toEqual([U1, U3]);
    expect(problemsOf(d, false).map((p) => [p.key, p.row])).toEqual([['matrix.problems.duplicateRow', 2]]);
    d = setKeyValue(d, 2, d.keys[0].uid, 'D3');
    expect(problemsOf(d, false)).toEqual([]);
    expect(removeRow(d, 9)).toBe(d);
  });

  it('adds and removes columns in every row', () => {
    let d = draftOf(doc);
    d = addKeyColumn(d);
    d = addApproverColumn(d);
    expect(d.rows.every((r) => Object.keys(r.keys).length === 2 && Object.keys(r.cells).length === 3)).toBe(true);
    const probs = problemsOf(d, false).map((p) => p.key);
    expect(probs).toContain('matrix.problems.columnKey');
    expect(probs).toContain('matrix.problems.keyEmpty');
    d = removeColumn(d, d.keys[1].uid);
    d = removeColumn(d, d.columns[2].uid);
    expect(problemsOf(d, false)).toEqual([]);
    expect(toSaveBody(d)).toEqual(toSaveBody(draftOf(doc)));
  });

  it('finds the problems the server would refuse', () => {
    const d = emptyDraft();
    const keys = problemsOf(d, true).map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['matrix.problems.code', 'matrix.problems.name', 'matrix.problems.columnKey', 'matrix.problems.columnName']));
    const dup = draftOf({ ...doc, columns: [{ key: 'jingXiaoShang', name: 'x' }] });
    expect(problemsOf(dup, false).map((p) => p.key)).toContain('matrix.problems.columnDuplicate');
    expect(problemsOf({ ...draftOf(doc), code: '1bad' }, true).map((p) => p.key)).toContain('matrix.problems.code');
  });

  it('places server field errors on rows and columns', () => {
    const d = draftOf(doc);
    expect(placeOfField(d, 'rows.1.cells.caiWu.0')).toEqual({ row: 1, column: d.columns[1].uid });
    expect(placeOfField(d, 'rows.0.keys')).toEqual({ row: 0 });
    expect(placeOfField(d, 'columns.0.key')).toEqual({ column: d.columns[0].uid });
    expect(placeOfField(d, 'name')).toEqual({});
  });

  it('filters rows by key value, key label or user name', () => {
    const d = draftOf(doc);
    const names: Record<string, string> = { [U1]: '徐强', [U2]: '孙丽', [U3]: '李娜' };
    expect(filterRows(d, '', (id) => names[id])).toEqual([0, 1]);
    expect(filterRows(d, '李', (id) => names[id])).toEqual([1]);
    expect(filterRows(d, 'd1', (id) => names[id])).toEqual([0]);
    expect(
      filterRows(
        d,
        '上海',
        (id) => names[id],
        (_, v) => (v === 'D2' ? '上海经销' : undefined),
      ),
    ).toEqual([1]);
  });

  it('counts the cells an employee update changes', () => {
    const other: Omit<MatrixDoc, 'users'> = {
      code: 'b',
      name: { 'zh-CN': 'b' },
      keys: [],
      columns: [],
      version: 1,
      rows: [{ keys: {}, cells: { x: [U3], y: [U1] } }],
    };
    expect(countReplacements([doc, other], U1)).toEqual({ matrices: 2, cells: 3 });
    expect(countReplacements([doc, other], U2)).toEqual({ matrices: 1, cells: 1 });
    expect(countReplacements([doc], '9')).toEqual({ matrices: 0, cells: 0 });
  });

  it('infers the key source from the column key', () => {
    expect(inferKeySource('jingXiaoShang')).toBe('dealer');
    expect(inferKeySource('buMen')).toBe('department');
    expect(inferKeySource('quYu')).toBe('text');
  });
});
