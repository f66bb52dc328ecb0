import { describe, expect, it } from 'vitest';
import { FORM_MODES, FORM_TYPES } from '../../schemas/typeCodes';
import { FORM_TYPE_PAGES, ROUTE_TABLE, areaLists, routeEntryOf } from './routeTable';
import { resolveMode } from '../pages/genericMode';

describe('route table', () => {
  it('maps the spec paths of §2 to definitions', () => {
    expect(routeEntryOf('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList')).toMatchObject({ formCode: 'feiYongShenQing', kind: 'list' });
    expect(routeEntryOf('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit/')).toMatchObject({ formCode: 'feiYongShenQing', kind: 'form', mode: FORM_MODES.ADD });
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
    for (const t of [FORM_TYPES.EXPENSE_APPLICATION, FORM_TYPES.SETTLEMENT, FORM_TYPES.WRITE_OFF, FORM_TYPES.SPECIAL_PROJECT, FORM_TYPES.MARKET_EXPENSE]) {
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
});
