import { describe, expect, it } from 'vitest';
import { validateTiers } from './validateTiers';

describe('validateTiers', () => {
  it('accepts contiguous tiers with an open last tier', () => {
    expect(
      validateTiers([
        { from: '0', to: '100000', value: '1' },
        { from: '100000', to: '500000', value: '2' },
        { from: '500000', to: null, value: '3' },
      ]),
    ).toEqual([]);
  });

  it('accepts tiers given out of order', () => {
    expect(
      validateTiers([
        { from: '100', to: '200', value: '2' },
        { from: '0', to: '100', value: '1' },
      ]),
    ).toEqual([]);
  });

  it('finds a gap', () => {
    expect(
      validateTiers([
        { from: '0', to: '100', value: '1' },
        { from: '150', to: '200', value: '2' },
      ]),
    ).toEqual([{ row: 1, kind: 'gap', previous: 0 }]);
  });

  it('finds an overlap, exactly (no float rounding)', () => {
    expect(
      validateTiers([
        { from: '0', to: '100.10', value: '1' },
        { from: '100.09', to: '200', value: '2' },
      ]),
    ).toEqual([{ row: 1, kind: 'overlap', previous: 0 }]);
    expect(
      validateTiers([
        { from: '0', to: '0.3', value: '1' },
        { from: '0.30', to: null, value: '2' },
      ]),
    ).toEqual([]);
  });

  it('finds from ≥ to, invalid numbers, and an open tier that is not last', () => {
    expect(validateTiers([{ from: '10', to: '5', value: '1' }])).toEqual([{ row: 0, kind: 'order' }]);
    expect(validateTiers([{ from: 'abc', to: '5', value: '1' }])).toEqual([{ row: 0, kind: 'invalid' }]);
    expect(
      validateTiers([
        { from: '0', to: null, value: '1' },
        { from: '100', to: '200', value: '2' },
      ]),
    ).toEqual([{ row: 0, kind: 'openNotLast' }]);
  });
});
