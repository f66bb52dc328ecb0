// An in-memory ProcessDesignerApi for jsdom tests and stories: processes with a draft (and its
// optimistic draftVersion), published versions, binding and enabling, forms with fields, a
// directory, and the dry-run — with the server's refusals: a stale draftVersion (409), publish
// with lint problems (422, validateProcessDefinition over the bound form, the problems as field
// errors `definition.nodes.3.assignee` like the server's), enabling a second process on a form
// (409), an existing code (409). Lookups (the dry-run's pickers) answer a few fake dealers, each
// with a row in the directory's regional matrix (quYuShenPiJuZhen → 徐强).
import type { FormDefinition, LocalizedText } from '../../../schemas/definition';
import type { ProcessDefinition } from '../../../schemas/process/model';
import { validateProcessDefinition } from '../../../schemas/process/validate';
import { dryRun } from '../../../schemas/process/dryRun';
import type { Directory } from '../../../schemas/process/state';
import { DIRECTORY, U } from '../../../schemas/process/testing';
import type {
  DirectoryOptions,
  DirectoryUser,
  DryRunAnswer,
  DryRunOptions,
  LookupRow,
  LookupSource,
  ProcessDesignerApi,
  ProcessDesignerApiError,
  ProcessFormField,
  ProcessFormRow,
  ProcessItem,
  ProcessListQuery,
  ProcessSummary,
  ProcessVersionInfo,
} from '../api';

interface Entry {
  name: LocalizedText;
  formCode: string | null;
  enabled: boolean;
  draft: ProcessDefinition | null;
  draftVersion: number;
  versions: { info: ProcessVersionInfo; definition: ProcessDefinition }[];
  rowModDate: string;
}

interface FormEntry {
  name: LocalizedText;
  fields: ProcessFormField[];
  definition?: FormDefinition;
}

export function fail(status: number, message: string, errors?: { field: string; message: string; code?: string }[]): never {
  const e = new Error(message) as ProcessDesignerApiError;
  e.status = status;
  if (errors) e.errors = errors;
  throw e;
}

