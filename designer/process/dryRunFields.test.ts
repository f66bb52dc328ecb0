import { describe, expect, it } from 'vitest';
import { N, graph } from '../../schemas/process/testing';
import { TC } from '../../schemas/typeCodes';
import { dryRunData, dryRunFields, fieldsReadBy, inputKind, lookupValue, varsOf } from './dryRunFields';
import type { ProcessFormField } from './api';

const f = (key: string, type: number, extra: Partial<ProcessFormField> = {}): ProcessFormField => ({ path: key, key, label: { 'zh-CN': key }, type, ...extra });

describe('dry-run fields', () => {
  it('finds the fields conditions and strategies read', () => {
    expect([...varsOf({ and: [{ '>': [{ var: 'amount' }, 1] }, { in: [{ var: ['region', 'x'] }, ['a']] }] })]).toEqual(['amount', 'region']);
    const def = graph(
      [
        N.start(),
        N.condition('c'),
        N.approve('m', { kind: 'matrix', matrix: 'mx', by: { dealer: 'dealerField' }, column: 'col' }),
        N.approve('u', { kind: 'fieldUser', field: 'owner' }),
        N.end(),
      ],
      [
        ['start', 'c'],
        ['c', 'm', { condition: { '>': [{ var: 'amount' }, 10000] }, priority: 1 }],
        ['c', 'u'],
        ['m', 'end'],
        ['u', 'end'],
      ],
    );
    expect(fieldsReadBy(def)).toEqual(['amount', 'dealerField', 'owner']);
  });

  it('types inputs by field type and keeps amounts as decimal strings', () => {
    const amount = f('amount', TC.DECIMAL);
    const count = f('count', TC.INTEGER);
    const region = f('region', TC.SELECT, { options: [{ value: 'E', label: { 'zh-CN': '华东' } }] });
    const note = f('note', TC.TEXT);
    const col = f('line.x', TC.DECIMAL, { parent: 'line', key: 'x' });
    expect([amount, count, region, note].map(inputKind)).toEqual(['decimal', 'integer', 'select', 'text']);
    expect(dryRunData([amount, count, region, note, col], { amount: ' 12000.50 ', count: 3, region: 'E', note: '', 'line.x': '1' })).toEqual({
      data: { amount: '12000.50', count: 3, region: 'E' },
      invalid: [],
    });
    expect(dryRunData([amount, count], { amount: '12,000', count: 1.5 }).invalid).toEqual(['amount', 'count']);
    expect(dryRunFields([note, amount, col], ['amount'], false).map((x) => x.key)).toEqual(['amount']);
    expect(dryRunFields([note, amount, col], ['amount'], true).map((x) => x.key)).toEqual(['amount', 'note']);
  });

  it('looks master-data fields up and sends them as the form stores them', () => {
    const dealer = f('dealer', TC.DEALER, { dataSource: { endpoint: 'dealerConnTable' } });
    const outlets = f('outlets', TC.OUTLET, { dataSource: { endpoint: 'wangDian', multiple: true } });
    const source = f('source', TC.SELECT, { dataSource: { endpoint: 'laiYuan' } });
    const inline = f('region', TC.SELECT, { options: [{ value: 'E', label: { 'zh-CN': '华东' } }], dataSource: { endpoint: 'x' } });
    expect([dealer, outlets, source, inline].map(inputKind)).toEqual(['lookup', 'lookup', 'lookup', 'select']);
    const d1 = { id: '4000000000000000001', name: '上海百联' };
    const d2 = { id: '4000000000000000002', name: '杭州西湖' };
    // a picker type: {id, name} (a list when it holds several); another field: the id
    expect(lookupValue(dealer, [d1])).toEqual(d1);
    expect(lookupValue(outlets, [d1, d2])).toEqual([d1, d2]);
    expect(lookupValue(source, [d2])).toBe(d2.id);
    expect(lookupValue(dealer, [])).toBeUndefined();
    expect(dryRunData([dealer, outlets, source], { dealer: [d1], outlets: [], source: [d2] })).toEqual({
      data: { dealer: d1, source: d2.id },
      invalid: [],
    });
  });
});
