import { describe, expect, it } from 'vitest';
import { APPROVER_STRATEGIES, type ApproverStrategy, type ProcessNode } from '../../schemas/process/model';
import { approvalT } from './i18n';
import { methodText, namesFromDirectory, strategyRefs, strategySummary, strategyText } from './strategySummary';

const zh = approvalT('zh-CN');
const en = approvalT('en-US');
const tw = approvalT('zh-TW');

const names = namesFromDirectory(
  {
    roles: [{ code: 'caiWuZhuGuan', name: '财务主管' }],
    posts: [{ code: 'quYuJingLi', name: '区域经理' }],
    departments: [{ code: 'D01', name: '华东销售部', parentCode: null, leaderId: 'u2' }],
    groups: [{ code: 'g1', name: '费用审核组', memberCount: 3 }],
    matrices: [{ code: 'quYuShenPiJuZhen', name: '区域审批矩阵', keys: [{ key: 'quYu', name: '区域' }], columns: [{ key: 'quYuZongJian', name: '区域总监' }] }],
  },
  [
    { id: 'u2', name: '李娜' },
    { id: 'u3', name: '徐强' },
  ],
);
names.fields = { 'main.shenQingBuMen': '申请部门', 'main.jingBanRen': '经办人' };

const ALL: Record<(typeof APPROVER_STRATEGIES)[number], ApproverStrategy> = {
  users: { kind: 'users', userIds: ['u2', 'u3'] },
  roles: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] },
  posts: { kind: 'posts', postCodes: ['quYuJingLi'] },
  deptMembers: { kind: 'deptMembers', deptCodes: ['D01'] },
  deptLeader: { kind: 'deptLeader' },
  leaderChain: { kind: 'leaderChain', levels: 2 },
  fieldDeptLeader: { kind: 'fieldDeptLeader', field: 'main.shenQingBuMen' },
  fieldUser: { kind: 'fieldUser', field: 'main.jingBanRen' },
  applicant: { kind: 'applicant' },
  applicantPicks: { kind: 'applicantPicks', multiple: true, candidates: ['u2', 'u3'] },
  previousPicks: { kind: 'previousPicks' },
  groups: { kind: 'groups', groupCodes: ['g1'] },
  matrix: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { quYu: 'main.quYu' }, column: 'quYuZongJian' },
  expression: { kind: 'expression', logic: { var: 'main.approver' } },
};

const node = (assignee: ApproverStrategy | undefined, extra: Partial<ProcessNode> = {}): ProcessNode => ({
  id: 'n1',
  type: 'approve',
  name: { 'zh-CN': '审批' },
  ...(assignee ? { assignee } : {}),
  ...extra,
});

describe('strategyText', () => {
  it('covers every strategy kind of the model', () => {
    expect(Object.keys(ALL).sort()).toEqual([...APPROVER_STRATEGIES].sort());
  });

  it('says who approves in zh-CN, with names', () => {
    expect(strategyText(ALL.users, zh, names)).toBe('指定人员：李娜、徐强');
    expect(strategyText(ALL.roles, zh, names)).toBe('角色：财务主管');
    expect(strategyText(ALL.posts, zh, names)).toBe('岗位：区域经理');
    expect(strategyText(ALL.deptMembers, zh, names)).toBe('部门成员：华东销售部');
    expect(strategyText(ALL.deptLeader, zh, names)).toBe('部门负责人');
    expect(strategyText(ALL.leaderChain, zh, names)).toBe('逐级部门负责人（2 级）');
    expect(strategyText(ALL.fieldDeptLeader, zh, names)).toBe('表单字段「申请部门」所选部门的负责人');
    expect(strategyText(ALL.fieldUser, zh, names)).toBe('表单字段「经办人」所选人员');
    expect(strategyText(ALL.applicant, zh, names)).toBe('申请人本人');
    expect(strategyText(ALL.applicantPicks, zh, names)).toBe('申请人提交时自选（可多选） · 候选：李娜、徐强');
    expect(strategyText(ALL.previousPicks, zh, names)).toBe('上一步审批人指定');
    expect(strategyText(ALL.groups, zh, names)).toBe('用户组：费用审核组');
    expect(strategyText(ALL.matrix, zh, names)).toBe('矩阵 区域审批矩阵 · 区域总监');
    expect(strategyText(ALL.expression, zh, names)).toBe('按表达式计算');
  });

  it('falls back to codes without names and says when nobody is set', () => {
    expect(strategyText(ALL.users, zh)).toBe('指定人员：u2、u3');
    expect(strategyText(ALL.matrix, zh)).toBe('矩阵 quYuShenPiJuZhen · quYuZongJian');
    expect(strategyText(undefined, zh)).toBe('未设置审批人');
  });

  it('shortens long lists', () => {
    const many: ApproverStrategy = { kind: 'users', userIds: ['a', 'b', 'c', 'd', 'e'] };
    expect(strategyText(many, zh)).toBe('指定人员：a、b、c 等 5 项');
    expect(strategyText(many, en)).toBe('Users: a, b, c and 5 in all');
  });

  it('every kind has words in every locale (never a raw key)', () => {
    for (const t of [zh, en, tw]) {
      const seen = new Set<string>();
      for (const s of Object.values(ALL)) {
        const text = strategyText(s, t, names);
        expect(text).not.toMatch(/diagram\.|\{\{/);
        seen.add(text);
      }
      expect(seen.size).toBe(APPROVER_STRATEGIES.length);
    }
    expect(strategyText(ALL.roles, en, names)).toBe('Roles: 财务主管');
    expect(strategyText(ALL.deptLeader, tw)).toBe('部門負責人');
  });
});

describe('strategySummary', () => {
  it('adds the approve method, and describes the other node types', () => {
    expect(strategySummary(node(ALL.deptLeader), zh)).toBe('部门负责人 · 或签');
    expect(strategySummary(node(ALL.users, { method: 'all' }), zh, names)).toBe('指定人员：李娜、徐强 · 会签');
    expect(strategySummary(node(ALL.users, { method: 'ratio', ratio: 60 }), en, names)).toBe('Users: 李娜, 徐强 · 60% approve');
    expect(strategySummary({ ...node(ALL.roles), type: 'cc' }, zh, names)).toBe('抄送：角色：财务主管');
    expect(strategySummary({ ...node(undefined), type: 'end' }, zh)).toBe('流程结束');
    expect(strategySummary({ ...node(undefined), type: 'condition' }, en)).toBe('Chooses a branch by condition');
    expect(methodText({ method: 'sequential' }, tw)).toBe('依序審批');
  });

  it('lists the refs a strategy needs names for', () => {
    expect(strategyRefs(ALL.users)).toEqual({ users: ['u2', 'u3'], codes: [] });
    expect(strategyRefs(ALL.matrix)).toEqual({ users: [], codes: ['quYuShenPiJuZhen'] });
    expect(strategyRefs(ALL.deptLeader)).toEqual({ users: [], codes: [] });
  });
});
