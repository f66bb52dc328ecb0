import { describe, expect, it } from 'vitest';
import { APPROVAL_FIELD_KEYS, FORM_MODES, FORM_TYPES, SYSTEM_FIELD_KEYS } from '../../schemas/typeCodes';
import {
  ENGINE_ROUTES,
  FORM_SETTINGS_ROUTES,
  FORM_TYPE_PAGES,
  formSettingsTabOf,
  INDEX_ROUTES,
  ROUTE_TABLE,
  TPM_SETTINGS_CODES,
  TPM_SETTINGS_PREFIX,
  areaLists,
  engineEntryOf,
  engineFormPath,
  engineKindOf,
  engineListPath,
  routeEntryOf,
} from './routeTable';
import { resolveMode } from '../pages/genericMode';
import { CATALOG_BY_CODE } from '../../schemas/catalog';
import { SETTINGS_CATALOG, TPM_SETTINGS_FORMS } from '../../schemas/catalog/settings';

const COLUMN_KEYS: readonly string[] = [...SYSTEM_FIELD_KEYS, ...APPROVAL_FIELD_KEYS];
const DEFINED = new Map([...CATALOG_BY_CODE, ...SETTINGS_CATALOG.map((d) => [d.code, d] as const)]);

describe('route table', () => {
  it('maps the spec paths of §2 to definitions', () => {
    expect(routeEntryOf('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList')).toMatchObject({ formCode: 'feiYongShenQing', kind: 'list' });
    expect(routeEntryOf('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit/')).toMatchObject({
      formCode: 'feiYongShenQing',
      kind: 'form',
      mode: FORM_MODES.ADD,
    });
    expect(routeEntryOf('/web/emp/feiYong/jieAn/feiYongJieAnEditThree')).toMatchObject({ formCode: 'feiYongJieAn', mode: FORM_MODES.VIEW });
    expect(routeEntryOf('/web/emp/feiYong/heXiao/feiYongHeXiaoEditFour')).toMatchObject({ formCode: 'feiYongHeXiao', mode: FORM_MODES.APPROVE });
    expect(routeEntryOf('/web/gongYingLian/pinPaiList')).toMatchObject({ formCode: 'pinPai', kind: 'list', formPath: '/web/gongYingLian/pinPaiEdit' });
    expect(routeEntryOf('/web/keHuGuanLi/jingXiaoShangList')).toMatchObject({ formCode: 'jingXiaoShang', kind: 'list' });
    expect(routeEntryOf('/web/xinXiZhongXin/quDaoEdit')).toMatchObject({ formCode: 'quDao', kind: 'form' });
    expect(routeEntryOf('/web/emp/feiYong/nowhere')).toBeNull();
  });

  it('every list opens a form page of the table, every code is a valid definition code', () => {
    for (const [path, e] of Object.entries(ROUTE_TABLE)) {
      expect(path.startsWith('/web/')).toBe(true);
      expect(e.formCode).toMatch(/^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/);
      if (e.formPath) expect(ROUTE_TABLE[e.formPath], `${path} → ${e.formPath}`).toBeDefined();
    }
  });

  it('an area lists its list pages', () => {
    const lists = areaLists('/web/keHuGuanLi').map((x) => x.entry.formCode);
    expect(lists).toContain('jingXiaoShang');
    expect(lists).toContain('wangDian');
    expect(areaLists('/web/keHuGuanLi').every((x) => x.entry.kind === 'list')).toBe(true);
    expect(areaLists('/web')).toEqual([]);
    expect(areaLists('/web/nowhere')).toEqual([]);
  });

  it('every form type of the lookup flow has a form page', () => {
    for (const t of [
      FORM_TYPES.EXPENSE_APPLICATION,
      FORM_TYPES.SETTLEMENT,
      FORM_TYPES.WRITE_OFF,
      FORM_TYPES.SPECIAL_PROJECT,
      FORM_TYPES.MARKET_EXPENSE,
      FORM_TYPES.PAYMENT,
    ]) {
      const page = FORM_TYPE_PAGES[t.code];
      expect(routeEntryOf(page)?.kind).toBe('form');
    }
  });

  it('resolves the mode: viewType 2 is view only, ?mode wins, an id turns add into modify', () => {
    const add = routeEntryOf('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit')!;
    expect(resolveMode(add, new URLSearchParams(''))).toBe(FORM_MODES.ADD);
    expect(resolveMode(add, new URLSearchParams('id=1000000000000000001'))).toBe(FORM_MODES.MODIFY);
    expect(resolveMode(add, new URLSearchParams('id=1000000000000000001&viewType=2'))).toBe(FORM_MODES.VIEW);
    expect(resolveMode(add, new URLSearchParams('id=1&mode=3'))).toBe(FORM_MODES.APPROVE);
    expect(resolveMode(add, new URLSearchParams('mode=9'))).toBe(FORM_MODES.ADD);
  });

  it('the engine routes open any form by ?code=: its list, its form in mode type 0–4, a view', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(engineKindOf('/web/system/shiShi/biaoDan/list/')).toBe('list');
    expect(engineKindOf('/web/system/peiZhi/biaoDan/edit')).toBe('form');
    expect(engineKindOf('/web/system/peiZhi/biaoDanEdit')).toBeNull();
    expect(engineEntryOf(ENGINE_ROUTES.list, q('code=huoDongBuTie'))).toEqual({
      entry: { formCode: 'huoDongBuTie', kind: 'list', mode: FORM_MODES.VIEW, formPath: ENGINE_ROUTES.form },
      mode: FORM_MODES.VIEW,
    });
    expect(engineEntryOf(ENGINE_ROUTES.form, q('code=huoDongBuTie'))?.mode).toBe(FORM_MODES.ADD);
    expect(engineEntryOf(ENGINE_ROUTES.form, q('code=huoDongBuTie&id=1000000000000000001'))?.mode).toBe(FORM_MODES.MODIFY);
    for (const m of [0, 1, 2, 3, 4]) expect(engineEntryOf(ENGINE_ROUTES.form, q(`code=a&id=1&type=${m}`))?.mode).toBe(m);
    expect(engineEntryOf(ENGINE_ROUTES.form, q('code=a&id=1&mode=3'))?.mode).toBe(FORM_MODES.APPROVE);
    expect(engineEntryOf(ENGINE_ROUTES.form, q('code=a&type=7'))?.mode).toBe(FORM_MODES.ADD);
    expect(engineEntryOf(ENGINE_ROUTES.form, q('code=a&id=1&type=1&viewType=2'))?.mode).toBe(FORM_MODES.VIEW);
    expect(engineEntryOf(ENGINE_ROUTES.view, q('code=a&id=1&type=1'))?.mode).toBe(FORM_MODES.VIEW);
    // no code, or not a definition code: nothing to open (the page shows 未配置)
    expect(engineEntryOf(ENGINE_ROUTES.list, q(''))).toBeNull();
    expect(engineEntryOf(ENGINE_ROUTES.list, q('code=../x'))).toBeNull();
    expect(engineEntryOf('/web/emp/feiYong/buFaPiaoShenQing/list', q('code=a'))).toBeNull();
    // the paths the pages build round-trip
    const form = new URL(engineFormPath('huoDongBuTie', { id: '1000000000000000001', mode: FORM_MODES.VIEW }), 'http://x');
    expect(engineEntryOf(form.pathname, form.searchParams)).toMatchObject({ entry: { formCode: 'huoDongBuTie', kind: 'form' }, mode: FORM_MODES.VIEW });
    const list = new URL(engineListPath('huoDongBuTie'), 'http://x');
    expect(engineEntryOf(list.pathname, list.searchParams)?.entry.kind).toBe('list');
  });

  it('the form-settings pages of shiShi/ and ziDingYi/ open the designer on its form or its list settings', () => {
    expect(formSettingsTabOf('/web/system/ziDingYi/biaoDanLieBiaoSheZhi')).toBe('list');
    expect(formSettingsTabOf('/web/system/shiShi/biaoDan/sheZhiLieBiao/')).toBe('list');
    expect(formSettingsTabOf('/web/system/shiShi/biaoDan/biaoDanSheZhi')).toBe('design');
    expect(formSettingsTabOf('/web/system/shiShi/biaoDan/list')).toBeNull();
    // no path is both a settings page and an engine page
    for (const p of Object.keys(FORM_SETTINGS_ROUTES)) expect(Object.values(ENGINE_ROUTES)).not.toContain(p);
  });

  it('the 13 TPM settings pages of spec §2 open their form as a singleton; tpmCanShuSheZhiMain lists them in order', () => {
    expect(TPM_SETTINGS_CODES).toEqual(TPM_SETTINGS_FORMS.map((d) => d.code));
    for (const code of TPM_SETTINGS_CODES) {
      expect(routeEntryOf(`${TPM_SETTINGS_PREFIX}/${code}`)).toEqual({ formCode: code, kind: 'form', mode: FORM_MODES.ADD, singleton: true });
    }
    const main = `${TPM_SETTINGS_PREFIX}/tpmCanShuSheZhiMain`;
    expect(routeEntryOf(main)).toBeNull();
    expect(INDEX_ROUTES[main]).toBe(TPM_SETTINGS_PREFIX);
    expect(areaLists(main).map((x) => x.path)).toEqual(TPM_SETTINGS_CODES.map((c) => `${TPM_SETTINGS_PREFIX}/${c}`));
    expect(areaLists(`${TPM_SETTINGS_PREFIX}/`).length).toBe(13);
    // only settings are singletons
    expect(Object.entries(ROUTE_TABLE).filter(([, e]) => e.singleton).length).toBe(13);
  });

  it('every expense and settings page renders a definition of the catalog (none shows 未配置)', () => {
    const pages = Object.entries(ROUTE_TABLE).filter(([p]) => p.startsWith('/web/emp/feiYong/') || p.startsWith('/web/system/setting/'));
    expect(pages.length).toBeGreaterThan(40);
    // the budget documents' pages are spread in
    expect(routeEntryOf('/web/emp/feiYong/yuSuan/tiYuSuan/tiYuSuanList')).toMatchObject({ formCode: 'tiYuSuan', kind: 'list' });
    expect(routeEntryOf('/web/feiYong/yuTi/yuTiShenHe')).toMatchObject({ formCode: 'yuTi', kind: 'list' });
    const missing = pages.filter(([, e]) => !DEFINED.has(e.formCode)).map(([p, e]) => `${p} → ${e.formCode}`);
    expect(missing).toEqual([]);
  });

  it("a page's fixed filters name a field of its form or a system column; special-project pages filter on the source form", () => {
    for (const [path, e] of Object.entries(ROUTE_TABLE)) {
      const def = DEFINED.get(e.formCode);
      if (!def) continue;
      for (const f of e.filters ?? []) expect(COLUMN_KEYS.includes(f.key) || def.fields.some((x) => x.key === f.key), `${path}: ${f.key}`).toBe(true);
    }
    const FY = '/web/emp/feiYong';
    for (const [p, code] of [
      [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnList`, 'feiYongJieAn'],
      [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoList`, 'feiYongHeXiao'],
      [`${FY}/zhiFu/zhuanXiangZhiFuList`, 'feiYongZhiFu'],
    ] as const) {
      expect(routeEntryOf(p)).toMatchObject({ formCode: code, kind: 'list', filters: [{ key: 'laiYuanBiaoDan', op: 'eq', value: 'zhuanXiangFeiYong' }] });
    }
  });

  it('a list whose rows open another form derives that form from the rows', () => {
    for (const [path, e] of Object.entries(ROUTE_TABLE)) {
      if (e.kind !== 'list' || !e.formPath) continue;
      const target = ROUTE_TABLE[e.formPath];
      if (target.formCode === e.formCode) continue;
      const def = DEFINED.get(target.formCode);
      if (!def) continue;
      expect(def.derive?.from ?? [], `${path} → ${target.formCode}`).toContain(e.formCode);
    }
    expect(routeEntryOf('/web/emp/feiYong/jieAn/zhuanXiang/zhuanXiangJieAnSelect')).toMatchObject({
      formCode: 'zhuanXiangFeiYong',
      formPath: '/web/emp/feiYong/jieAn/zhuanXiang/zhuanXiangJieAnAdd',
    });
  });
});
