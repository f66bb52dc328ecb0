// An in-memory DesignerApi for component tests and stories: drafts, published versions and
// record counts per code, with the server's refusals (delete while records exist, publish of
// an invalid definition or of no draft, a stale draftVersion). tests/contract/designerApi.test.ts runs one scenario
// against this and the real server and expects the same observations: keep them alike.
import { validateDefinition, type FormDefinition } from '../../../schemas';
import type { DefinitionSummary, DesignerApi, DesignerApiError } from '../../api';

interface Entry {
  draft: FormDefinition | null;
  versions: { version: number; definition: FormDefinition; publishedAt: string; publishedBy: string }[];
  records: number;
  rowModDate: string;
  /** the draft's optimistic version: every save and publish adds one */
  draftVersion: number;
}

function fail(status: number, message: string): never {
  const e = new Error(message) as DesignerApiError;
  e.status = status;
  throw e;
}

export class MemoryDesignerApi implements DesignerApi {
  readonly entries = new Map<string, Entry>();
  saves = 0;
  private clock = 0;
  private now(): string {
    this.clock++;
    return `2026-11-22 09:${String(Math.floor(this.clock / 60)).padStart(2, '0')}:${String(this.clock % 60).padStart(2, '0')}`;
  }

  seed(def: FormDefinition, opts: { publish?: boolean; records?: number } = {}): this {
    this.entries.set(def.code, { draft: structuredClone(def), versions: [], records: opts.records ?? 0, rowModDate: this.now(), draftVersion: 1 });
    if (opts.publish) void this.publish(def.code);
    return this;
  }

  async list(query: { page?: number; limit?: number; keyword?: string; formType?: number }) {
    const rows: DefinitionSummary[] = [...this.entries.entries()]
      .map(([code, e]) => {
        const latest = e.versions[e.versions.length - 1];
        const def = e.draft ?? latest.definition;
        // like the server: a form with a working draft lists as a draft, whatever it published before
        return {
          code,
          name: def.name,
          formType: def.formType,
          status: e.draft ? 'draft' : 'published',
          version: latest?.version ?? 0,
          rowModUser: '系统管理员',
          rowModDate: e.rowModDate,
        } as DefinitionSummary;
      })
      .filter(
        (r) =>
          (!query.keyword || r.code.includes(query.keyword) || r.name['zh-CN'].includes(query.keyword)) &&
          (query.formType === undefined || r.formType === query.formType),
      );
    const limit = query.limit ?? 20;
    const page = query.page ?? 1;
    return { pageSize: limit, currentPage: page, totalRecord: rows.length, rows: rows.slice((page - 1) * limit, page * limit) };
  }

  async load(code: string) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    const latest = e.versions[e.versions.length - 1];
    return {
      draft: e.draft ? structuredClone(e.draft) : null,
      published: latest ? structuredClone(latest.definition) : null,
      versions: e.versions.map((v) => v.version).reverse(),
      draftVersion: e.draftVersion,
    };
  }

  /** another admin's save (tests of the conflict dialog): the draft moves on without this client */
  saveAsOther(definition: FormDefinition) {
    const e = this.entries.get(definition.code) ?? fail(404, `表单不存在：${definition.code}`);
    e.draft = structuredClone(definition);
    e.draftVersion++;
  }

  async saveDraft(definition: FormDefinition, draftVersion?: number) {
    this.saves++;
    const e = this.entries.get(definition.code);
    if (draftVersion !== undefined && (e ? e.draftVersion !== draftVersion : draftVersion > 0)) {
      fail(409, draftVersion === 0 ? '该表单编码已存在' : '草稿已被他人修改（或已发布），请重新加载后再保存，或选择覆盖');
    }
    const savedAt = this.now();
    if (e) {
      e.draft = structuredClone(definition);
      e.rowModDate = savedAt;
      e.draftVersion++;
    } else this.entries.set(definition.code, { draft: structuredClone(definition), versions: [], records: 0, rowModDate: savedAt, draftVersion: 1 });
    return { code: definition.code, savedAt, draftVersion: this.entries.get(definition.code)!.draftVersion };
  }

  async validate(definition: FormDefinition) {
    return { errors: validateDefinition(definition).errors.map((e) => ({ path: e.path, message: e.message, code: e.code })) };
  }

  async publish(code: string, draftVersion?: number) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    if (!e.draft) fail(409, '没有可发布的草稿');
    if (draftVersion !== undefined && draftVersion !== e.draftVersion) fail(409, '草稿已被他人修改（或已发布），请重新加载后再保存，或选择覆盖');
    const v = validateDefinition(e.draft);
    if (!v.valid) fail(422, v.errors[0].message);
    const version = (e.versions[e.versions.length - 1]?.version ?? 0) + 1;
    const definition = { ...structuredClone(e.draft), version };
    e.versions.push({ version, definition, publishedAt: this.now(), publishedBy: '系统管理员' });
    // publishing consumes the draft (the designer then edits on top of the published version)
    e.draft = null;
    e.draftVersion++;
    return { version };
  }

  async versions(code: string) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    // newest first, like the server
    return e.versions.map(({ version, publishedAt, publishedBy }) => ({ version, publishedAt, publishedBy })).reverse();
  }

  async getVersion(code: string, version?: number) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    const v = version === undefined ? e.versions[e.versions.length - 1] : e.versions.find((x) => x.version === version);
    return structuredClone((v ?? fail(404, `版本不存在：${version}`)).definition);
  }

  async exportDefinition(code: string) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    return structuredClone(e.draft ?? e.versions[e.versions.length - 1].definition);
  }

  async importDefinition(definition: FormDefinition) {
    const v = validateDefinition(definition);
    if (!v.valid) fail(422, v.errors[0].message);
    if (this.entries.has(definition.code)) fail(409, `编码已存在：${definition.code}`);
    await this.saveDraft({ ...definition, version: 0 });
    return { code: definition.code };
  }

  async delete(code: string) {
    const e = this.entries.get(code) ?? fail(404, `表单不存在：${code}`);
    if (e.records > 0) fail(409, `该表单已有 ${e.records} 条数据，不能删除`);
    this.entries.delete(code);
  }
}
