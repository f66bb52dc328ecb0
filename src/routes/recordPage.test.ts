import { describe, expect, it } from 'vitest';
import { FORM_MODES } from '../../schemas/typeCodes';
import { resolveMode } from '../pages/genericMode';
import { formPagesOf, recordPagePath } from './recordPage';
import { engineEntryOf, routeEntryOf } from './routeTable';

const ID = '1234567890123456789';
const FY = '/web/emp/feiYong';

/** The mode the page of a path opens in, as the generic pages read it. */
function modeOf(path: string): number | null {
  const url = new URL(path, 'http://x');
  const entry = routeEntryOf(url.pathname);
  if (entry) return resolveMode(entry, url.searchParams);
  return engineEntryOf(url.pathname, url.searchParams)?.mode ?? null;
}

describe('recordPagePath', () => {
  it('opens the route table page whose own mode is the one asked for', () => {
    expect(recordPagePath('feiYongHeXiao', ID, FORM_MODES.APPROVE)).toBe(`${FY}/heXiao/feiYongHeXiaoEditFour?id=${ID}&mode=3`);
    expect(recordPagePath('feiYongHeXiao', ID, FORM_MODES.VIEW)).toBe(`${FY}/heXiao/feiYongHeXiaoEditThree?id=${ID}&mode=2`);
    expect(recordPagePath('feiYongShenQing', ID, FORM_MODES.APPROVE)).toBe(`${FY}/shenQing/feiYongHuiZongShenPi/ytdFeiYongXiangQing?id=${ID}&mode=3`);
  });

  it('else the first form page of the form, with the mode in the query', () => {
    expect(recordPagePath('feiYongShenQing', ID, FORM_MODES.VIEW)).toBe(`${FY}/shenQing/gt/gtFeiYongShenQingEdit?id=${ID}&mode=2`);
    expect(recordPagePath('feiYongShenQing', ID, FORM_MODES.MODIFY_ON_RETURN)).toBe(`${FY}/shenQing/gt/gtFeiYongShenQingEdit?id=${ID}&mode=4`);
  });

  it('opens a form without a route table page on the generic engine page', () => {
    expect(formPagesOf('brandNewForm')).toEqual([]);
    expect(recordPagePath('brandNewForm', ID, FORM_MODES.APPROVE)).toBe(`/web/system/peiZhi/biaoDan/edit?code=brandNewForm&id=${ID}&type=3`);
  });

  it('uses a given table', () => {
    const table = { '/a': { formCode: 'f', kind: 'list' as const, mode: 2 as const }, '/b': { formCode: 'f', kind: 'form' as const, mode: 0 as const } };
    expect(recordPagePath('f', ID, FORM_MODES.VIEW, table)).toBe(`/b?id=${ID}&mode=2`);
  });

  it('every path it gives opens in the mode asked for', () => {
    for (const code of ['feiYongShenQing', 'feiYongJieAn', 'feiYongHeXiao', 'zhuanXiangFeiYong', 'shiChangFeiYong', 'nothingHere']) {
      for (const mode of Object.values(FORM_MODES)) {
        if (mode === FORM_MODES.ADD) continue;
        expect(modeOf(recordPagePath(code, ID, mode)), `${code} ${mode}`).toBe(mode);
      }
    }
  });
});
