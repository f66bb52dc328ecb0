import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateDefinition, schemaVersionOf } from './migrations';
import { validateDefinition } from './validateDefinition';
import { compileRecordSchema } from './compileRecordSchema';
import { DEFINITION_SCHEMA_VERSION } from './definition';
import { sampleDefinition } from './testing/fixtures';

/** A form as Formwork 0.x stored it (format version 1, see migrations.ts). */
function v1Document() {
  return {
    code: 'feiYongShenQingV1',
    name: '费用申请（旧版）',
    version: 3,
    formType: 80021,
    fields: [
      { key: 'huoDongMingCheng', typeCode: 0, label: '活动名称', span: 1, required: true, maxLength: 100 },
      { key: 'zhiFuFangShi', typeCode: 2, label: '支付方式', span: 1, options: ['现金', { value: 'zhuanZhang', label: '转账' }] },
      { key: 'wangDian', typeCode: 14, label: '网点', span: 2, multiple: true },
      { key: 'jinE', typeCode: 16, label: '申请金额', span: 1, decimals: 2, placeholder: '请输入金额' },
      {
        key: 'mingXi',
        typeCode: 99997,
        label: '费用明细',
        span: 2,
        children: [
          { key: 'shuLiang', typeCode: 15, label: '数量', required: true },
          { key: 'jinE', typeCode: 16, label: '金额', decimals: 2 },
        ],
      },
    ],
    formulas: [{ id: 'f1', target: 'jinE', expression: { colSum: ['mingXi', 'jinE'] } }],
    listColumns: ['number', 'huoDongMingCheng', 'jinE'],
  };
}

describe('migrateDefinition', () => {
  it('upgrades a v1 document to the current format, which then validates and compiles', () => {
    const doc = v1Document();
    const before = JSON.stringify(doc);
    const def = migrateDefinition(doc);
    expect(JSON.stringify(doc)).toBe(before); // input untouched
    expect(def.schemaVersion).toBe(DEFINITION_SCHEMA_VERSION);
    expect(def.name).toEqual({ 'zh-CN': '费用申请（旧版）' });
    expect(def.fields[0]).toEqual({ key: 'huoDongMingCheng', type: 0, label: { 'zh-CN': '活动名称' }, width: 12, required: true, length: 100 });
    expect(def.fields[1].options).toEqual([
      { value: '现金', label: { 'zh-CN': '现金' } },
      { value: 'zhuanZhang', label: { 'zh-CN': '转账' } },
    ]);
    expect(def.fields[2]).toMatchObject({ type: 14, width: 24, dataSource: { multiple: true } });
    expect(def.fields[3]).toMatchObject({ precision: 2, placeholder: { 'zh-CN': '请输入金额' } });
    expect(def.fields[4].fields).toEqual([
      { key: 'shuLiang', type: 15, label: { 'zh-CN': '数量' }, required: true },
      { key: 'jinE', type: 16, label: { 'zh-CN': '金额' }, precision: 2 },
    ]);
    expect(def.list).toEqual({ columns: [{ key: 'number' }, { key: 'huoDongMingCheng' }, { key: 'jinE' }] });
    expect(validateDefinition(def).errors).toEqual([]);
    const r = compileRecordSchema(def, 0).validate({
      huoDongMingCheng: '端午促销',
      zhiFuFangShi: '现金',
      jinE: '10.00',
      mingXi: [{ shuLiang: 1, jinE: '10.00' }],
    });
    expect(r.errors).toEqual([]);
  });

  it('fills the v2 defaults of a minimal v1 document', () => {
    const def = migrateDefinition({ code: 'x', name: '最简', fields: [] });
    expect(def).toEqual({ code: 'x', name: { 'zh-CN': '最简' }, version: 0, formType: 0, fields: [], schemaVersion: 2 });
    expect(validateDefinition(def).valid).toBe(true);
  });

  it('a v1 document that is not valid stays invalid (migration does not validate)', () => {
    const doc = v1Document();
    doc.fields[0].span = 3;
    const def = migrateDefinition(doc);
    expect(validateDefinition(def).errors.map((e) => e.code)).toEqual(['invalidWidth']);
  });

  it('leaves current documents as they are', () => {
    const def = sampleDefinition();
    expect(migrateDefinition(def)).toEqual(def);
    expect(migrateDefinition(def)).not.toBe(def);
  });

  it('refuses non-objects and unknown versions', () => {
    expect(() => migrateDefinition(null)).toThrow(TypeError);
    expect(() => migrateDefinition([])).toThrow(TypeError);
    expect(() => migrateDefinition({ ...sampleDefinition(), schemaVersion: 99 })).toThrow(/newer/);
    expect(() => migrateDefinition({ ...sampleDefinition(), schemaVersion: 0 })).toThrow(RangeError);
  });

  it('has one step per version below the current one', () => {
    expect(schemaVersionOf({})).toBe(1);
    expect(MIGRATIONS.map((m) => m.from)).toEqual(Array.from({ length: DEFINITION_SCHEMA_VERSION - 1 }, (_, i) => i + 1));
  });
});
