import { describe, expect, it } from 'vitest';
import { DEFINITION_SCHEMA_VERSION, type FormDefinition } from '../definition';
import { TC } from '../typeCodes';
import { buildRuleGraph, cyclesOf, topologicalOrder } from './ruleGraph';

const t = (zh: string) => ({ 'zh-CN': zh });
const form = (extra: Partial<FormDefinition>): FormDefinition => ({
  schemaVersion: DEFINITION_SCHEMA_VERSION,
  code: 'g',
  name: t('图'),
  version: 1,
  formType: 0,
  fields: [
    { key: 'a', type: TC.DECIMAL, label: t('甲') },
    { key: 'b', type: TC.DECIMAL, label: t('乙') },
    { key: 'c', type: TC.DECIMAL, label: t('丙') },
    { key: 'k', type: TC.TEXT, label: t('类') },
    {
      key: 'rows',
      type: TC.SUB_FORM,
      label: t('行'),
      fields: [
        { key: 'q', type: TC.INTEGER, label: t('量') },
        { key: 'v', type: TC.DECIMAL, label: t('值') },
        { key: 's', type: TC.TEXT, label: t('签') },
      ],
    },
  ],
  ...extra,
});

describe('buildRuleGraph', () => {
  const chain = (setTarget: string) =>
    form({
      formulas: [
        { id: 'c', target: 'c', expression: { '+': [{ var: 'b' }, 1] } },
        { id: 'b', target: 'b', expression: { colSum: ['rows', 'v'] } },
        { id: 'v', target: 'rows.v', expression: { '*': [{ var: 'q' }, { var: 'a' }] } },
      ],
      rules: [
        { id: 'big', when: { '>': [{ var: 'c' }, 10] }, then: [{ action: 'setValue', target: setTarget, value: 2 }] },
        { id: 'plain', when: { '==': [{ var: 'k' }, 'x'] }, then: [{ action: 'hide', target: 'b' }] },
      ],
    });

  it('orders nodes so every writer runs before its readers, whatever the definition order', () => {
    const g = buildRuleGraph(chain('rows.s'));
    expect(g.nodes.map((n) => n.id)).toEqual(['v', 'plain', 'b', 'c', 'big']);
    expect(g.nodes.map((n) => n.index)).toEqual([0, 1, 2, 3, 4]);
    expect(g.cycles).toEqual([]);
  });

  it('lists cycles through formulas and rules; their nodes keep definition order at the end', () => {
    // big writes a, which v reads, and reads c, which depends on v
    const g = buildRuleGraph(chain('a'));
    expect(g.cycles).toEqual([['c', 'b', 'v', 'big']]);
    expect(g.nodes.map((n) => n.id)).toEqual(['plain', 'c', 'b', 'v', 'big']);
  });

  it('has no cycles in an acyclic definition; a rule reading its own setValue target is none', () => {
    const g = buildRuleGraph(
      form({
        formulas: [
          { id: 'v', target: 'rows.v', expression: { '*': [{ var: 'q' }, 2] } },
          { id: 'sum', target: 'a', expression: { colSum: ['rows', 'v'] } },
        ],
        rules: [
          {
            id: 'fill',
            when: { '==': [{ var: 'k' }, ''] },
            then: [
              { action: 'setValue', target: 'k', value: '-' },
              { action: 'setValue', target: 'rows.s', value: { var: 'k' } },
            ],
          },
        ],
      }),
    );
    expect(g.cycles).toEqual([]);
    expect(g.nodes.map((n) => n.id)).toEqual(['v', 'fill', 'sum']);
    expect(g.computedTargets).toEqual(new Set(['rows.v', 'a']));
    // the nodes that write into a sub-form's columns (they must run for an added row)
    expect(g.writersOf.get('rows')!.map((n) => n.id)).toEqual(['v', 'fill']);
    // a row formula's own-row column is row-local; the total reads every row
    expect(g.dependents.get('rows.q')).toEqual([{ node: g.nodes[0], rowLocal: true }]);
    expect(g.dependents.get('rows.v')).toEqual([{ node: g.nodes[2], rowLocal: false }]);
  });

  it('lists the rules with state actions on a path in rule order', () => {
    const g = buildRuleGraph(
      form({
        rules: [
          { id: 'r1', when: true, then: [{ action: 'hide', target: 'b' }] },
          {
            id: 'r2',
            when: false,
            then: [{ action: 'require', target: 'a' }],
            otherwise: [
              { action: 'show', target: 'b' },
              { action: 'readonly', target: 'b' },
            ],
          },
        ],
      }),
    );
    expect(g.rulesByStateTarget.get('b')!.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(g.rulesByStateTarget.get('a')!.map((r) => r.id)).toEqual(['r2']);
  });

  it('throws on a refused expression by default; skips and reports it with invalid: skip', () => {
    const def = form({
      formulas: [{ id: 'bad', target: 'c', expression: { log: 1 } }],
      rules: [
        {
          id: 'half',
          when: true,
          then: [
            { action: 'setValue', target: 'a', value: { var: 'nope' } },
            { action: 'hide', target: 'b' },
          ],
        },
      ],
    });
    expect(() => buildRuleGraph(def)).toThrow(/not allowed: log/);
    const g = buildRuleGraph(def, { invalid: 'skip' });
    expect(g.problems.map((p) => p.id)).toEqual(['bad', 'half']);
    // the refused formula's target stays computed; the rule keeps its state action
    expect(g.computedTargets.has('c')).toBe(true);
    expect(g.nodes.map((n) => n.id)).toEqual(['half']);
    expect(g.nodes[0].outputs).toEqual([]);
  });
});

describe('topologicalOrder and cyclesOf', () => {
  const edges = (pairs: [string, string][]) => {
    const m = new Map<string, Set<string>>();
    for (const [a, b] of pairs) m.set(a, (m.get(a) ?? new Set()).add(b));
    return m;
  };
  it('keeps the given order among independent nodes; cycle members and what follows them go last', () => {
    const e = edges([
      ['a', 'b'],
      ['b', 'a'],
      ['b', 'c'],
      ['d', 'e'],
    ]);
    expect(topologicalOrder(['a', 'b', 'c', 'd', 'e'], e)).toEqual(['d', 'e', 'a', 'b', 'c']);
    expect(cyclesOf(['a', 'b', 'c', 'd', 'e'], e)).toEqual([['a', 'b']]);
  });
  it('finds every cycle', () => {
    const e = edges([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['d', 'e'],
      ['e', 'd'],
      ['c', 'd'],
    ]);
    expect(cyclesOf(['a', 'b', 'c', 'd', 'e'], e).map((c) => c.join())).toEqual(['d,e', 'a,b,c']);
  });
});
