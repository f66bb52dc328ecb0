// The derive section of a definition (how a settlement or write-off is made from its
// application): its targets checked by validateDefinition, its sources by checkDeriveSource.
import { describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_BY_CODE } from './catalog';
import { checkDeriveSource, validateDefinition } from './validateDefinition';
import type { FormDefinition } from './definition';

const base = (derive: unknown): FormDefinition => {
  const def = structuredClone(CATALOG_BY_CODE.get('feiYongJieAn')!);
  (def as { derive?: unknown }).derive = derive;
  return def;
};
const codes = (def: unknown) => validateDefinition(def).errors.map((e) => [e.path, e.code]);

describe('derive section', () => {
  it('every catalog form that derives maps onto its own fields and reads its sources', () => {
    const deriving = CATALOG.filter((d) => d.derive);
    expect(deriving.map((d) => [d.code, d.derive!.kind])).toEqual([
      ['feiYongJieAn', 'settles'],
      ['feiYongHeXiao', 'writesOff'],
      ['feiYongZhiFu', 'pays'],
      ['yuFuKuan', 'derives'],
      ['huanKuan', 'derives'],
    ]);
    for (const d of deriving) {
      expect(validateDefinition(d).errors).toEqual([]);
      for (const from of d.derive!.from) expect(checkDeriveSource(d, CATALOG_BY_CODE.get(from)!)).toEqual([]);
    }
  });

  it('rejects unknown kinds and stray properties (structure)', () => {
    const errs = codes(base({ from: ['feiYongShenQing'], kind: 'steals', fields: [] }));
    expect(errs.some(([p]) => p.startsWith('/derive/kind'))).toBe(true);
    expect(codes(base({ from: [], kind: 'settles', fields: [] })).some(([p]) => p === '/derive/from')).toBe(true);
  });

  it('checks targets: a main field of this form, once; rows into a sub-form and its columns', () => {
    const def = base({
      from: ['feiYongShenQing'],
      kind: 'settles',
      fields: [
        { to: 'huoDongMingCheng', from: 'huoDongMingCheng' },
        { to: 'nope', from: 'x' },
        { to: 'huoDongMingCheng', from: 'number' },
        { to: 'fenGeShenQingXinXi', from: 'x' },
      ],
      rows: [{ to: 'shiJiJinE', from: 'mingXi', fields: [{ to: 'a', from: 'b' }] }],
    });
    expect(codes(def)).toEqual([
      ['/derive/fields/1/to', 'deriveUnknownField'],
      ['/derive/fields/2/to', 'deriveDuplicateTarget'],
      ['/derive/fields/3/to', 'deriveUnknownField'],
      ['/derive/rows/0/to', 'deriveNotSubForm'],
    ]);
    expect(validateDefinition(def).errors[0].message).toBe('生成规则的目标「nope」不是本表单的字段（子表行映射到子表及其列）');
    // row mappings into a real sub-form
    const app = structuredClone(CATALOG_BY_CODE.get('feiYongShenQing')!);
    app.derive = {
      from: ['feiYongShenQing'],
      kind: 'derives',
      fields: [],
      rows: [
        {
          to: 'mingXi',
          from: 'mingXi',
          fields: [
            { to: 'jinE', from: 'jinE' },
            { to: 'zz', from: 'jinE' },
            { to: 'jinE', from: 'danJia' },
          ],
        },
      ],
    };
    expect(codes(app)).toEqual([
      ['/derive/rows/0/fields/1/to', 'deriveUnknownField'],
      ['/derive/rows/0/fields/2/to', 'deriveDuplicateTarget'],
    ]);
    expect(checkDeriveSource(app, CATALOG_BY_CODE.get('feiYongShenQing')!)).toEqual([]);
  });

  it('checks sources: a main field or a system key of the source; rows from a source sub-form and its columns', () => {
    const def = base({
      from: ['feiYongShenQing'],
      kind: 'settles',
      fields: [
        { to: 'shenQingDanHao', from: 'number' },
        { to: 'huoDongMingCheng', from: 'huoDongMingChengX' },
        { to: 'shenQingJinE', from: 'mingXi' },
      ],
    });
    const src = CATALOG_BY_CODE.get('feiYongShenQing')!;
    expect(checkDeriveSource(def, src).map((e) => [e.path, e.code, e.params])).toEqual([
      ['/derive/fields/1/from', 'deriveUnknownSource', { field: 'huoDongMingChengX', form: 'feiYongShenQing' }],
      ['/derive/fields/2/from', 'deriveUnknownSource', { field: 'mingXi', form: 'feiYongShenQing' }],
    ]);
    const app = structuredClone(src);
    app.derive = {
      from: ['feiYongShenQing'],
      kind: 'derives',
      fields: [],
      rows: [
        { to: 'mingXi', from: 'nope', fields: [{ to: 'jinE', from: 'jinE' }] },
        { to: 'mingXi', from: 'mingXi', fields: [{ to: 'jinE', from: 'zz' }] },
      ],
    };
    expect(checkDeriveSource(app, src).map((e) => e.path)).toEqual(['/derive/rows/0/from', '/derive/rows/1/fields/0/from']);
  });
});
