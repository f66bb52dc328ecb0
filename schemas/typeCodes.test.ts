import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPROVAL_FIELD_KEYS,
  COMPONENT_TYPE_CODES,
  FIELD_TYPE_CODES,
  FORM_MODES,
  FORM_TYPE_CODES,
  PAGE_WIDTHS,
  SYSTEM_FIELDS,
  TYPE_CODES,
  VIEW_TYPE_VIEW_ONLY,
  isTypeCode,
  typeInfo,
  holdsValue,
  TC,
} from './index';

// The spec is read from ../shared (the contract) when present, else the copy kept in docs/.
const shared = path.resolve(__dirname, '../../shared/spec/portal-spec.md');
const spec = readFileSync(existsSync(shared) ? shared : path.resolve(__dirname, '../docs/spec/portal-spec.md'), 'utf8');

function section(title: string): string {
  const start = spec.indexOf(title);
  expect(start, `spec section ${title}`).toBeGreaterThanOrEqual(0);
  const rest = spec.slice(start + title.length);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}
/** "dealer 87, chain system 11, …" → [87, 11, …] */
function codesOf(text: string): number[] {
  return [...text.matchAll(/\s(\d{1,6})\b/g)].map((m) => Number(m[1]));
}

describe('type-code registry against the spec text', () => {
  it('has every component type code of §3', () => {
    const codes = codesOf(section('### Form component types'));
    expect(codes.length).toBe(18);
    for (const c of codes) expect(COMPONENT_TYPE_CODES, `component type ${c}`).toContain(c);
  });
  it('has every field type code of §3', () => {
    const codes = codesOf(section('### Field types').split('\n\nValue types')[0]);
    expect(codes.length).toBe(25);
    for (const c of codes) expect(FIELD_TYPE_CODES, `field type ${c}`).toContain(c);
  });
  it('has the system fields with the lengths of §3', () => {
    const rows = [...section('### System fields').matchAll(/^\| (\w+) \| [^|]+ \| (\d+) \|$/gm)];
    expect(rows.length).toBe(9);
    for (const [, key, length] of rows) {
      expect(SYSTEM_FIELDS, key).toHaveProperty(key);
      expect(SYSTEM_FIELDS[key as keyof typeof SYSTEM_FIELDS].length).toBe(Number(length));
    }
    expect(SYSTEM_FIELDS.id.unique && SYSTEM_FIELDS.number.unique).toBe(true);
  });
  it('has the eight approval fields of §3', () => {
    const keys = [...section('### Approval fields').matchAll(/(\w+) \(/g)].map((m) => m[1]);
    expect(keys.length).toBe(8);
    expect([...APPROVAL_FIELD_KEYS].sort()).toEqual([...keys].sort());
  });
  it('has form modes 0–4 as named in §3', () => {
    const modes = Object.fromEntries([...section('### Form modes').matchAll(/([a-z-]+) (\d)/g)].map((m) => [m[1], Number(m[2])]));
    expect(modes).toEqual({ add: 0, modify: 1, view: 2, approve: 3, 'modify-on-return': 4 });
    expect(Object.values(FORM_MODES)).toEqual([0, 1, 2, 3, 4]);
  });
  it('has the form type codes and view type of §9', () => {
    const line = spec.split('\n').find((l) => l.startsWith('- Type codes:'))!;
    const codes = [...line.matchAll(/\b(\d{5,6})\b/g)].map((m) => Number(m[1]));
    expect(new Set(codes)).toEqual(new Set([80021, 80022, 810510, 99800, 99700]));
    for (const c of codes) expect(FORM_TYPE_CODES).toContain(c);
    expect(line).toContain(`View type ${VIEW_TYPE_VIEW_ONLY} means view only`);
  });
  it('has page widths 12 and 24', () => {
    expect(spec).toMatch(/12 or 24 columns/);
    expect([...PAGE_WIDTHS]).toEqual([12, 24]);
  });
});

describe('derived lookups', () => {
  it('codes are unique across both lists', () => {
    expect(new Set(TYPE_CODES).size).toBe(TYPE_CODES.length);
  });
  it('looks codes up and rejects unknown ones', () => {
    expect(isTypeCode(99997)).toBe(true);
    expect(isTypeCode(12345)).toBe(false);
    expect(isTypeCode('0')).toBe(false);
    expect(typeInfo(TC.DECIMAL).valueType).toBe('BigDecimal');
    expect(typeInfo(TC.INTEGER).valueType).toBe('Integer');
    expect(typeInfo(TC.CODE).defaultLength).toBe(30);
    expect(() => typeInfo(4242)).toThrow(/unknown type code/);
  });
  it('only the divider holds no value', () => {
    expect(TYPE_CODES.filter((c) => !holdsValue(c))).toEqual([TC.DIVIDER]);
  });
  it('every picker names its autocomplete endpoint; spec endpoints are those of §7', () => {
    const autocomplete = spec.split('\n').find((l) => l.includes('Autocomplete under'))!;
    const names = autocomplete
      .split(':')
      .pop()!
      .replace(/\.$/, '')
      .split(',')
      .map((s) => s.trim());
    for (const code of TYPE_CODES) {
      const s = typeInfo(code).source;
      if (s?.spec) expect(names, `${code} → ${s.endpoint}`).toContain(s.endpoint);
    }
    for (const code of COMPONENT_TYPE_CODES) {
      if (code !== TC.MAP) expect(typeInfo(code).source, `component ${code}`).not.toBeNull();
    }
  });
});
