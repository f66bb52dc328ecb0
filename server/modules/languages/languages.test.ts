import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { languageKeys, users } from '../../db/schema';

const POLLUTED = ['limit', 'polluted', 'x', 'y', 'z'];
/** what a polluted Object.prototype would show on a fresh object */
const leaked = () => POLLUTED.filter((k) => (({}) as Record<string, unknown>)[k] !== undefined);

describe.each(BACKENDS)('language keys and types (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
  });
  afterAll(async () => a?.stop());
  // a failing run must not leave the pollution behind for the next test
  afterEach(() => {
    for (const k of POLLUTED) delete (Object.prototype as Record<string, unknown>)[k];
  });

  it('a key with a __proto__, constructor or prototype segment (or an empty one) is refused with a field error', async () => {
    for (const key of [
      'common:__proto__.limit',
      'common:a.__proto__.polluted',
      'common:constructor.prototype.x',
      'app:prototype.y',
      'app:a..z',
      'app:.z',
      'app:z.',
    ]) {
      const r = await a.post('/emp/api/v2/duoYuYanKey', { key, update: 'pwned', duoYuYanType: 1 }, admin);
      expect(r.statusCode, key).toBe(422);
      expect(r.json().errors, key).toEqual([{ field: 'key', message: expect.stringContaining('__proto__') }]);
      // reading the bundles after the attempt pollutes nothing
      expect((await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1 })).statusCode).toBe(200);
      expect(leaked(), key).toEqual([]);
    }
    // in the user's language
    const adminEn = await a.login('admin');
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 3 }, adminEn)).json().code).toBe(0);
    const en = await a.post('/emp/api/v2/duoYuYanKey', { key: 'common:__proto__.limit', update: 'x', duoYuYanType: 1 }, adminEn);
    expect(en.statusCode).toBe(422);
    expect(en.json().errors[0].message).toMatch(/^Every segment of the key/);
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'common:__proto__.limit', update: 'x', duoYuYanType: 1 }, admin)).json().errors[0].message).toMatch(
      /^键的每一段/,
    );
    const rows = await a.ctx.db.select().from(languageKeys).where(eq(languageKeys.value, 'pwned'));
    expect(rows).toEqual([]);
    // an ordinary dotted key still saves and reads back nested
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'app:demo.title', update: '演示', duoYuYanType: 1 }, admin)).json().code).toBe(0);
    const keys = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1, namespace: 'app' })).json().data;
    expect(keys.app.demo.title).toBe('演示');
  });

  it('with `changed` only the texts that differ from the shipped ones come back (what the app overlays)', async () => {
    const all = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1 })).json().data;
    // the seed holds every shipped text
    expect(all.common.loading).toBe('数据加载中，请稍候');
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'common:loading', update: '正在加载', duoYuYanType: 1 }, admin)).json().code).toBe(0);
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'app:demo.newKey', update: '新键', duoYuYanType: 1 }, admin)).json().code).toBe(0);
    try {
      const changed = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1, changed: true })).json().data;
      expect(changed.common).toEqual({ loading: '正在加载' });
      expect(changed.app.demo.newKey).toBe('新键');
      // nothing the app already ships, in any namespace
      const count = (m: unknown): number => (typeof m === 'string' ? 1 : Object.values(m as object).reduce((n: number, v) => n + count(v), 0));
      expect(count(changed)).toBeLessThan(count(all) / 50);
      expect((await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1, changed: 'yes' })).statusCode).toBe(422);
    } finally {
      await a.post('/emp/api/v2/duoYuYanKey', { key: 'common:loading', update: '数据加载中，请稍候', duoYuYanType: 1 }, admin);
    }
  });

  it('a bad row already in the table pollutes nothing when the bundles are built, and start-up removes it', async () => {
    const bad = ['__proto__.limit', 'constructor.prototype.polluted', 'a.__proto__.x', 'prototype', 'b..y'];
    await a.ctx.db.insert(languageKeys).values(bad.map((key) => ({ locale: 'zh-CN', namespace: 'widgets', key, value: '1' })));
    await a.ctx.db.insert(languageKeys).values({ locale: 'zh-CN', namespace: 'widgets', key: 'safe.kept', value: '保留' });
    const r = await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1, namespace: 'widgets' });
    expect(r.statusCode).toBe(200);
    expect(leaked()).toEqual([]);
    const common = r.json().data.widgets;
    expect(common.safe.kept).toBe('保留');
    expect(Object.keys(common)).not.toContain('__proto__');
    expect(Object.keys(common)).not.toContain('constructor');
    expect(Object.keys(common)).not.toContain('prototype');
    // the next start (a second app on the same database) cleans the table
    const again = await buildApp(a.config, { database: a.ctx.database, logger: false });
    await again.app.close();
    const left = await a.ctx.db
      .select({ key: languageKeys.key })
      .from(languageKeys)
      .where(and(eq(languageKeys.locale, 'zh-CN'), eq(languageKeys.namespace, 'widgets')));
    const names = left.map((x) => x.key);
    for (const k of bad) expect(names).not.toContain(k);
    expect(names).toContain('safe.kept');
    expect(leaked()).toEqual([]);
  });

  it('an out-of-range or malformed language type answers 422 on the field, not 500', async () => {
    const tok = await a.login('lina');
    for (const duoYuYanType of [99999999999, -1, 0, 1.5, 'abc', '9999', 2147483648]) {
      const s = await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType }, tok);
      expect(s.statusCode, `switch ${duoYuYanType}`).toBeLessThan(500);
      expect(s.statusCode, `switch ${duoYuYanType}`).toBe(422);
      expect(s.json().errors[0].field).toBe('duoYuYanType');
      const k = await a.post('/emp/api/v2/duoYuYanKey', { key: 'app:demo.other', update: 'x', duoYuYanType }, admin);
      expect(k.statusCode, `saveKey ${duoYuYanType}`).toBe(422);
      const b = await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType });
      expect(b.statusCode, `keys ${duoYuYanType}`).toBe(422);
    }
    // the session and the user keep their language
    expect((await a.post('/emp/api/v2/login/init', {}, tok)).json().data.duoYuYanType).toBe(1);
    // the three types (as numbers or text) still switch
    for (const duoYuYanType of [3, '2', 1]) expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType }, tok)).json().code).toBe(0);
    const [u] = await a.ctx.db.select().from(users).where(eq(users.username, 'lina'));
    expect(u.duoYuYanType).toBe(1);
  });
});
