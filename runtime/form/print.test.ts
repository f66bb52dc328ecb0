import { describe, expect, it } from 'vitest';
import { pagePixels, pageSlices, watermarkText } from './print';

describe('print', () => {
  it('watermark: name, mobile, yyyyMMdd, with the spec texts when missing', () => {
    const d = new Date(2026, 10, 2, 10, 0);
    expect(watermarkText({ name: '张三', mobile: '13800000000' }, d)).toBe('张三 13800000000 20261102');
    expect(watermarkText({ name: '', mobile: null }, d)).toBe('未知登陆用户 未设置手机号 20261102');
    expect(watermarkText(null, d)).toBe('未知登陆用户 未设置手机号 20261102');
  });
  it('A4 at 300 dpi and page slices', () => {
    expect(pagePixels()).toEqual({ width: 2480, height: 3508 });
    // a capture 3200 px wide (800 css px at scale 4) and 10000 px high
    const s = pageSlices(3200, 10000);
    const perPage = Math.floor(3508 / (2480 / 3200));
    expect(s[0]).toEqual({ sy: 0, sh: perPage, dh: Math.round(perPage * (2480 / 3200)) });
    expect(s).toHaveLength(Math.ceil(10000 / perPage));
    expect(s.reduce((a, x) => a + x.sh, 0)).toBe(10000);
    expect(s.every((x) => x.dh <= 3508)).toBe(true);
    expect(pageSlices(0, 100)).toEqual([]);
  });
});
