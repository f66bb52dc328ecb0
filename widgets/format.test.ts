import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateRange,
  formatDecimal,
  formatDocumentNumber,
  formatFileSize,
  formatInteger,
  formatMobile,
  formatPicker,
  formatUserName,
  inclusiveDays,
  isDecimalTyping,
  normaliseDecimal,
} from './format';

describe('format', () => {
  it('formats amounts with two decimals and thousands separators, exactly', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('-9876543.215')).toBe('-9,876,543.22');
    // beyond float precision: stays exact
    expect(formatAmount('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatAmount('0.1')).toBe('0.10');
    expect(formatAmount('')).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount('abc')).toBe('abc');
  });

  it('formats decimals with their precision', () => {
    expect(formatDecimal('12.3456', 4)).toBe('12.3456');
    expect(formatDecimal('1000', 0)).toBe('1,000');
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(-12)).toBe('-12');
  });

  it('formats dates per spec §9', () => {
    expect(formatDate('2026-11-01T09:05:07')).toBe('2026-11-01 09:05:07');
    expect(formatDate('2026-11-01 09:05', 'form')).toBe('2026-11-01 09:05');
    expect(formatDate('2026-11-01', 'date')).toBe('2026-11-01');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('formats a date range with the Chinese separator and the inclusive day count', () => {
    expect(formatDateRange(['2026-11-01', '2026-11-03'])).toBe('2026-11-01 至 2026-11-03（共3天）');
    expect(formatDateRange(['2026-11-01', '2026-11-01'])).toBe('2026-11-01 至 2026-11-01（共1天）');
    expect(formatDateRange(['2026-12-30 08:00', '2027-01-02 18:00'], { withTime: true })).toBe('2026-12-30 08:00 至 2027-01-02 18:00（共4天）');
    expect(formatDateRange(['2026-11-01', '2026-11-03'], { locale: 'en-US' })).toBe('2026-11-01 to 2026-11-03 (3 days)');
    expect(formatDateRange(['2026-11-01', '2026-11-03'], { locale: 'zh-TW' })).toBe('2026-11-01 至 2026-11-03（共3天）');
    expect(inclusiveDays('2026-02-27', '2026-03-01')).toBe(3);
    expect(formatDateRange(undefined)).toBe('');
  });

  it('shows the display texts of spec §8', () => {
    expect(formatDocumentNumber('')).toBe('自动生成');
    expect(formatDocumentNumber(undefined)).toBe('自动生成');
    expect(formatDocumentNumber('FW202611010001')).toBe('FW202611010001');
    expect(formatUserName(null)).toBe('未知登陆用户');
    expect(formatUserName('张伟')).toBe('张伟');
    expect(formatMobile('')).toBe('未设置手机号');
    expect(formatMobile('13800138000')).toBe('13800138000');
    expect(formatUserName(undefined, 'en-US')).toBe('Unknown user');
  });

  it('formats pickers and file sizes', () => {
    expect(formatPicker({ id: '1', name: '华润万家' })).toBe('华润万家');
    expect(
      formatPicker([
        { id: '1', name: '华润万家' },
        { id: '2', name: '永辉超市' },
      ]),
    ).toBe('华润万家、永辉超市');
    expect(
      formatPicker(
        [
          { id: '1', name: 'A' },
          { id: '2', name: 'B' },
        ],
        'en-US',
      ),
    ).toBe('A, B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('accepts decimal typing only within the precision', () => {
    expect(isDecimalTyping('12.3', 2)).toBe(true);
    expect(isDecimalTyping('12.', 2)).toBe(true);
    expect(isDecimalTyping('-', 2)).toBe(true);
    expect(isDecimalTyping('12.345', 2)).toBe(false);
    expect(isDecimalTyping('12a', 2)).toBe(false);
    expect(isDecimalTyping('1.2.3', 2)).toBe(false);
    expect(isDecimalTyping('1.2', 0)).toBe(false);
    expect(normaliseDecimal('0012.50')).toBe('12.5');
    expect(normaliseDecimal('12.')).toBe('12');
    expect(normaliseDecimal('-')).toBeUndefined();
    expect(normaliseDecimal('-0')).toBe('0');
  });
});
