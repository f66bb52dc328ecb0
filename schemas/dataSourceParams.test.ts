import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition';
import { TC } from './typeCodes';
import { columnsOf } from './columnsOf';
import { dependencyChangeClears, paramKeys, paramReferenceProblems, pathsToClear, referencePaths, referenceText, resolveParams } from './dataSourceParams';

const label = { 'zh-CN': 'x' };
const fields: FieldDefinition[] = [
  { key: 'caiWuNian', type: 51, label },
  { key: 'feiYongKeMu', type: 39, label },
  { key: 'jingXiaoShang', type: 87, label },
  { key: 'wangDian', type: 14, label, dataSource: { params: { dealerId: '{jingXiaoShang.id}' }, multiple: true } },
  { key: 'yuSuanChi', type: 68, label, dataSource: { params: { fiscalYearId: '{caiWuNian.id}', subjectId: '{feiYongKeMu}' }, autoPickSingle: true } },
  {
    key: 'mingXi',
    type: TC.SUB_FORM,
    label,
    fields: [
      { key: 'pinPai', type: 27, label },
      { key: 'danPin', type: 33, label, dataSource: { params: { brandId: '{pinPai.id}' } } },
      { key: 'yuSuanChi', type: 68, label, dataSource: { params: { fiscalYearId: '{caiWuNian.id}' } } },
    ],
  },
];

describe('param templates', () => {
  it('lists the keys the params read', () => {
    expect(paramKeys({ fiscalYearId: '{caiWuNian.id}', subjectId: '{feiYongKeMu}', level: '2' })).toEqual(['caiWuNian', 'feiYongKeMu']);
    expect(paramKeys(undefined)).toEqual([]);
  });

  it('a picker value stands for its id, several for their ids joined, plain values for themselves', () => {
    expect(referenceText({ id: 'b1', name: '品牌一' })).toBe('b1');
    expect(referenceText({ id: 'b1', name: '品牌一' }, 'name')).toBe('品牌一');
    expect(referenceText([{ id: 'a' }, { id: 'b' }])).toBe('a,b');
    expect(referenceText('2026')).toBe('2026');
    expect(referenceText(7)).toBe('7');
    expect(referenceText(undefined)).toBe('');
    expect(referenceText([])).toBe('');
    expect(referenceText({ name: 'no id' })).toBe('');
  });

  it('resolves references, keeps static params, leaves out and reports unresolved ones', () => {
    const values: Record<string, unknown> = { caiWuNian: { id: 'fy26', name: '2026' } };
    const r = resolveParams({ fiscalYearId: '{caiWuNian.id}', subjectId: '{feiYongKeMu.id}', level: '1', tag: 'y-{caiWuNian.name}' }, (k) => values[k]);
    expect(r.params).toEqual({ fiscalYearId: 'fy26', level: '1', tag: 'y-2026' });
    expect(r.missing).toEqual(['feiYongKeMu']);
    values.feiYongKeMu = { id: 's9', name: '陈列' };
    expect(resolveParams({ subjectId: '{feiYongKeMu.id}' }, (k) => values[k])).toEqual({ params: { subjectId: 's9' }, missing: [] });
  });

  it('a column reads its row first, then the main form', () => {
    const rowKeys = new Set(['pinPai', 'danPin', 'yuSuanChi']);
    expect(referencePaths(columnsOf(fields[5])[1], { path: 'mingXi.3', keys: rowKeys })).toEqual({ pinPai: 'mingXi.3.pinPai' });
    expect(referencePaths(columnsOf(fields[5])[2], { path: 'mingXi.3', keys: rowKeys })).toEqual({ caiWuNian: 'caiWuNian' });
    expect(referencePaths(fields[4])).toEqual({ caiWuNian: 'caiWuNian', feiYongKeMu: 'feiYongKeMu' });
  });
});

describe('what a dependency change clears', () => {
  const rows = () => 2;
  it('a changed or cleared dependency clears; empty → value and same id keep', () => {
    expect(dependencyChangeClears({ id: 'a' }, { id: 'b' })).toBe(true);
    expect(dependencyChangeClears({ id: 'a' }, undefined)).toBe(true);
    expect(dependencyChangeClears(undefined, { id: 'a' })).toBe(false);
    expect(dependencyChangeClears({ id: 'a', name: 'A' }, { id: 'a', name: 'A 改名' })).toBe(false);
  });

  it('the brand of a row clears that row’s product only', () => {
    expect(pathsToClear(fields, 'mingXi.1.pinPai', { id: 'b1' }, { id: 'b2' }, rows)).toEqual(['mingXi.1.danPin']);
    expect(pathsToClear(fields, 'mingXi.1.pinPai', undefined, { id: 'b2' }, rows)).toEqual([]);
  });

  it('the header fiscal year clears the header pool and every row’s pool', () => {
    expect(pathsToClear(fields, 'caiWuNian', { id: 'fy25' }, { id: 'fy26' }, rows)).toEqual(['yuSuanChi', 'mingXi.0.yuSuanChi', 'mingXi.1.yuSuanChi']);
    expect(pathsToClear(fields, 'jingXiaoShang', { id: 'd1' }, null, rows)).toEqual(['wangDian']);
    expect(pathsToClear(fields, 'feiYongKeMu', { id: 's1' }, { id: 's2' }, rows)).toEqual(['yuSuanChi']);
    expect(pathsToClear(fields, 'huoDongMingCheng', 'a', 'b', rows)).toEqual([]);
  });
});

describe('designer checks', () => {
  it('references to missing keys and circles are reported with their path', () => {
    expect(paramReferenceProblems(fields)).toEqual([]);
    const bad: FieldDefinition[] = [
      { key: 'a', type: 27, label, dataSource: { params: { x: '{b.id}' } } },
      { key: 'b', type: 27, label, dataSource: { params: { y: '{a.id}' } } },
      { key: 'm', type: TC.SUB_FORM, label, fields: [{ key: 'c', type: 33, label, dataSource: { params: { z: '{nope.id}' } } }] },
    ];
    expect(paramReferenceProblems(bad)).toEqual([
      { path: '/fields/2/fields/0/dataSource/params/z', key: 'nope' },
      { path: '/fields/0/dataSource/params', key: 'a', cycle: true },
      { path: '/fields/1/dataSource/params', key: 'b', cycle: true },
    ]);
  });
});
