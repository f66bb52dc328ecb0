// Tests of validateProcessDefinition (v3): the graph checks (start/end, edges, reachability,
// gateways, parallel/join pairs, cycles), the node checks (strategy, ratio, empty user) and the
// references to the bound form (conditions, strategy fields, expression strategies).
import { describe, expect, it } from 'vitest';
import { validateProcessDefinition } from './validate';
import { PROCESS_SCHEMA_VERSION, type ProcessDefinition, type ProcessNode } from './model';
import { sampleDefinition } from '../testing/fixtures';

const L = (zh: string, en = zh) => ({ 'zh-CN': zh, 'en-US': en });
const codes = (def: unknown) => validateProcessDefinition(def).errors.map((e) => e.code);

/** start → leader → gate (jinE > 50000 → finance; default → end) ; finance → end */
function process(): ProcessDefinition {
  return {
    schemaVersion: PROCESS_SCHEMA_VERSION,
    code: 'feiYongShenQingLiuCheng',
    name: L('费用申请审批流程'),
    version: 1,
    formCode: 'testForm',
    nodes: [
      { id: 'start', type: 'start', name: L('提交') },
      { id: 'leader', type: 'approve', name: L('部门经理审批'), assignee: { kind: 'deptLeader' } },
      { id: 'finance', type: 'approve', name: L('财务审批'), assignee: { kind: 'roles', roleCodes: ['caiWu'] } },
      { id: 'end', type: 'end', name: L('结束') },
      { id: 'gate', type: 'condition', name: L('金额判断') },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'leader' },
      { id: 'e2', source: 'gate', target: 'finance', condition: { '>': [{ var: 'jinE' }, 50000] }, priority: 1 },
      { id: 'e3', source: 'gate', target: 'end', priority: 2 },
      { id: 'e4', source: 'finance', target: 'end' },
      { id: 'e5', source: 'leader', target: 'gate' },
    ],
  };
}

/** start → split ⇉ (a, b) → join → end */
function parallel(): ProcessDefinition {
  const approve = (id: string): ProcessNode => ({ id, type: 'approve', name: L(id), assignee: { kind: 'applicant' } });
  return {
    schemaVersion: PROCESS_SCHEMA_VERSION,
    code: 'p',
    name: L('并行'),
    version: 0,
    nodes: [
      { id: 'start', type: 'start', name: L('提交') },
      { id: 'split', type: 'parallel', name: L('并行') },
      approve('a'),
      approve('b'),
      { id: 'join', type: 'join', name: L('汇聚'), split: 'split' },
      { id: 'end', type: 'end', name: L('结束') },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'split' },
      { id: 'e2', source: 'split', target: 'a' },
      { id: 'e3', source: 'split', target: 'b' },
      { id: 'e4', source: 'a', target: 'join' },
      { id: 'e5', source: 'b', target: 'join' },
      { id: 'e6', source: 'join', target: 'end' },
    ],
  };
}

