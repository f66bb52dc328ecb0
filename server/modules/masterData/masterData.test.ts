import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { AUTOCOMPLETE_NAMES } from './repository';

describe.each(BACKENDS)('menu and master data (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  const AC = '/tpm/emp/base/autoComplete';
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    zw = await a.login('zhangwei');
  });
  afterAll(async () => a?.stop());

  it('every autocomplete answers a paged list in a stable order', async () => {
    for (const name of AUTOCOMPLETE_NAMES) {
      const extra = name === 'refcode' ? { refType: 'zhiFuFangShi' } : {};
      const r = await a.post(`${AC}/${name}`, { ...extra }, zw);
      expect(r.statusCode, name).toBe(200);
      const d = r.json().data;
      expect(d, name).toMatchObject({ pageSize: 20, currentPage: 1 });
      expect(d.totalRecord, name).toBeGreaterThan(0);
      for (const row of d.rows) {
        expect(row.id, name).toMatch(/^[0-9]{19}$/);
        expect(typeof row.name, name).toBe('string');
      }
      const again = (await a.post(`${AC}/${name}`, { ...extra }, zw)).json().data;
      expect(
        again.rows.map((x: { id: string }) => x.id),
        name,
      ).toEqual(d.rows.map((x: { id: string }) => x.id));
    }
  });

  it('searches by keyword over code and name, pages, and takes extra parameters', async () => {
    const d = (await a.post(`${AC}/dealerConnTable`, { keyword: '上海' }, zw)).json().data;
    expect(d.rows.map((r: { name: string }) => r.name)).toEqual(['上海百联食品贸易有限公司']);
    expect((await a.post(`${AC}/dealerConnTable`, { keyword: 'JXS0005' }, zw)).json().data.rows[0].name).toBe('广州华润万家贸易有限公司');
    const p1 = (await a.post(`${AC}/dealerConnTable`, { page: 1, limit: 5 }, zw)).json().data;
    const p2 = (await a.post(`${AC}/dealerConnTable`, { page: 2, limit: 5 }, zw)).json().data;
    expect(p1.rows).toHaveLength(5);
    expect(p1.totalRecord).toBe(14 + 21); // the seeded dealers and the fixture dealers (test/helpers.ts)
    expect(p2.rows[0].id).not.toBe(p1.rows[0].id);
    const subjects = (await a.post(`${AC}/sanJiKeMu`, {}, zw)).json().data;
    expect(subjects.rows.every((r: { level: number }) => r.level === 3)).toBe(true);
    const level2 = (await a.post(`${AC}/qudao-all`, { level: '2' }, zw)).json().data;
    expect(level2.rows.every((r: { level: number }) => r.level === 2)).toBe(true);
    const pay = (await a.post(`${AC}/refcode`, { refType: 'zhiFuFangShi' }, zw)).json().data;
    expect(pay.rows.map((r: { name: string }) => r.name)).toEqual(['现金', '银行转账', '货款抵扣', '票折']);
    const payEn = (await a.post(`${AC}/refcode`, { refType: 'zhiFuFangShi' }, zw, { 'accept-language': 'en-US' })).json().data;
    // the session's language (zh-CN) wins over the header
    expect(payEn.rows[0].name).toBe('现金');
    const managers = (await a.post(`${AC}/area-manger`, {}, zw)).json().data;
    expect(managers.rows.map((r: { name: string }) => r.name)).toContain('李娜');
    expect((await a.post(`${AC}/employee`, { keyword: '100%' }, zw)).json().data.totalRecord).toBe(0);
  });

  it('lists budget pools with the remaining amount as an exact decimal string', async () => {
    const d = (await a.post('/emp/api/v2/feiYong/yuSuanChi/list', { keyword: '华东' }, zw)).json().data;
    const pool = d.rows.find((r: { code: string }) => r.code === 'YSC2026-HD-KA-CX');
    expect(pool).toMatchObject({ amount: '860000.00', consumed: '92300.50', remaining: '767699.50' });
  });

  it('filters budget pools by fiscal year, region, channel, subject and status, naming their dimensions', async () => {
    const L = '/emp/api/v2/feiYong/yuSuanChi/list';
    const all = (await a.post(L, { enabled: 'all', limit: 100 }, zw)).json().data;
    const hd = all.rows.find((r: { code: string }) => r.code === 'YSC2026-HD-KA-CX');
    expect(hd).toMatchObject({
      fiscalYearName: expect.any(String),
      departmentName: expect.any(String),
      channelName: expect.any(String),
      subjectName: expect.any(String),
    });
    for (const key of ['fiscalYearId', 'departmentId', 'channelId', 'subjectId'] as const) {
      const d = (await a.post(L, { [key]: hd[key], limit: 100 }, zw)).json().data;
      expect(d.totalRecord, key).toBeGreaterThan(0);
      expect(
        d.rows.every((r: Record<string, string>) => r[key] === hd[key]),
        key,
      ).toBe(true);
      expect(d.rows.map((r: { code: string }) => r.code)).toContain('YSC2026-HD-KA-CX');
    }
    const both = (await a.post(L, { departmentId: hd.departmentId, subjectId: hd.subjectId, channelId: hd.channelId }, zw)).json().data;
    expect(both.rows.map((r: { code: string }) => r.code)).toEqual(['YSC2026-HD-KA-CX']);
    // the default and the picker: enabled pools only; '0' the disabled ones
    expect((await a.post(L, { enabled: '0' }, zw)).json().data.rows.every((r: { isEnabled: boolean }) => !r.isEnabled)).toBe(true);
    expect((await a.post(L, {}, zw)).json().data.rows.every((r: { isEnabled: boolean }) => r.isEnabled)).toBe(true);
  });

  it('offers the products (danPin) of a brand only, by brandId or pinPai', async () => {
    const brands = (await a.post(`${AC}/pinPai`, {}, zw)).json().data.rows as { id: string; name: string }[];
    const all = (await a.post(`${AC}/danPin`, { limit: 100 }, zw)).json().data;
    let seen = 0;
    for (const b of brands) {
      const byBrand = (await a.post(`${AC}/danPin`, { brandId: b.id, limit: 100 }, zw)).json().data;
      const byPinPai = (await a.post(`${AC}/danPin`, { pinPai: b.id, limit: 100 }, zw)).json().data;
      expect(byPinPai.rows, b.name).toEqual(byBrand.rows);
      seen += byBrand.totalRecord;
    }
    // each product is its one brand's: the brands' lists partition the products
    expect(seen).toBe(all.totalRecord);
    expect((await a.post(`${AC}/danPin`, { pinPai: '1234567890123456789' }, zw)).json().data.totalRecord).toBe(0);
  });

  it('answers the menu tree from the role grants', async () => {
    const names = (tree: { name: { 'zh-CN': string }; children: unknown[] }[]): string[] =>
      tree.flatMap((n) => [n.name['zh-CN'], ...names(n.children as never)]);
    const menu = async (tok: string) => (await a.inject({ method: 'GET', url: '/tpm/system/menu.action', headers: { authorization: tok } })).json().data;
    const emp = names(await menu(zw));
    expect(emp).toContain('费用申请');
    expect(emp).not.toContain('表单设置');
    expect(emp).not.toContain('预算池');
    const leader = names(await menu(await a.login('lina')));
    expect(leader).toContain('预算池');
    const admin = await menu(await a.login('admin'));
    expect(names(admin)).toEqual(expect.arrayContaining(['表单设置', '表单列表', '系统管理']));
    const feiYong = admin.find((n: { name: { 'zh-CN': string } }) => n.name['zh-CN'] === '费用管理');
    expect(feiYong.name['en-US']).toBe('Expenses');
    expect(feiYong.children[0].path).toBe('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList');
    const dealer = names(await menu(await a.login('dealer01')));
    expect(dealer).toEqual(['首页', '工作台', '功能列表', '帮助中心', '法律说明', '关于我们']);
  });
});