/** A fresh draft like the server's model/create: start → department leader → end. */
export function newProcessDefinition(code: string, name: LocalizedText, formCode?: string): ProcessDefinition {
  return {
    schemaVersion: 3,
    code,
    name,
    version: 0,
    ...(formCode ? { formCode } : {}),
    nodes: [
      { id: 'start', type: 'start', name: { 'zh-CN': '发起人', 'en-US': 'Applicant', 'zh-TW': '發起人' } },
      {
        id: 'approver1',
        type: 'approve',
        name: { 'zh-CN': '部门负责人', 'en-US': 'Department leader', 'zh-TW': '部門負責人' },
        assignee: { kind: 'deptLeader' },
      },
      { id: 'end', type: 'end', name: { 'zh-CN': '结束', 'en-US': 'End', 'zh-TW': '結束' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'approver1' },
      { id: 'e2', source: 'approver1', target: 'end' },
    ],
  };
}

/** Fake dealers (the dealer picker's source dealerConnTable), 19-digit ids like the server's. */
export const MEMORY_DEALERS: readonly LookupRow[] = [
  { id: '4000000000000000001', name: '上海百联商贸有限公司' },
  { id: '4000000000000000002', name: '杭州西湖食品经销部' },
  { id: '4000000000000000003', name: '南京金陵贸易有限公司' },
];

/** The fixture directory, its regional matrix also naming 徐强 for the fake dealers. */
function memoryDirectory(): Directory {
  const m = DIRECTORY.matrices.quYuShenPiJuZhen;
  const rows = [...m.rows, ...MEMORY_DEALERS.map((d) => ({ keys: { jingXiaoShang: d.id }, cells: { quYuZongJian: [U.xuqiang] } }))];
  return { ...DIRECTORY, matrices: { ...DIRECTORY.matrices, quYuShenPiJuZhen: { ...m, rows } } };
}

export class MemoryProcessDesignerApi implements ProcessDesignerApi {
  readonly entries = new Map<string, Entry>();
  readonly formEntries = new Map<string, FormEntry>();
  directory: Directory = memoryDirectory();
  /** records by autocomplete source, for lookups (an unknown source is a 404 like the server's) */
  readonly lookupRows: Record<string, LookupRow[]> = { dealerConnTable: [...MEMORY_DEALERS] };
  /** the lookups asked, in order */
  readonly lookups: { source: LookupSource; keyword: string }[] = [];
  /** the user dry-runs pretend to be */
  applicantId: string = U.zhangwei;
  saves = 0;
  /** answer every call after this many ms (stories show loading states) */
  latencyMs = 0;
  private clock = 0;

  private now(): string {
    this.clock++;
    return `2026-11-22T09:${String(Math.floor(this.clock / 60) % 60).padStart(2, '0')}:${String(this.clock % 60).padStart(2, '0')}.000Z`;
  }
  private async wait(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
  }

  seedForm(code: string, name: LocalizedText, fields: ProcessFormField[], definition?: FormDefinition): this {
    this.formEntries.set(code, { name, fields, definition });
    return this;
  }

  seed(def: ProcessDefinition, opts: { publish?: boolean; enabled?: boolean } = {}): this {
    const entry: Entry = {
      name: def.name,
      formCode: def.formCode ?? null,
      enabled: opts.enabled ?? false,
      draft: structuredClone(def),
      draftVersion: 1,
      versions: [],
      rowModDate: this.now(),
    };
    this.entries.set(def.code, entry);
    if (opts.publish) this.publishNow(def.code);
    return this;
  }

  private entry(code: string): Entry {
    const e = this.entries.get(code);
    if (!e) fail(404, `流程 ${code} 不存在`);
    return e;
  }

  private summary(code: string): ProcessSummary {
    const e = this.entry(code);
    const form = e.formCode ? this.formEntries.get(e.formCode) : undefined;
    return {
      code,
      name: e.name,
      formCode: e.formCode,
      formName: form?.name ?? null,
      enabled: e.enabled,
      latestVersion: e.versions.length ? e.versions[e.versions.length - 1].info.version : 0,
      hasDraft: e.draft !== null,
      draftVersion: e.draftVersion,
      rowModUser: '系统管理员',
      rowModDate: e.rowModDate,
    };
  }

  private working(e: Entry): ProcessDefinition {
    return e.draft ?? e.versions[e.versions.length - 1].definition;
  }

  async list(q: ProcessListQuery) {
    await this.wait();
    const rows = [...this.entries.keys()]
      .map((code) => this.summary(code))
      .filter((r) => (!q.keyword || r.code.includes(q.keyword) || r.name['zh-CN'].includes(q.keyword)) && (!q.formCode || r.formCode === q.formCode));
    const limit = q.limit ?? 20;
    const page = q.page ?? 1;
    return { pageSize: limit, currentPage: page, totalRecord: rows.length, rows: rows.slice((page - 1) * limit, page * limit) };
  }

  async item(code: string): Promise<ProcessItem> {
    await this.wait();
    const e = this.entry(code);
    const latest = e.versions[e.versions.length - 1];
    return {
      summary: this.summary(code),
      draft: e.draft ? structuredClone(e.draft) : null,
      published: latest ? structuredClone(latest.definition) : null,
      versions: e.versions.map((v) => v.info).reverse(),
    };
  }

  async save(code: string, draftVersion: number, definition: ProcessDefinition) {
    await this.wait();
    const e = this.entry(code);
    if (draftVersion !== e.draftVersion) fail(409, '流程已被他人修改，请刷新后再保存');
    if (definition.code !== code) fail(422, '流程编码不一致', [{ field: 'definition.code', message: '流程编码不一致' }]);
    const { errors } = validateProcessDefinition(definition, 'zh-CN', this.formDef(e.formCode));
    e.draft = structuredClone({ ...definition, formCode: e.formCode ?? undefined });
    if (!e.formCode) delete e.draft.formCode;
    e.name = definition.name;
    e.draftVersion++;
    e.rowModDate = this.now();
    this.saves++;
    return { code, draftVersion: e.draftVersion, problems: errors.map((p) => ({ path: p.path, message: p.message, code: p.code })) };
  }

  private formDef(formCode: string | null): FormDefinition | undefined {
    return formCode ? this.formEntries.get(formCode)?.definition : undefined;
  }

  private publishNow(code: string): number {
    const e = this.entry(code);
    if (!e.draft) fail(409, '没有可发布的草稿');
    const { errors } = validateProcessDefinition(e.draft, 'zh-CN', this.formDef(e.formCode));
    if (errors.length)
      fail(
        422,
        '流程有问题，不能发布',
        errors.map((p) => ({ field: `definition${p.path.replace(/\//g, '.')}`, message: p.message, code: p.code })),
      );
    const version = (e.versions[e.versions.length - 1]?.info.version ?? 0) + 1;
    e.versions.push({ info: { version, publishedAt: this.now(), publishedBy: '系统管理员' }, definition: { ...structuredClone(e.draft), version } });
    e.draft = null;
    e.draftVersion++;
    return version;
  }

  async publish(code: string, draftVersion?: number) {
    await this.wait();
    const e = this.entry(code);
    if (draftVersion !== undefined && draftVersion !== e.draftVersion) fail(409, '流程已被他人修改，请刷新后再发布');
    return { version: this.publishNow(code) };
  }

  async bind(code: string, formCode: string | null) {
    await this.wait();
    const e = this.entry(code);
    if (formCode !== null && !this.formEntries.has(formCode)) fail(404, `表单 ${formCode} 不存在`);
    if (e.enabled && formCode !== null) this.assertAlone(code, formCode);
    e.formCode = formCode;
    const working = this.working(e);
    e.draft = { ...working, ...(formCode ? { formCode } : {}) };
    if (!formCode) delete e.draft.formCode;
    e.draftVersion++;
    return this.summary(code);
  }

  private assertAlone(code: string, formCode: string): void {
    for (const [other, o] of this.entries) if (other !== code && o.enabled && o.formCode === formCode) fail(409, `表单已绑定启用的流程 ${other}`);
  }

  async setEnabled(code: string, enabled: boolean) {
    await this.wait();
    const e = this.entry(code);
    if (enabled && e.formCode) this.assertAlone(code, e.formCode);
    e.enabled = enabled;
    return this.summary(code);
  }

  async versions(code: string) {
    await this.wait();
    return this.entry(code)
      .versions.map((v) => v.info)
      .reverse();
  }

  async version(code: string, version?: number) {
    await this.wait();
    const e = this.entry(code);
    const v = version === undefined ? e.versions[e.versions.length - 1] : e.versions.find((x) => x.info.version === version);
    if (!v) fail(404, `版本 ${version ?? ''} 不存在`);
    return structuredClone(v.definition);
  }

  async create(input: { code: string; name: LocalizedText; formCode?: string }) {
    await this.wait();
    if (!/^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/.test(input.code)) fail(422, '编码格式不正确', [{ field: 'code', message: '编码格式不正确' }]);
    if (this.entries.has(input.code)) fail(409, `流程编码 ${input.code} 已存在`);
    this.seed(newProcessDefinition(input.code, input.name, input.formCode));
    return this.summary(input.code);
  }

  async copy(input: { code: string; newCode: string; name?: LocalizedText }) {
    await this.wait();
    const e = this.entry(input.code);
    if (this.entries.has(input.newCode)) fail(409, `流程编码 ${input.newCode} 已存在`);
    const def = { ...structuredClone(this.working(e)), code: input.newCode, version: 0, name: input.name ?? e.name };
    delete def.formCode;
    this.seed(def);
    return this.summary(input.newCode);
  }

  async forms(keyword?: string): Promise<ProcessFormRow[]> {
    await this.wait();
    return [...this.formEntries.entries()]
      .filter(([code, f]) => !keyword || code.includes(keyword) || f.name['zh-CN'].includes(keyword))
      .map(([code, f]) => ({
        code,
        name: f.name,
        formType: 1,
        latestVersion: 1,
        processes: [...this.entries.entries()]
          .filter(([, e]) => e.formCode === code)
          .map(([pc, e]) => ({ code: pc, name: e.name, enabled: e.enabled, latestVersion: e.versions.length })),
      }));
  }

  async formFields(formCode: string) {
    await this.wait();
    const f = this.formEntries.get(formCode);
    if (!f) fail(404, `表单 ${formCode} 不存在`);
    return structuredClone(f.fields);
  }

  async formDefinition(formCode: string) {
    await this.wait();
    const f = this.formEntries.get(formCode)?.definition;
    if (!f) fail(404, `表单 ${formCode} 不存在`);
    return structuredClone(f);
  }

  async dryRun(formCode: string, data: Record<string, unknown>, picks?: Record<string, string[]>, options: DryRunOptions = {}): Promise<DryRunAnswer> {
    await this.wait();
    if (!this.formEntries.has(formCode)) fail(404, `表单 ${formCode} 不存在`);
    let run: { code: string; version: number | null; definition: ProcessDefinition } | null = null;
    if (options.processCode !== undefined) {
      const e = this.entries.get(options.processCode);
      if (!e) fail(404, `流程 ${options.processCode} 不存在`);
      const latest = e.versions[e.versions.length - 1];
      if (e.draft) run = { code: options.processCode, version: null, definition: e.draft };
      else if (latest) run = { code: options.processCode, version: latest.info.version, definition: latest.definition };
    } else {
      const bound = [...this.entries.entries()].find(([, e]) => e.enabled && e.formCode === formCode && e.versions.length);
      if (bound) {
        const latest = bound[1].versions[bound[1].versions.length - 1];
        run = { code: bound[0], version: latest.info.version, definition: latest.definition };
      }
    }
    if (!run) return { processCode: null, processVersion: null, result: null, names: {} };
    const applicantId = options.applicantId ?? this.applicantId;
    if (options.applicantId !== undefined && !this.directory.users[applicantId]?.active)
      fail(422, '数据校验未通过', [{ field: 'applicantId', message: `用户“${applicantId}”不存在或已停用` }]);
    const result = dryRun(run.definition, { data, applicantId, picks, directory: this.directory });
    const names: Record<string, string> = {};
    for (const s of result.steps) for (const id of s.approvers) names[id] = this.directory.users[id]?.name ?? id;
    if (this.directory.users[applicantId]) names[applicantId] = this.directory.users[applicantId].name;
    return { processCode: run.code, processVersion: run.version, result, names };
  }

  async lookup(source: LookupSource, keyword: string): Promise<LookupRow[]> {
    await this.wait();
    this.lookups.push({ source: structuredClone(source), keyword });
    const rows = this.lookupRows[source.endpoint];
    if (!rows) fail(404, `数据源 ${source.endpoint} 不存在`);
    const k = keyword.trim();
    return rows.filter((r) => !k || r.name.includes(k) || r.id === k).slice(0, 20);
  }

  async directoryOptions(): Promise<DirectoryOptions> {
    await this.wait();
    const d = this.directory;
    const users = Object.values(d.users);
    const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
    return {
      roles: uniq(users.flatMap((u) => [...u.roleCodes])).map((code) => ({ code, name: code })),
      posts: uniq(users.map((u) => u.postCode)).map((code) => ({ code, name: code })),
      departments: Object.values(d.departments).map((x) => ({
        code: x.code,
        name: x.name,
        parentCode: x.parentId ? (d.departments[x.parentId]?.code ?? null) : null,
        leaderId: x.leaderUserId,
      })),
      groups: uniq(users.flatMap((u) => [...u.groupCodes])).map((code) => ({
        code,
        name: code,
        memberCount: users.filter((u) => u.groupCodes.includes(code)).length,
      })),
      matrices: Object.values(d.matrices).map((m) => ({
        code: m.code,
        name: m.code,
        keys: m.keys.map((key) => ({ key, name: key })),
        columns: m.columns.map((key) => ({ key, name: key })),
      })),
    };
  }

  async searchUsers(keyword: string): Promise<DirectoryUser[]> {
    return this.users({ keyword, limit: 20 });
  }

  async usersByIds(ids: string[]): Promise<DirectoryUser[]> {
    return this.users({ ids });
  }

  /** a saved form definition (the permission matrix's edits) */
  async saveFormPermissions(definition: FormDefinition) {
    await this.wait();
    const f = this.formEntries.get(definition.code);
    if (!f) fail(404, `表单 ${definition.code} 不存在`);
    f.definition = structuredClone(definition);
    return { savedAt: this.now() };
  }

  private async users(query: { keyword?: string; ids?: string[]; limit?: number }): Promise<DirectoryUser[]> {
    await this.wait();
    const d = this.directory;
    const all = Object.values(d.users);
    const picked = query.ids
      ? all.filter((u) => query.ids!.includes(u.id))
      : all.filter((u) => !query.keyword || u.username.includes(query.keyword) || u.name.includes(query.keyword));
    return picked.slice(0, query.limit ?? 20).map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      deptName: u.departmentId ? (d.departments[u.departmentId]?.name ?? null) : null,
      postName: u.postCode,
      active: u.active,
    }));
  }
}
