// Issue 16: concurrent publishes of one draft make exactly one version (the rest 409), and a
// draft save carrying a stale draftVersion is refused (409) without overwriting the newer draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm } from '../../test/fixtures';
import { formDefinitionVersions } from '../../db/schema';
import { rows } from '../../db/client';

const E = '/tpm/emp/system/commons/biaoDan';
const PUBLISH = '/emp/api/v2/biaoDan/publish';

describe.each(BACKENDS)('definition concurrency (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let admin2: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    admin2 = await a.login('admin');
  });
  afterAll(async () => a?.stop());

  const versionsOf = async (code: string) =>
    (await a.ctx.db.select().from(formDefinitionVersions).where(eq(formDefinitionVersions.code, code))).map((r) => r.version).sort();
  const init = async (code: string, token = admin) => (await a.post(`${E}/edit-init.action`, { code }, token)).json().data;

  it('20 concurrent publishes of one draft: exactly one version, the other 19 answer 409 (translated)', async () => {
    expect((await a.post(`${E}/edit-save.action`, { definition: expenseForm('pubRace') }, admin)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => a.post(PUBLISH, { code: 'pubRace' }, i % 2 ? admin : admin2)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await versionsOf('pubRace')).toEqual([1]);
    // the losers read the draft before (lost the conditional update) or after the winner's commit
    const msgs = new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().msg));
    for (const m of msgs) expect(['该草稿刚刚已被发布或修改，请重新加载后再发布', '没有可发布的草稿']).toContain(m);
    expect((await init('pubRace')).published.version).toBe(1);

    // a second round on a new draft: again one winner, version 2
    await a.post(`${E}/edit-save.action`, { definition: expenseForm('pubRace', { name: { 'zh-CN': '第二版' } }) }, admin);
    const round2 = await Promise.all(Array.from({ length: 20 }, () => a.post(PUBLISH, { code: 'pubRace' }, admin)));
    expect(round2.filter((r) => r.statusCode === 200).map((r) => r.json().data.version)).toEqual([2]);
    expect(await versionsOf('pubRace')).toEqual([1, 2]);
  });

  it('a draft save with a stale draftVersion answers 409 and overwrites nothing; the current one saves and answers the next', async () => {
    const first = await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace'), draftVersion: 0 }, admin);
    expect(first.statusCode).toBe(200);
    const v1 = first.json().data.draftVersion;
    expect(v1).toBeGreaterThan(0);
    expect((await init('draftRace')).draftVersion).toBe(v1);
    // both admins loaded v1; the first saves its change
    const a1 = await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace', { name: { 'zh-CN': '管理员一' } }), draftVersion: v1 }, admin);
    expect(a1.statusCode).toBe(200);
    const v2 = a1.json().data.draftVersion;
    expect(v2).toBe(v1 + 1);
    // the second saves over the version it loaded: refused, translated, nothing overwritten
    const a2 = await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace', { name: { 'zh-CN': '管理员二' } }), draftVersion: v1 }, admin2);
    expect(a2.statusCode).toBe(409);
    expect(a2.json().msg).toMatch(/[\u4e00-\u9fff]/);
    let now = await init('draftRace');
    expect(now.draft.name['zh-CN']).toBe('管理员一');
    expect(now.draftVersion).toBe(v2);
    // overwrite: the second admin sends the server's current version
    const forced = await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace', { name: { 'zh-CN': '管理员二' } }), draftVersion: v2 }, admin2);
    expect(forced.statusCode).toBe(200);
    now = await init('draftRace');
    expect(now.draft.name['zh-CN']).toBe('管理员二');
    expect(now.draftVersion).toBe(v2 + 1);
    // creating a form whose code exists (draftVersion 0) is refused too
    expect((await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace'), draftVersion: 0 }, admin)).statusCode).toBe(409);
    // a publish consumes the draft: a save over the pre-publish version is stale
    expect((await a.post(PUBLISH, { code: 'draftRace' }, admin)).statusCode).toBe(200);
    const stale = await a.post(`${E}/edit-save.action`, { definition: expenseForm('draftRace'), draftVersion: v2 + 1 }, admin2);
    expect(stale.statusCode).toBe(409);
    expect((await init('draftRace')).draft).toBeNull();
  });

  it('20 concurrent saves over one draftVersion: exactly one wins', async () => {
    const v = (await a.post(`${E}/edit-save.action`, { definition: expenseForm('saveRace'), draftVersion: 0 }, admin)).json().data.draftVersion;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.post(`${E}/edit-save.action`, { definition: expenseForm('saveRace', { name: { 'zh-CN': `第${i}份` } }), draftVersion: v }, admin),
      ),
    );
    const won = answers.map((r, i) => [r.statusCode, i] as const).filter(([s]) => s === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const now = await init('saveRace');
    expect(now.draft.name['zh-CN']).toBe(`第${won[0][1]}份`);
    expect(now.draftVersion).toBe(v + 1);
  });

  it('a publish naming a stale draftVersion answers 409 and publishes nothing', async () => {
    const v = (await a.post(`${E}/edit-save.action`, { definition: expenseForm('pubStale'), draftVersion: 0 }, admin)).json().data.draftVersion;
    await a.post(`${E}/edit-save.action`, { definition: expenseForm('pubStale', { name: { 'zh-CN': '新的' } }), draftVersion: v }, admin2);
    expect((await a.post(PUBLISH, { code: 'pubStale', draftVersion: v }, admin)).statusCode).toBe(409);
    expect(await versionsOf('pubStale')).toEqual([]);
    expect((await a.post(PUBLISH, { code: 'pubStale', draftVersion: v + 1 }, admin)).json().data.version).toBe(1);
  });
});

describe.each(BACKENDS)('definition delete against concurrent records (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
  });
  afterAll(async () => a?.stop());

  it('a form is never deleted from under its records: 20 record saves beside delete-row leave no orphan', async () => {
    for (let round = 0; round < 5; round++) {
      const code = `delRace${round}`;
      const def = expenseForm(code, { titleTemplate: '{amount}' });
      def.fields = def.fields.filter((f) => f.key !== 'dealer');
      await a.post(`${E}/edit-save.action`, { definition: def }, admin);
      expect((await a.post(PUBLISH, { code }, admin)).statusCode).toBe(200);
      const saves = Array.from({ length: 20 }, () => a.post('/emp/api/v2/biaoDan/record/save', { formCode: code, data: { amount: '1.00' } }, zw));
      const del = a.post(`${E}/delete-row.action`, { code }, admin);
      const [d, ...s] = await Promise.all([del, ...saves]);
      const saved = s.filter((r) => r.statusCode === 200).length;
      const [{ n }] = await rows<{ n: number }>(a.ctx.db, sql`select count(*)::int as n from records where form_code = ${code}`);
      const defRow = (await a.post(`${E}/edit-init.action`, { code }, admin)).statusCode;
      expect(n).toBe(saved);
      if (d.statusCode === 200) expect(n, 'records written for a deleted form').toBe(0);
      else expect([d.statusCode, defRow]).toEqual([409, 200]);
    }
  });
});
