// An in-memory ProcessDrawerApi for tests and stories: forms held as real FormDefinitions (their
// fields listed the way the server's `biaoDan/item/list` lists them), an organisation directory
// (roles, posts, a department tree, groups, a matrix) and users searched by login or name.
// Nothing is canned per test: every answer is computed from these structures.
import { DEFINITION_SCHEMA_VERSION, type FieldDefinition, type FormDefinition } from '../../../schemas/definition';
import { TC } from '../../../schemas/typeCodes';
import type { ApproverStrategy, ProcessDefinition, ProcessNode } from '../../../schemas/process/model';
import type { DirectoryOptions, DirectoryUser, FormFieldInfo, ProcessDrawerApi } from './api';

/** The fields of a form as `processAdmin.formFields` answers them: main fields, then each sub-form's columns. */
export function formFieldsOf(form: FormDefinition): FormFieldInfo[] {
  const out: FormFieldInfo[] = [];
  const one = (f: FieldDefinition, parent?: string): FormFieldInfo => ({
    path: parent ? `${parent}.${f.key}` : f.key,
    key: f.key,
    label: f.label,
    type: f.type,
    ...(parent ? { parent } : {}),
    ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
  });
  for (const f of form.fields) {
    out.push(one(f));
    for (const c of (f.fields ?? []) as FieldDefinition[]) out.push(one(c, f.key));
  }
  return out;
}

const zh = (s: string, en?: string) => (en ? { 'zh-CN': s, 'en-US': en } : { 'zh-CN': s });

/** An expense application (费用申请): an amount, an expense type with options, a department and an employee picker, a dealer, a sub-form. */
export function expenseForm(): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'feiYongShenQing',
    name: zh('费用申请', 'Expense application'),
    version: 1,
    formType: 80021,
    fields: [
      { key: 'subject', type: TC.TEXT, label: zh('主题', 'Subject'), required: true },
      { key: 'amount', type: TC.DECIMAL, label: zh('申请金额', 'Amount'), precision: 2, required: true },
      { key: 'days', type: TC.INTEGER, label: zh('活动天数', 'Days') },
      {
        key: 'expenseType',
        type: TC.SELECT,
        label: zh('费用类型', 'Expense type'),
        options: [
          { value: 'promo', label: zh('促销费', 'Promotion') },
          { value: 'display', label: zh('陈列费', 'Display') },
          { value: 'travel', label: zh('差旅费', 'Travel') },
        ],
      },
      { key: 'costDept', type: TC.DEPARTMENT, label: zh('承担部门', 'Cost department') },
      { key: 'reviewer', type: TC.EMPLOYEE, label: zh('指定审核人', 'Reviewer') },
      { key: 'dealer', type: TC.DEALER, label: zh('经销商', 'Dealer') },
      {
        key: 'detail',
        type: TC.SUB_FORM,
        label: zh('费用明细', 'Lines'),
        fields: [
          { key: 'item', type: TC.TEXT, label: zh('项目', 'Item') },
          { key: 'lineAmount', type: TC.DECIMAL, label: zh('金额', 'Amount'), precision: 2 },
        ],
      },
    ],
    permissions: { modes: {}, nodes: { leader: { amount: 'readonly' } } },
  };
}

export const DIRECTORY_OPTIONS: DirectoryOptions = {
  roles: [
    { code: 'employee', name: '员工' },
    { code: 'caiWuZhuGuan', name: '财务主管' },
  ],
  posts: [
    { code: 'jingLi', name: '经理' },
    { code: 'quYuZongJian', name: '区域总监' },
  ],
  departments: [
    { code: 'XS', name: '销售中心', parentCode: null, leaderId: '1000000000000000003' },
    { code: 'XS-HD', name: '华东销售部', parentCode: 'XS', leaderId: '1000000000000000002' },
    { code: 'XS-HB', name: '华北销售部', parentCode: 'XS', leaderId: null },
    { code: 'CW', name: '财务部', parentCode: null, leaderId: '1000000000000000005' },
  ],
  groups: [{ code: 'reviewers', name: '复核小组', memberCount: 2 }],
  matrices: [
    {
      code: 'quYuShenPiJuZhen',
      name: '区域审批矩阵',
      keys: [
        { key: 'jingXiaoShang', name: '经销商' },
        { key: 'feiYongLeiXing', name: '费用类型' },
      ],
      columns: [
        { key: 'quYuZongJian', name: '区域总监' },
        { key: 'caiWu', name: '财务' },
      ],
    },
  ],
};

const u = (id: string, username: string, name: string, deptName: string | null, postName: string | null = null, active = true): DirectoryUser => ({
  id,
  username,
  name,
  deptName,
  postName,
  active,
});

export const DIRECTORY_USERS: DirectoryUser[] = [
  u('1000000000000000001', 'zhangwei', '张伟', '华东销售部'),
  u('1000000000000000002', 'lina', '李娜', '华东销售部', '经理'),
  u('1000000000000000003', 'wangfang', '王芳', '销售中心', '总监'),
  u('1000000000000000004', 'xuqiang', '徐强', '销售中心', '区域总监'),
  u('1000000000000000005', 'sunli', '孙丽', '财务部'),
  u('1000000000000000009', 'ghost', '离职员工', '华东销售部', null, false),
];

