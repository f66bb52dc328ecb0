import { describe, expect, it } from 'vitest';
import { sampleDefinition, schemaErrors } from './testing';

describe('test fixtures', () => {
  it('the sample definition validates against the definition schema', () => {
    expect(schemaErrors(sampleDefinition())).toEqual([]);
  });
  it('schemaErrors reports a broken definition', () => {
    const d = sampleDefinition();
    (d.fields[0] as { width: number }).width = 13;
    expect(schemaErrors(d).length).toBeGreaterThan(0);
    expect(schemaErrors({ ...sampleDefinition(), fields: [{ key: '1bad', type: 0, label: { 'zh-CN': 'x' } }] }).length).toBeGreaterThan(0);
  });
});
