import { describe, expect, it } from 'vitest';
import { localized } from './fields';

describe('localised labels', () => {
  it('fall back to zh-CN when the locale is missing, empty or blank (a definition saved with a blank translation)', () => {
    for (const pick of [localized]) {
      expect(pick({ 'zh-CN': '报销事由', 'en-US': 'Reason' }, 'en-US')).toBe('Reason');
      expect(pick({ 'zh-CN': '报销事由', 'en-US': '   ' }, 'en-US')).toBe('报销事由');
      expect(pick({ 'zh-CN': '报销事由', 'en-US': '' }, 'en-US')).toBe('报销事由');
      expect(pick({ 'zh-CN': '报销事由' }, 'zh-TW')).toBe('报销事由');
    }
  });
});
