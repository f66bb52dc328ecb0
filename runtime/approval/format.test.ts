import { describe, expect, it } from 'vitest';
import { durationText, formatTime } from './format';
import { approvalT } from './i18n';

describe('formatTime', () => {
  it('local minutes; empty for nothing or an unreadable value', () => {
    const d = new Date(2026, 10, 5, 9, 3);
    expect(formatTime(d.toISOString())).toBe('2026-11-05 09:03');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a time')).toBe('');
  });
});

describe('durationText', () => {
  const zh = approvalT('zh-CN');
  const en = approvalT('en-US');
  const m = 60_000;
  it('in words, the two largest units', () => {
    expect(durationText(30_000, zh)).toBe('不到 1 分钟');
    expect(durationText(-5 * m, zh)).toBe('不到 1 分钟');
    expect(durationText(45 * m, zh)).toBe('45 分钟');
    expect(durationText(120 * m, zh)).toBe('2 小时');
    expect(durationText(125 * m, zh)).toBe('2 小时 5 分钟');
    expect(durationText(2 * 1440 * m, zh)).toBe('2 天');
    expect(durationText((2 * 1440 + 3 * 60 + 7) * m, zh)).toBe('2 天 3 小时');
    expect(durationText(125 * m, en)).not.toMatch(/history\.|{{/);
  });
});