export interface MemoryDrawerApiOptions {
  forms?: FormDefinition[];
  options?: DirectoryOptions;
  users?: DirectoryUser[];
  /** milliseconds each call waits (stories show the loading states) */
  latencyMs?: number;
  /** no saveFormPermissions: the permissions are read-only */
  readOnlyForms?: boolean;
}

function notFound(what: string): Error & { status: number } {
  return Object.assign(new Error(`${what} 不存在`), { status: 404 });
}

/** The in-memory API: `forms` are the drafts (saved permissions land there), `saves` counts saves. */
export class MemoryDrawerApi implements ProcessDrawerApi {
  readonly forms = new Map<string, FormDefinition>();
  options: DirectoryOptions;
  users: DirectoryUser[];
  saves = 0;
  private readonly latency: number;
  saveFormPermissions?: (definition: FormDefinition) => Promise<{ savedAt: string }>;

  constructor(o: MemoryDrawerApiOptions = {}) {
    for (const f of o.forms ?? [expenseForm()]) this.forms.set(f.code, structuredClone(f));
    this.options = o.options ?? DIRECTORY_OPTIONS;
    this.users = o.users ?? DIRECTORY_USERS;
    this.latency = o.latencyMs ?? 0;
    if (!o.readOnlyForms) {
      this.saveFormPermissions = async (definition) => {
        await this.wait();
        if (!this.forms.has(definition.code)) throw notFound(definition.code);
        this.forms.set(definition.code, structuredClone(definition));
        this.saves += 1;
        return { savedAt: new Date().toISOString() };
      };
    }
  }

  private wait(): Promise<void> {
    return this.latency > 0 ? new Promise((r) => setTimeout(r, this.latency)) : Promise.resolve();
  }

  private form(code: string): FormDefinition {
    const f = this.forms.get(code);
    if (!f) throw notFound(code);
    return f;
  }

  async formFields(formCode: string): Promise<FormFieldInfo[]> {
    await this.wait();
    return formFieldsOf(this.form(formCode));
  }

  async formDefinition(formCode: string): Promise<FormDefinition> {
    await this.wait();
    return structuredClone(this.form(formCode));
  }

  async directoryOptions(): Promise<DirectoryOptions> {
    await this.wait();
    return structuredClone(this.options);
  }

  async searchUsers(keyword: string): Promise<DirectoryUser[]> {
    await this.wait();
    const k = keyword.trim().toLowerCase();
    return this.users.filter((x) => !k || x.username.toLowerCase().includes(k) || x.name.toLowerCase().includes(k)).slice(0, 20);
  }

  async usersByIds(ids: string[]): Promise<DirectoryUser[]> {
    await this.wait();
    return this.users.filter((x) => ids.includes(x.id));
  }
}

const who = (userIds: string[]): ApproverStrategy => ({ kind: 'users', userIds });

/** A two-level flow over the expense form: a leader, an amount condition (above 10,000 a director too), a cc and a parallel pair. */
export function sampleProcess(): ProcessDefinition {
  const node = (n: ProcessNode) => n;
  return {
    schemaVersion: 3,
    code: 'feiYongLiuCheng',
    name: zh('费用申请审批', 'Expense approval'),
    version: 0,
    formCode: 'feiYongShenQing',
    nodes: [
      node({ id: 'start', type: 'start', name: zh('发起', 'Submit') }),
      node({ id: 'leader', type: 'approve', name: zh('部门领导审批', 'Leader'), assignee: { kind: 'deptLeader' }, method: 'any' }),
      node({ id: 'amountCheck', type: 'condition', name: zh('金额判断', 'Amount check') }),
      node({ id: 'director', type: 'approve', name: zh('区域总监审批', 'Director'), assignee: who(['1000000000000000004']) }),
      node({ id: 'copyFinance', type: 'cc', name: zh('抄送财务', 'Copy finance'), assignee: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] } }),
      node({ id: 'split', type: 'parallel', name: zh('并行复核', 'Parallel review') }),
      node({ id: 'reviewA', type: 'approve', name: zh('复核 A', 'Review A'), assignee: { kind: 'groups', groupCodes: ['reviewers'] } }),
      node({ id: 'reviewB', type: 'approve', name: zh('复核 B', 'Review B'), assignee: { kind: 'applicant' } }),
      node({ id: 'join', type: 'join', name: zh('汇聚', 'Join'), split: 'split' }),
      node({ id: 'end', type: 'end', name: zh('结束', 'End') }),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'leader' },
      { id: 'e2', source: 'leader', target: 'amountCheck' },
      { id: 'big', source: 'amountCheck', target: 'director', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 0, label: '金额 > 10000' },
      { id: 'promo', source: 'amountCheck', target: 'copyFinance', condition: { '==': [{ var: 'expenseType' }, 'promo'] }, priority: 1 },
      { id: 'small', source: 'amountCheck', target: 'split', priority: 2, label: '其他' },
      { id: 'e3', source: 'director', target: 'split' },
      { id: 'e4', source: 'copyFinance', target: 'split' },
      { id: 'e5', source: 'split', target: 'reviewA' },
      { id: 'e6', source: 'split', target: 'reviewB' },
      { id: 'e7', source: 'reviewA', target: 'join' },
      { id: 'e8', source: 'reviewB', target: 'join' },
      { id: 'e9', source: 'join', target: 'end' },
    ],
  };
}