describe('validateProcessDefinition', () => {
  it('accepts a valid process, and a parallel one', () => {
    expect(validateProcessDefinition(process(), 'zh-CN', sampleDefinition()).errors).toEqual([]);
    expect(validateProcessDefinition(parallel()).errors).toEqual([]);
  });

  it('needs exactly one start and at least one end', () => {
    const p = process();
    p.nodes[0].type = 'approve';
    expect(codes(p)).toContain('process.noStart');
    const q = process();
    q.nodes[1].type = 'start';
    expect(codes(q)).toContain('process.multipleStart');
    const r = process();
    r.nodes[3].type = 'cc';
    r.nodes[3].assignee = { kind: 'applicant' };
    const err = validateProcessDefinition(r).errors.find((e) => e.code === 'process.noEnd')!;
    expect(err.message).toBe('流程至少需要一个结束节点');
    expect(validateProcessDefinition(r, 'en-US').errors.find((e) => e.code === 'process.noEnd')!.message).toBe('The process needs at least one end node');
  });

  it('edges must connect existing nodes; every node must be reachable', () => {
    const p = process();
    p.edges[3].target = 'nowhere';
    expect(validateProcessDefinition(p).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'process.edgeUnknownNode', path: '/edges/3/target' })]),
    );
    const q = process();
    q.edges = q.edges.filter((e) => e.id !== 'e2');
    expect(validateProcessDefinition(q).errors).toEqual([expect.objectContaining({ code: 'process.unreachableNode', path: '/nodes/2' })]);
  });

  it('dead ends, ends with a way out', () => {
    const p = process();
    p.edges = p.edges.filter((e) => e.id !== 'e4');
    expect(validateProcessDefinition(p).errors).toEqual([expect.objectContaining({ code: 'process.deadEnd', path: '/nodes/2' })]);
    const q = process();
    q.edges.push({ id: 'e9', source: 'end', target: 'finance' });
    const errs = validateProcessDefinition(q).errors;
    expect(errs).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'process.endHasOutgoing', path: '/nodes/3' })]));
  });

  it('a condition node: exactly one default edge; conditions only out of condition nodes', () => {
    const r = process();
    delete r.edges[1].condition;
    const err = validateProcessDefinition(r).errors;
    expect(err).toEqual([expect.objectContaining({ code: 'process.multipleDefaultEdges', path: '/edges/2' })]);
    expect(err[0].message).toBe('节点「gate」有多条无条件连线，只能有一条默认分支');
    const s = process();
    s.edges[2].condition = { '<=': [{ var: 'jinE' }, 50000] };
    expect(validateProcessDefinition(s).errors).toEqual([
      expect.objectContaining({ code: 'process.noDefaultEdge', path: '/nodes/4', params: { node: 'gate' } }),
    ]);
    // v2 style: a condition on an edge out of an approver node, which also has two ways out
    const t = process();
    t.edges = t.edges.filter((e) => e.id !== 'e5');
    t.edges.push({ id: 'e6', source: 'leader', target: 'finance', condition: { '>': [{ var: 'jinE' }, 1] } }, { id: 'e7', source: 'leader', target: 'gate' });
    expect(validateProcessDefinition(t).errors).toEqual([
      expect.objectContaining({ code: 'process.conditionOutsideGateway', path: '/edges/4/condition', params: { edge: 'e6', node: 'leader' } }),
      expect.objectContaining({ code: 'process.multipleOutgoing', path: '/nodes/1', params: { node: 'leader', count: 2 } }),
    ]);
  });

  it('parallel needs two branches and its join; a join names a parallel split', () => {
    const p = parallel();
    p.edges = p.edges.filter((e) => e.id !== 'e3');
    p.edges.push({ id: 'e7', source: 'start', target: 'b' });
    expect(codes(p)).toEqual(['process.multipleOutgoing', 'process.parallelTooFewBranches']);
    const q = parallel();
    q.nodes[4].split = 'a';
    expect(validateProcessDefinition(q).errors).toEqual([
      expect.objectContaining({ code: 'process.joinWithoutSplit', path: '/nodes/1', params: { node: 'split' } }),
      expect.objectContaining({ code: 'process.joinWithoutSplit', path: '/nodes/4', params: { node: 'join', split: 'a' } }),
    ]);
    const r = parallel();
    delete r.nodes[4].split;
    expect(codes(r)).toEqual(['process.joinWithoutSplit', 'process.joinWithoutSplit']);
  });

  it('any directed cycle, reported once with its path', () => {
    const p = process();
    p.edges[3].target = 'leader'; // finance → leader → gate → finance
    const err = validateProcessDefinition(p).errors;
    expect(err).toEqual([
      expect.objectContaining({
        code: 'process.cycle',
        path: '/nodes/1',
        params: { cycle: 'leader → gate → finance → leader', nodes: ['leader', 'gate', 'finance'] },
      }),
    ]);
    expect(err[0].message).toBe('流程中存在环路：leader → gate → finance → leader');
    const q = process();
    q.edges.push({ id: 'self', source: 'gate', target: 'gate', condition: { '==': [1, 2] } });
    expect(codes(q)).toEqual(['process.cycle']);
  });

  it('approve and cc nodes need a strategy; ratio needs its value; toUser its user', () => {
    const p = process();
    delete p.nodes[1].assignee;
    p.nodes[2].method = 'ratio';
    p.nodes[2].onEmpty = 'toUser';
    expect(validateProcessDefinition(p).errors).toEqual([
      expect.objectContaining({ code: 'process.noStrategy', path: '/nodes/1', params: { node: 'leader' } }),
      expect.objectContaining({ code: 'process.ratioWithoutValue', path: '/nodes/2/ratio' }),
      expect.objectContaining({ code: 'process.emptyUser', path: '/nodes/2/emptyUserId' }),
    ]);
    p.nodes[1].assignee = { kind: 'applicant' };
    p.nodes[2].ratio = 60;
    p.nodes[2].emptyUserId = '1000000000000000001';
    expect(codes(p)).toEqual([]);
  });

  it("a strategy's form fields must be fields of the bound form", () => {
    const form = sampleDefinition();
    const p = process();
    p.nodes[2].assignee = { kind: 'matrix', matrix: 'quYu', by: { jingXiaoShang: 'nope', qd: 'jingXiaoShang' }, column: 'zongJian' };
    p.nodes[1].assignee = { kind: 'fieldUser', field: 'mingXi.who' };
    expect(validateProcessDefinition(p, 'zh-CN', form).errors).toEqual([
      expect.objectContaining({ code: 'process.unknownField', path: '/nodes/1/assignee/field', params: { field: 'mingXi.who' } }),
      expect.objectContaining({ code: 'process.unknownField', path: '/nodes/2/assignee/by/jingXiaoShang' }),
    ]);
    // without the form nothing can be said about fields
    expect(codes(p)).toEqual([]);
    p.nodes[2].assignee = { kind: 'matrix', matrix: 'quYu', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'zongJian' };
    p.nodes[1].assignee = { kind: 'fieldDeptLeader', field: 'mingXi.chanPin' };
    expect(validateProcessDefinition(p, 'zh-CN', form).errors).toEqual([]);
  });

  it('expression strategies are checked like conditions', () => {
    const p = process();
    p.nodes[2].assignee = { kind: 'expression', logic: { if: [{ '>': [{ var: 'nope' }, 1] }, '1', '2'] } };
    expect(validateProcessDefinition(p, 'zh-CN', sampleDefinition()).errors).toEqual([
      expect.objectContaining({ code: 'process.unknownField', path: '/nodes/2/assignee/logic', params: { field: 'nope' } }),
    ]);
    p.nodes[2].assignee = { kind: 'expression', logic: { bogus: [] } };
    expect(codes(p)).toEqual(['unknownOperator']);
    p.nodes[2].assignee = { kind: 'expression', logic: { if: [{ '>': [{ colSum: ['mingXi', 'danJia'] }, 1] }, '1', { var: 'jingXiaoShang.id' }] } };
    expect(validateProcessDefinition(p, 'zh-CN', sampleDefinition()).errors).toEqual([]);
  });

  it('a callback URL is an absolute http(s) URL', () => {
    expect(codes({ ...process(), callbackUrl: 'https://erp.example.com/approval/callback' })).toEqual([]);
    expect(codes({ ...process(), callbackUrl: 'http://10.0.0.5:8080/cb' })).toEqual([]);
    for (const bad of ['not a url', 'ftp://example.com/x', 'javascript:alert(1)', '/relative/path']) {
      expect(codes({ ...process(), callbackUrl: bad }), bad).toEqual(['schema.format']);
    }
  });

  it('duplicate node ids, structure, conditions against the form, zh-TW', () => {
    const p = process();
    p.nodes[2].id = 'leader';
    expect(codes(p)).toContain('process.duplicateNodeId');
    expect(codes({ nodes: 1 })).toContain('schema.required');
    expect(codes({ nodes: [null, { id: 'x' }], edges: [1, { source: 'x' }] })).toEqual(expect.arrayContaining(['process.noStart', 'process.noEnd']));
    const q = process();
    q.edges[1].condition = { '>': [{ var: 'nope' }, 1] };
    expect(validateProcessDefinition(q, 'zh-CN', sampleDefinition()).errors.map((e) => e.code)).toEqual(['process.unknownField']);
    expect(validateProcessDefinition(q, 'zh-TW', sampleDefinition()).errors[0].message).toBe('流程條件或審批人引用了不存在的欄位「nope」');
    q.edges[1].condition = { bogus: [] };
    expect(codes(q)).toEqual(['unknownOperator']);
    // the old shape is refused by structure (migrate.ts upgrades it)
    expect(codes({ ...process(), schemaVersion: 2 })).toContain('schema.const');
  });
});
