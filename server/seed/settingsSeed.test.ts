// The settings seed on a real database: the settings definitions are published, each TPM setting
// has one record of its defaults that the records API lists, opens and saves like any record and
// that the expense module reads (a save takes effect at once); a second run changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../test/helpers';
import * as t from '../db/schema';
import { SETTINGS_CATALOG, TPM_SETTINGS_FORMS, settingsDefaults } from '../../schemas/catalog/settings';
import { seedSettings } from './settingsSeed';
import { tpmFlag, tpmNumber, tpmSetting } from '../modules/expense/settings';

const LIST = '/emp/api/v2/biaoDan/record/list';
const GET = '/emp/api/v2/biaoDan/record/get';
const SAVE = '/emp/api/v2/biaoDan/record/save';

describe.each(BACKENDS)('settings seed (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    // seed.ts calls it on first start; call it (again) here: it must be idempotent either way
    await a.ctx.db.transaction((tx) => seedSettings(tx, { demo: true }));
    admin = await a.login('admin');
  });
  afterAll(async () => a?.stop());

  const newest = async (formCode: string) => {
    const r = (await a.post(LIST, { formCode, page: 1, limit: 10 }, admin)).json();
    expect(r.code, r.msg).toBe(0);
    return r.data as { rows: { id: string; version: number }[]; totalRecord: number };
  };

  it('publishes every settings definition', async () => {
    for (const def of SETTINGS_CATALOG) {
      const [row] = await a.ctx.db.select().from(t.formDefinitions).where(eq(t.formDefinitions.code, def.code));
      expect(row?.latestVersion, def.code).toBeGreaterThan(0);
    }
  });

  it('each TPM setting has exactly one record, of its defaults, a draft the administrator can change', async () => {
    for (const def of TPM_SETTINGS_FORMS) {
      const page = await newest(def.code);
      expect(page.totalRecord, def.code).toBe(1);
      const g = (await a.post(GET, { formCode: def.code, id: page.rows[0].id }, admin)).json().data;
      expect(g.record.data).toEqual(settingsDefaults(def));
      expect(g.record.shenPiZhuangTai).toBe('0');
    }
    expect(settingsDefaults(TPM_SETTINGS_FORMS.find((d) => d.code === 'yuSuanSheZhi')!)).toMatchObject({
      ruanKongRongChaBaiFenBi: '10',
      moRenKongZhiFangShi: 'hard',
    });
  });

  it('the expense module reads the seeded values, and a saved change at once', async () => {
    const db = a.ctx.db;
    expect(await tpmNumber(db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).toBe('10');
    expect(await tpmSetting(db, 'yuSuanSheZhi', 'moRenKongZhiFangShi')).toBe('hard');
    expect(await tpmNumber(db, 'feiYongHeXiaoSheZhi', 'heXiaoQiXianTian')).toBe('365');
    expect(await tpmFlag(db, 'feiYongHeXiaoSheZhi', 'biXuFaPiao')).toBe(true);
    expect(await tpmFlag(db, 'feiYongJieAnSheZhi', 'yunXuChaoShenQing')).toBe(false);
    expect(await tpmFlag(db, 'feiYongShenQingSheZhi', 'caiWuNianXiaoYan')).toBe(true);
    expect(await tpmFlag(db, 'feiYongZhiFuSheZhi', 'yunXuBuFenZhiFu')).toBe(true);
    const { id, version } = (await newest('feiYongJieAnSheZhi')).rows[0];
    const g = (await a.post(GET, { formCode: 'feiYongJieAnSheZhi', id }, admin)).json().data;
    const saved = await a.post(SAVE, { formCode: 'feiYongJieAnSheZhi', id, version, data: { ...g.record.data, yunXuChaoShenQing: '1' }, submit: false }, admin);
    expect(saved.json().code, saved.body).toBe(0);
    expect(await tpmFlag(db, 'feiYongJieAnSheZhi', 'yunXuChaoShenQing')).toBe(true);
  });

  it('demo rows fill the set-up lists, each a valid record its owner sees; a seeded code stays unique', async () => {
    const zw = await a.login('zhangwei');
    const total = async (formCode: string, token: string) => (await a.post(LIST, { formCode, page: 1, limit: 10 }, token)).json().data.totalRecord as number;
    expect(await total('feiYongSheZhi', admin)).toBe(6);
    expect(await total('zhuanXiangHuoDong', zw)).toBe(2);
    expect(await total('jianHeHuiBao', zw)).toBe(2);
    expect(await total('geAnShiYongQingKuang', zw)).toBe(2);
    expect(await total('zhuanXiangJingLiZhuanJiao', await a.login('lina'))).toBe(1);
    const dup = await a.post(
      SAVE,
      {
        formCode: 'feiYongSheZhi',
        data: { feiYongLeiXingBianMa: 'CL-DJ', feiYongLeiXingMingCheng: '重复', kongZhiLeiXing: 'hard', xuJianHe: '0', xuFaPiao: '0', qiYong: '1' },
        submit: false,
      },
      admin,
    );
    expect(dup.json().code).not.toBe(0);
    expect(dup.body).toContain('feiYongLeiXingBianMa');
  });

  it('a second run adds nothing and keeps a changed setting', async () => {
    const page = await newest('yuSuanSheZhi');
    const { id, version } = page.rows[0];
    const g = (await a.post(GET, { formCode: 'yuSuanSheZhi', id }, admin)).json().data;
    const saved = await a.post(
      SAVE,
      { formCode: 'yuSuanSheZhi', id, version, data: { ...g.record.data, ruanKongRongChaBaiFenBi: '12.50' }, submit: false },
      admin,
    );
    expect(saved.json().code, saved.body).toBe(0);
    await a.ctx.db.transaction((tx) => seedSettings(tx, { demo: true }));
    const [types] = await a.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.records)
      .where(eq(t.records.formCode, 'feiYongSheZhi'));
    expect(types.n).toBe(6);
    const rows = await a.ctx.db
      .select()
      .from(t.records)
      .where(and(eq(t.records.formCode, 'yuSuanSheZhi'), eq(t.records.isYouXiao, '1')));
    expect(rows.length).toBe(1);
    expect((rows[0].data as Record<string, unknown>).ruanKongRongChaBaiFenBi).toBe('12.50');
    const [def] = await a.ctx.db.select().from(t.formDefinitions).where(eq(t.formDefinitions.code, 'yuSuanSheZhi'));
    expect(def.latestVersion).toBe(1);
  });

  it('a bad value is refused by the server with a field message', async () => {
    const { id, version } = (await newest('yuSuanSheZhi')).rows[0];
    const g = (await a.post(GET, { formCode: 'yuSuanSheZhi', id }, admin)).json().data;
    const r = await a.post(SAVE, { formCode: 'yuSuanSheZhi', id, version, data: { ...g.record.data, ruanKongRongChaBaiFenBi: '120' }, submit: false }, admin);
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toContain('ruanKongRongChaBaiFenBi');
  });
});
