import { describe, expect, it } from 'vitest';
import { RESOURCES, flattenMessages, translate } from './index';
import { LOCALES } from '../constants';
import { DEFINITION_ERROR_CODES } from '../validateDefinition';
import { RECORD_ERROR_CODES } from '../compileRecordSchema';

const keysOf = (l: (typeof LOCALES)[number]) => Object.keys(flattenMessages(RESOURCES[l].schemas)).sort();

describe('schemas namespace messages', () => {
  it('has the same keys in every locale', () => {
    expect(keysOf('en-US')).toEqual(keysOf('zh-CN'));
    expect(keysOf('zh-TW')).toEqual(keysOf('zh-CN'));
  });
  it('has a message for every definition and record error code in every locale', () => {
    for (const l of LOCALES) {
      const flat = flattenMessages(RESOURCES[l].schemas);
      for (const c of DEFINITION_ERROR_CODES) expect(flat[`definition.${c}`], `${l} definition.${c}`).toBeTruthy();
      for (const c of RECORD_ERROR_CODES) expect(flat[`record.${c}`], `${l} record.${c}`).toBeTruthy();
    }
  });
  it('uses only placeholders that the zh-CN text uses', () => {
    const zh = flattenMessages(RESOURCES['zh-CN'].schemas);
    const vars = (t: string) => [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const l of ['en-US', 'zh-TW'] as const) {
      const flat = flattenMessages(RESOURCES[l].schemas);
      for (const [k, t] of Object.entries(flat)) expect(vars(t), `${l} ${k}`).toEqual(vars(zh[k]));
    }
  });
  it('translates with parameters', () => {
    expect(translate('zh-CN', 'schemas', 'record.decimalPlaces', { label: '「金额」', precision: 2 })).toBe('「金额」最多保留2位小数');
  });
});
