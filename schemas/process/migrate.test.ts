// Tests of the v2 → v3 process migration, on the five seeded processes as they were stored in
// version 2 (migrate.v2.fixture.json, from the catalog before the engine) and on edge cases.
import { describe, expect, it } from 'vitest';
import { upgradeProcessDefinition } from './migrate';
import { validateProcessDefinition } from './validate';
import { CATALOG_BY_CODE, CATALOG_PROCESSES } from '../catalog';
import v2 from './migrate.v2.fixture.json';

const L = (zh: string) => ({ 'zh-CN': zh });

describe('upgradeProcessDefinition (v2 → v3)', () => {
  it.each(v2.map((d) => [d.code, d] as const))('%s: the old seeded process upgrades to a valid v3 process against its form', (_code, doc) => {
    const up = upgradeProcessDefinition(doc);
    expect(up.schemaVersion).toBe(3);
    expect(validateProcessDefinition(up, 'zh-CN', CATALOG_BY_CODE.get(doc.formCode)).errors).toEqual([]);
    // same nodes, in the same order, with their names and positions
    const old = up.nodes.filter((n) => !n.id.endsWith('Gate'));
    expect(old.map((n) => [n.id, n.name, n.position])).toEqual(doc.nodes.map((n) => [n.id, n.name, n.position]));
    // it is idempotent
    expect(upgradeProcessDefinition(up)).toEqual(up);
  });

  it('the expense application: strategies, methods, return rules, and a gate after the department manager', () => {
    const up = upgradeProcessDefinition(v2[0]);
    expect(up.nodes.map((n) => [n.id, n.type])).toEqual([
      ['start', 'start'],
      ['buMenJingLi', 'approve'],
      ['buMenJingLiGate', 'condition'],
      ['quYuZongJian', 'approve'],
      ['caiWuShenPi', 'approve'],
      ['chaoSong', 'cc'],
      ['end', 'end'],
    ]);
    const byId = Object.fromEntries(up.nodes.map((n) => [n.id, n]));
    expect(byId.buMenJingLi).toMatchObject({ assignee: { kind: 'deptLeader' }, returnRule: { targets: ['applicant'], resubmit: 'returningNode' } });
    expect(byId.buMenJingLiGate.position).toEqual({ x: 0, y: 180 });
    expect(byId.quYuZongJian).toMatchObject({
      assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' },
      returnRule: { targets: ['applicant'], resubmit: 'start' },
    });
    expect(byId.caiWuShenPi).toMatchObject({ assignee: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] }, method: 'any' });
    expect(byId.chaoSong.assignee).toEqual({ kind: 'applicant' });
    expect(up.edges.map((e) => [e.id, e.source, e.target, e.condition !== undefined])).toEqual([
      ['e1', 'start', 'buMenJingLi', false],
      ['buMenJingLi-buMenJingLiGate', 'buMenJingLi', 'buMenJingLiGate', false],
      ['e2', 'buMenJingLiGate', 'quYuZongJian', true],
      ['e3', 'buMenJingLiGate', 'caiWuShenPi', false],
      ['e4', 'quYuZongJian', 'caiWuShenPi', false],
      ['e5', 'caiWuShenPi', 'chaoSong', false],
      ['e6', 'chaoSong', 'end', false],
    ]);
    expect(up.edges[2]).toMatchObject({ priority: 1, label: '金额 > 50,000' });
  });

  it('edge cases: users, taken gate ids, a lone conditioned edge, v2 condition nodes, unknown bits', () => {
    const up = upgradeProcessDefinition({
      schemaVersion: 2,
      code: 'x',
      name: L('x'),
      version: 2,
      nodes: [
        { id: 'start', type: 'start', name: L('开始') },
        { id: 'a', type: 'approve', name: L('a'), approvers: { kind: 'user', ids: ['1', '2'] }, multi: 'all', resubmitTo: 'start' },
        { id: 'aGate', type: 'condition', name: L('已有条件节点'), approvers: { kind: 'bogus' } },
        { id: 'b', type: 'approve', name: L('b'), approvers: { kind: 'matrix', matrix: 'm' }, multi: 'weird' },
        { id: 'end', type: 'end', name: L('结束') },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'a', condition: { '==': [1, 1] } },
        { id: 'e2', source: 'a', target: 'aGate' },
        { id: 'e3', source: 'aGate', target: 'b', condition: { '==': [1, 1] } },
        { id: 'e4', source: 'aGate', target: 'end' },
        { id: 'e5', source: 'b', target: 'end' },
        { id: 'e6', source: 'a', target: 'end', condition: { '==': [2, 2] } },
      ],
    });
    const byId = Object.fromEntries(up.nodes.map((n) => [n.id, n]));
    expect(byId.a).toEqual({ id: 'a', type: 'approve', name: L('a'), assignee: { kind: 'users', userIds: ['1', '2'] }, method: 'all' });
    expect(byId.aGate).toEqual({ id: 'aGate', type: 'condition', name: L('已有条件节点') });
    // a's gate: the id aGate is taken
    expect(up.nodes.map((n) => n.id)).toEqual(['start', 'startGate', 'a', 'aGate2', 'aGate', 'b', 'end']);
    expect(up.edges.filter((e) => e.source === 'aGate2').map((e) => e.id)).toEqual(['e2', 'e6']);
    expect(byId.b).toEqual({ id: 'b', type: 'approve', name: L('b'), assignee: { kind: 'matrix', matrix: 'm', by: {}, column: 'b' } });
    // a lone conditioned edge gets a gate too (which then lacks its default: validation says so)
    expect(byId.startGate.type).toBe('condition');
    expect(up.edges.find((e) => e.id === 'e1')!.source).toBe('startGate');
    expect(validateProcessDefinition(up).errors.map((e) => e.code)).toEqual(['process.noDefaultEdge']);
    // already v3: untouched
    expect(upgradeProcessDefinition(CATALOG_PROCESSES[0])).toBe(CATALOG_PROCESSES[0]);
    expect(upgradeProcessDefinition(null)).toMatchObject({ schemaVersion: 3, nodes: [], edges: [] });
  });
});
