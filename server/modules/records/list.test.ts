import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm } from '../../test/fixtures';
import { rows } from '../../db/client';
import { EXACT_COUNT_CAP } from './repository';

const LIST = '/emp/api/v2/biaoDan/record/list';
const N = EXACT_COUNT_CAP + 500;

// totals without full counts, sort indexes per form, keyset pages (the bench measures these at 1M)
describe.each(BACKENDS)('record lists at scale (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    const def = expenseForm('big', { list: { columns: [{ key: 'amount', sortable: true }, { key: 'number' }] } });
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: def }, admin);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'big' }, admin)).json().code).toBe(0);
    const [{ id: adminId }] = await rows<{ id: string }>(a.ctx.db, sql`select id from users where username = 'admin'`);
    // N records straight into the table (as the bench does), amounts 1.00 … ; every 100th in channel TT;
    // one malformed stored amount (written around the API) must neither break sorting nor inserts
    await a.ctx.db.execute(
      sql.raw(`
      insert into records (id, form_code, number, title, is_you_xiao, row_create_id, row_create_date, row_mod_user, row_mod_date, shen_pi_zhuang_tai, definition_version, version, data)
      select (1600000000000000000 + g)::text, 'big', 'BIG' || lpad(g::text, 8, '0'), 't' || g, '1', '${adminId}', '2026-01-01 00:00:00', '${adminId}', '2026-01-01 00:00:00', '0', 1, 1,
             jsonb_build_object('amount', case when g = 7 then 'n/a' else (g % 997)::text || '.' || lpad((g % 100)::text, 2, '0') end, 'channel', case when g % 100 = 0 then 'TT' else 'KA' end)
      from generate_series(1, ${N}) g`),
    );
    await a.ctx.db.execute(sql`update form_definitions set record_count = record_count + ${N} where code = 'big'`);
    // the app builds the forms' sort indexes in the background (create index concurrently): an
    // analyze that meets one may be chosen as a deadlock victim — run it again
    for (let attempt = 1; ; attempt++) {
      try {
        await a.ctx.db.execute(sql.raw('analyze records'));
        break;
      } catch (err) {
        if (attempt >= 5 || !/deadlock/.test(String((err as { cause?: unknown }).cause ?? err))) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  });
  afterAll(async () => a?.stop());

  const list = (body: Record<string, unknown>) => a.post(LIST, { formCode: 'big', ...body }, admin);

  it('the unfiltered total is the maintained counter; a large filtered total is an estimate, marked as such', async () => {
    const all = (await list({})).json().data;
    expect(all.totalRecord).toBe(N);
    expect(all.totalIsEstimate).toBeUndefined();
    const ka = (await list({ filters: [{ key: 'channel', op: 'eq', value: 'KA' }] })).json().data;
    expect(ka.totalIsEstimate).toBe(true);
    expect(ka.totalRecord).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(ka.rows).toHaveLength(20);
  });

  it('a small filtered total is exact; a short page is the last one', async () => {
    const tt = (await list({ filters: [{ key: 'channel', op: 'eq', value: 'TT' }] })).json().data;
    expect(tt).toMatchObject({ totalRecord: 15 });
    expect(tt.totalIsEstimate).toBeUndefined();
    const few = (await list({ filters: [{ key: 'channel', op: 'eq', value: 'TT' }], limit: 10, page: 2 })).json().data;
    expect(few.rows).toHaveLength(5);
    expect(few.totalRecord).toBe(15);
  });

  it('sorts on a number field through its index, malformed values last', async () => {
    // built in the background after the publish (concurrently on PostgreSQL): wait until it is valid
    const sortIndex = () =>
      rows<{ def: string }>(
        a.ctx.db,
        sql`
      select pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname like 'records_sort_%' and i.indisvalid and pg_get_indexdef(i.indexrelid) like '%''big''%'`,
      );
    for (let i = 0; i < 100 && !(await sortIndex()).length; i++) await new Promise((r) => setTimeout(r, 100));
    const [idx] = await sortIndex();
    expect(idx.def).toContain("fw_num((data ->> 'amount'::text))");
    const desc = (await list({ sort: 'amount', order: 'desc', limit: 10 })).json().data.rows.map((r: { data: { amount: string } }) => r.data.amount);
    expect(desc[0]).toBe('996.96');
    const nums = desc.map(Number);
    expect([...nums].sort((x, y) => y - x)).toEqual(nums);
    // ascending: the malformed value sorts last, not first, and does not fail the query
    const asc = await list({ sort: 'amount', order: 'asc', limit: 50, page: Math.ceil(N / 50) });
    expect(asc.statusCode).toBe(200);
    const last = asc.json().data.rows;
    expect(last[last.length - 1].data.amount).toBe('n/a');
    // and a save of the form still works with the expression index in place
    const saved = await a.post(
      '/emp/api/v2/biaoDan/record/save',
      { formCode: 'big', data: { dealer: { id: '1000000000000000001', name: '经销商1' }, amount: '12.30' } },
      admin,
    );
    expect(saved.json().code).toBe(0);
  });

  it('walks deep pages by keyset: the cursor page equals the OFFSET page', async () => {
    const page = 60;
    const before = (await list({ page: page - 1, limit: 20 })).json().data;
    const byOffset = (await list({ page, limit: 20 })).json().data;
    const byCursor = (await list({ page, limit: 20, cursor: before.nextCursor })).json().data;
    expect(byCursor.rows.map((r: { id: string }) => r.id)).toEqual(byOffset.rows.map((r: { id: string }) => r.id));
    expect(byCursor.totalRecord).toBe(byOffset.totalRecord);
  });
});
