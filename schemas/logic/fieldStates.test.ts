import { describe, expect, it } from 'vitest';
import { DEFINITION_SCHEMA_VERSION, type FormDefinition } from '../definition';
import { FORM_MODES, TC } from '../typeCodes';
import { buildRuleGraph, type RuleNode } from './ruleGraph';
import { createFieldStates } from './fieldStates';

const t = (zh: string) => ({ 'zh-CN': zh });
const def: FormDefinition = {
  schemaVersion: DEFINITION_SCHEMA_VERSION,
  code: 's',
  name: t('状态'),
  version: 1,
  formType: 0,
  fields: [
    { key: 'a', type: TC.TEXT, label: t('甲'), hidden: true },
    { key: 'b', type: TC.TEXT, label: t('乙'), required: true },
    {
      key: 'rows',
      type: TC.SUB_FORM,
      label: t('行'),
      fields: [
        { key: 'q', type: TC.INTEGER, label: t('量'), required: true },
        { key: 'v', type: TC.DECIMAL, label: t('值') },
      ],
    },
  ],
  formulas: [{ id: 'v', target: 'rows.v', expression: { '*': [{ var: 'q' }, 2] } }],
  rules: [
    { id: 'hideRows', when: true, then: [{ action: 'hide', target: 'rows' }] },
    {
      id: 'showA',
      when: true,
      then: [
        { action: 'show', target: 'a' },
        { action: 'require', target: 'a' },
        { action: 'require', target: 'rows.v' },
      ],
    },
    {
      id: 'hideA',
      when: true,
      then: [
        { action: 'hide', target: 'a' },
        { action: 'optional', target: 'b' },
      ],
    },
  ],
  permissions: { modes: { '1': { b: 'hidden' } } },
};

describe('createFieldStates', () => {
  const setup = (mode: 0 | 1 = FORM_MODES.ADD) => {
    const graph = buildRuleGraph(def);
    const rule = (id: string) => graph.nodes.find((n) => n.id === id) as RuleNode;
    return { states: createFieldStates(def, graph, mode, undefined), rule };
  };

  it('starts from the base states: own flags, permissions, computed targets', () => {
    const { states } = setup();
    expect(states.get('a')).toEqual({ path: 'a', visible: false, editable: true, required: false, computed: false });
    expect(states.get('b')).toMatchObject({ visible: true, required: true });
    expect(states.get('rows.q')).toMatchObject({ visible: true, editable: true, required: true });
    expect(states.get('rows.v')).toMatchObject({ editable: false, required: false, computed: true });
    expect(setup(FORM_MODES.MODIFY).states.get('b')).toMatchObject({ visible: false, required: false });
    expect([...states.paths()]).toEqual(['a', 'b', 'rows', 'rows.q', 'rows.v']);
  });

  it('applies active actions in rule order, later rules winning, and reports what changed', () => {
    const { states, rule } = setup();
    expect(states.activate(rule('showA'), rule('showA').then)).toEqual(['a']);
    expect(states.get('a')).toMatchObject({ visible: true, required: true });
    // hideA comes later in the rules: it wins whatever the activation order
    expect(states.activate(rule('hideA'), rule('hideA').then)).toEqual(['a', 'b']);
    expect(states.get('a')).toMatchObject({ visible: false, required: false });
    expect(states.get('b')).toMatchObject({ visible: true, required: false });
    // the same actions again change nothing; the other branch undoes them
    expect(states.activate(rule('hideA'), rule('hideA').then)).toEqual([]);
    expect(states.activate(rule('hideA'), rule('hideA').otherwise)).toEqual(['a', 'b']);
    expect(states.get('a')).toMatchObject({ visible: true, required: true });
  });

  it('a hidden sub-form hides its columns, and showing it shows them again', () => {
    const { states, rule } = setup();
    const before = states.get('rows.q');
    expect(states.activate(rule('hideRows'), rule('hideRows').then)).toEqual(['rows', 'rows.q', 'rows.v']);
    expect(states.get('rows.q')).toMatchObject({ visible: false, required: false, editable: true });
    expect(states.activate(rule('hideRows'), rule('hideRows').otherwise)).toEqual(['rows', 'rows.q', 'rows.v']);
    expect(states.get('rows.q')).toEqual(before);
  });
});
