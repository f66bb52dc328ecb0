import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import {
  SYSTEM_FIELDS_SCHEMA,
  addRecordVocabulary,
  compileRecordSchema,
  fieldSchema,
  formatRecordErrors,
  isDateString,
  isDateTimeString,
  requiredPaths,
  type RecordError,
} from './compileRecordSchema';
import { sampleDefinition, sampleRecord } from './testing/fixtures';
import type { FormDefinition } from './definition';
import { FORM_MODES } from './typeCodes';
import { CATALOG_BY_CODE } from './catalog';

const ADD = FORM_MODES.ADD;

function check(patch: Record<string, unknown>, opts: { def?: FormDefinition; locale?: 'zh-CN' | 'en-US' | 'zh-TW' } = {}): RecordError[] {
  const def = opts.def ?? sampleDefinition();
  const data = { ...sampleRecord(), ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete data[k];
  return compileRecordSchema(def, ADD).validate(data, opts.locale).errors;
}
function only(patch: Record<string, unknown>, field: string, code: string, locale?: 'zh-CN' | 'en-US'): RecordError {
  const errors = check(patch, { locale });
  expect(errors, JSON.stringify(errors)).toHaveLength(1);
  expect(errors[0]).toMatchObject({ field, code });
  return errors[0];
}
const ok = (patch: Record<string, unknown>) => expect(check(patch)).toEqual([]);

describe('compileRecordSchema', () => {
  it('accepts a realistic record', () => {
    expect(check({})).toEqual([]);
  });

  it('caches per definition object, mode and options', () => {
    const def = sampleDefinition();
    expect(compileRecordSchema(def, ADD)).toBe(compileRecordSchema(def, ADD));
    expect(compileRecordSchema(def, ADD)).not.toBe(compileRecordSchema(def, ADD, { draft: true }));
    expect(compileRecordSchema(def, ADD)).not.toBe(compileRecordSchema(def, FORM_MODES.VIEW));
    expect(compileRecordSchema(def, ADD)).not.toBe(compileRecordSchema(sampleDefinition(), ADD));
    expect(compileRecordSchema(def, 3, { required: ['jinE'] })).toBe(compileRecordSchema(def, 3, { required: ['jinE'] }));
  });

  it('exposes a plain JSON Schema with additionalProperties false and no divider', () => {
    const { schema } = compileRecordSchema(sampleDefinition(), ADD);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties as object)).not.toContain('secBasic');
    expect(schema.required).toEqual(['huoDongMingCheng']);
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  describe('text, textarea, code', () => {
    it('limits length to field.length or the type default', () => {
      ok({ huoDongMingCheng: 'x'.repeat(200) });
      const e = only({ huoDongMingCheng: 'x'.repeat(201) }, 'huoDongMingCheng', 'tooLong');
      expect(e.message).toBe('「活动名称」最多200个字符');
      ok({ beiZhu: '备'.repeat(500) });
      only({ beiZhu: '备'.repeat(501) }, 'beiZhu', 'tooLong');
    });
    it('number/code: at most 30 characters', () => {
      ok({ bianHao: 'A'.repeat(30) });
      const e = only({ bianHao: 'A'.repeat(31) }, 'bianHao', 'tooLong', 'en-US');
      expect(e.message).toBe('"Number" allows at most 30 characters');
      // even when the definition asks for more
      const def = sampleDefinition();
      def.fields[3].length = 40;
      expect(compileRecordSchema(def, ADD).validate({ ...sampleRecord(), bianHao: 'A'.repeat(31) }).errors[0].code).toBe('tooLong');
    });
    it('rejects non-strings', () => {
      only({ huoDongMingCheng: 5 }, 'huoDongMingCheng', 'invalidValue');
    });
  });

  describe('required', () => {
    it('missing, null, empty and blank are all "required"', () => {
      for (const v of [undefined, null, '', '   ']) {
        const e = only({ huoDongMingCheng: v }, 'huoDongMingCheng', 'required');
        expect(e.message).toBe('「活动名称」不能为空');
      }
    });
    it('optional fields may be absent or null', () => {
      ok({ beiZhu: null, jinE: null, leiXing: null, qiJian: null, jingXiaoShang: null, fuJian: null, mingXi: undefined });
    });
    it('draft requires nothing; modes 2 and 3 require only what the caller passes', () => {
      const def = sampleDefinition();
      const data = { ...sampleRecord(), huoDongMingCheng: '' };
      expect(compileRecordSchema(def, ADD, { draft: true }).validate(data).valid).toBe(true);
      expect(compileRecordSchema(def, FORM_MODES.VIEW).validate(data).valid).toBe(true);
      expect(compileRecordSchema(def, FORM_MODES.APPROVE).validate(data).valid).toBe(true);
      const r = compileRecordSchema(def, FORM_MODES.APPROVE, { required: ['beiZhu', 'mingXi.danJia'] }).validate({
        ...data,
        beiZhu: null,
        mingXi: [{ shuLiang: 1 }],
      });
      expect(r.errors.map((e) => [e.field, e.code])).toEqual([
        ['beiZhu', 'required'],
        ['mingXi.0.danJia', 'required'],
      ]);
    });
    it('a draft does not hold formula results to their min/max; a submit and plain fields still are', () => {
      const catalog = structuredClone(CATALOG_BY_CODE.get('feiYongShenQing')!);
      const total = catalog.fields.find((f) => f.key === 'shenQingJinE')!;
      expect(total.min).toBe('0.01');
      expect(catalog.formulas?.some((f) => f.target === 'shenQingJinE')).toBe(true);
      // a draft with no detail rows yet: the computed total is 0.00
      const draft = { huoDongMingCheng: '华东区端午节陈列活动', shenQingJinE: '0.00' };
      expect(compileRecordSchema(catalog, ADD, { draft: true }).validate(draft).errors).toEqual([]);
      const submitted = compileRecordSchema(catalog, ADD, { required: [] }).validate(draft);
      expect(submitted.errors.map((e) => [e.field, e.code])).toEqual([['shenQingJinE', 'tooSmall']]);
      // a field no formula computes keeps its bounds in a draft
      const plain = structuredClone(catalog);
      plain.formulas = plain.formulas?.filter((f) => f.target !== 'shenQingJinE');
      expect(
        compileRecordSchema(plain, ADD, { draft: true })
          .validate(draft)
          .errors.map((e) => e.code),
      ).toEqual(['tooSmall']);
    });
    it('mode permissions add and remove requiredness', () => {
      const def = sampleDefinition();
      def.permissions = { modes: { '1': { beiZhu: 'required', huoDongMingCheng: 'hidden' } } };
      expect(requiredPaths(def, FORM_MODES.MODIFY)).toEqual(['beiZhu', 'mingXi.shuLiang']);
      expect(requiredPaths(def, ADD)).toEqual(['huoDongMingCheng', 'mingXi.shuLiang']);
      expect(requiredPaths(def, ADD, { draft: true })).toEqual([]);
    });
    it('approval nodes: the node map is read over the mode map (modes 3 and 4)', () => {
      const def = sampleDefinition();
      def.permissions = { modes: { '3': { beiZhu: 'required' } }, nodes: { caiWu: { jinE: 'required', beiZhu: 'readonly' }, other: { riQi: 'required' } } };
      expect(requiredPaths(def, FORM_MODES.APPROVE)).toEqual(['beiZhu']);
      expect(requiredPaths(def, FORM_MODES.APPROVE, { node: 'caiWu' })).toEqual(['jinE']);
      expect(requiredPaths(def, FORM_MODES.MODIFY_ON_RETURN, { node: 'other' })).toEqual(['huoDongMingCheng', 'mingXi.shuLiang', 'riQi']);
      // a node map means nothing in mode 0
      expect(requiredPaths(def, ADD, { node: 'caiWu' })).toEqual(['huoDongMingCheng', 'mingXi.shuLiang']);
      const v = compileRecordSchema(def, FORM_MODES.APPROVE, { node: 'caiWu' });
      expect(v).not.toBe(compileRecordSchema(def, FORM_MODES.APPROVE));
      expect(v.validate({ ...sampleRecord(), jinE: null }).errors.map((e) => [e.field, e.code])).toEqual([['jinE', 'required']]);
    });
    it('required arrays may not be empty', () => {
      const def = sampleDefinition();
      def.fields.find((f) => f.key === 'fuJian')!.required = true;
      const r = compileRecordSchema(def, ADD).validate({ ...sampleRecord(), fuJian: [] });
      expect(r.errors).toEqual([expect.objectContaining({ field: 'fuJian', code: 'required' })]);
    });
  });

  describe('integer', () => {
    it('accepts safe integers within min/max', () => {
      ok({ shuLiang: 0 });
      ok({ shuLiang: 1000 });
    });
    it('rejects letters, fractions, numeric strings and out-of-range values', () => {
      expect(only({ shuLiang: '12a' }, 'shuLiang', 'notInteger').message).toBe('「数量」必须是整数');
      only({ shuLiang: 1.5 }, 'shuLiang', 'notInteger');
      only({ shuLiang: '12' }, 'shuLiang', 'notInteger');
      expect(only({ shuLiang: 1001 }, 'shuLiang', 'tooLarge').message).toBe('「数量」不能大于1000');
      only({ shuLiang: -1 }, 'shuLiang', 'tooSmall');
    });
    it('stays within the safe range without bounds', () => {
      const def = sampleDefinition();
      delete def.fields[5].min;
      delete def.fields[5].max;
      const v = compileRecordSchema(def, ADD);
      expect(v.validate({ ...sampleRecord(), shuLiang: Number.MAX_SAFE_INTEGER }).valid).toBe(true);
      expect(v.validate({ ...sampleRecord(), shuLiang: 2 ** 60 }).errors[0].code).toBe('tooLarge');
    });
  });

  describe('decimal', () => {
    it('accepts decimal strings up to the precision', () => {
      for (const v of ['0', '1', '1.5', '1.50', '-0.01', '999999.99', '1000000.00']) {
        const def = sampleDefinition();
        def.fields[6].min = '-1';
        expect(compileRecordSchema(def, ADD).validate({ ...sampleRecord(), jinE: v }).errors, v).toEqual([]);
      }
    });
    it('too many decimals', () => {
      const e = only({ jinE: '12.345' }, 'jinE', 'decimalPlaces');
      expect(e.message).toBe('「金额」最多保留2位小数');
      expect(only({ jinE: '12.345' }, 'jinE', 'decimalPlaces', 'en-US').message).toBe('"Amount" allows at most 2 decimal places');
    });
    it('letters, floats, exponent notation and leading zeros are not decimals', () => {
      for (const v of ['12a', 'abc', '1e5', '01.5', '1.', '.5', '1,000.00', ' 1']) {
        const e = only({ jinE: v }, 'jinE', 'notDecimal');
        expect(e.message).toBe('「金额」必须是数字');
      }
      only({ jinE: 12.5 }, 'jinE', 'notDecimal');
    });
    it('compares bounds exactly, without floats', () => {
      ok({ jinE: '1000000.00' });
      expect(only({ jinE: '1000000.01' }, 'jinE', 'tooLarge').message).toBe('「金额」不能大于1000000');
      only({ jinE: '-0.01' }, 'jinE', 'tooSmall');
      const def = sampleDefinition();
      def.fields[6] = { ...def.fields[6], precision: 8, min: '0.1', max: '0.3' };
      const v = compileRecordSchema(def, ADD);
      // 0.1 + 0.2 in floats is 0.30000000000000004; here 0.30000001 is out and 0.3 is in
      expect(v.validate({ ...sampleRecord(), jinE: '0.3' }).valid).toBe(true);
      expect(v.validate({ ...sampleRecord(), jinE: '0.30000001' }).errors[0].code).toBe('tooLarge');
      expect(v.validate({ ...sampleRecord(), jinE: '0.09999999' }).errors[0].code).toBe('tooSmall');
    });
    it('limits the integer digits to length − precision', () => {
      const def = sampleDefinition();
      delete def.fields[6].max;
      const v = compileRecordSchema(def, ADD);
      expect(v.validate({ ...sampleRecord(), jinE: '9'.repeat(16) + '.99' }).valid).toBe(true);
      expect(v.validate({ ...sampleRecord(), jinE: '1' + '0'.repeat(16) }).errors[0].code).toBe('tooManyDigits');
    });
    it('precision 0 and the default precision 2', () => {
      const def = sampleDefinition();
      def.fields[6] = { key: 'jinE', type: 16, label: { 'zh-CN': '金额' }, precision: 0 };
      def.fields[2] = { key: 'beiZhu', type: 16, label: { 'zh-CN': '备注' } };
      const v = compileRecordSchema(def, ADD);
      expect(v.validate({ ...sampleRecord(), jinE: '12', beiZhu: '1.23' }).valid).toBe(true);
      expect(v.validate({ ...sampleRecord(), jinE: '12.0', beiZhu: '1.234' }).errors.map((e) => e.code)).toEqual(['decimalPlaces', 'decimalPlaces']);
    });
  });

  describe('dates', () => {
    it('single date, date with time', () => {
      ok({ riQi: '2024-02-29', shiJian: '2026-12-31 23:59' });
      for (const v of ['2026-02-29', '2026-13-01', '2026-1-1', '2026/01/01', '2026-01-01 10:00', 'tomorrow']) {
        expect(only({ riQi: v }, 'riQi', 'invalidDate').message).toBe('「日期」不是有效的日期');
      }
      for (const v of ['2026-01-01', '2026-01-01 24:00', '2026-01-01 10:60', '2026-01-01T10:00']) only({ shiJian: v }, 'shiJian', 'invalidDate');
      only({ riQi: 20260101 }, 'riQi', 'invalidDate');
    });
    it('range: a 2-tuple with start ≤ end', () => {
      ok({ qiJian: ['2026-01-01', '2026-01-01'] });
      expect(only({ qiJian: ['2026-02-01', '2026-01-01'] }, 'qiJian', 'dateRangeOrder').message).toBe('「活动期间」的开始日期不能晚于结束日期');
      only({ qiJian: ['2026-01-01'] }, 'qiJian', 'invalidDate');
      only({ qiJian: ['2026-01-01', '2026-01-02', '2026-01-03'] }, 'qiJian', 'invalidDate');
      only({ qiJian: ['2026-01-01', '2026-02-30'] }, 'qiJian', 'invalidDate');
      only({ qiJian: '2026-01-01' }, 'qiJian', 'invalidDate');
    });
    it('date helpers', () => {
      expect(isDateString('2000-02-29')).toBe(true);
      expect(isDateString('1900-02-29')).toBe(false);
      expect(isDateTimeString('2026-06-30 00:00')).toBe(true);
    });
  });

  describe('pickers, options, files, tiers, map, custom', () => {
    it('single and multiple pickers', () => {
      only({ jingXiaoShang: '1000000000000000001' }, 'jingXiaoShang', 'invalidValue');
      only({ jingXiaoShang: { id: '1' } }, 'jingXiaoShang', 'invalidValue');
      only({ jingXiaoShang: [{ id: '1', name: 'a' }] }, 'jingXiaoShang', 'invalidValue');
      only({ wangDian: { id: '1', name: 'a' } }, 'wangDian', 'invalidValue');
      only({ wangDian: [{ id: '1', name: 'a', extra: 1 }] }, 'wangDian', 'invalidValue');
      ok({ wangDian: [] });
    });
    it('dropdown value must be one of the options', () => {
      expect(only({ leiXing: 'C' }, 'leiXing', 'notAnOption').message).toBe('「类型」的值不在可选项中');
      ok({ leiXing: 'B' });
    });
    it('files: FileRef[] up to maxCount', () => {
      const f = { id: 'f', name: 'a.pdf', size: 1, type: 'application/pdf' };
      ok({ fuJian: [f, f] });
      expect(only({ fuJian: [f, f, f] }, 'fuJian', 'tooManyFiles').message).toBe('「附件」最多上传2个文件');
      only({ fuJian: [{ id: 'f', name: 'a.pdf' }] }, 'fuJian', 'invalidValue');
      only({ fuJian: [{ ...f, size: -1 }] }, 'fuJian', 'invalidValue');
    });
    it('tier rows: shape and from < to', () => {
      ok({ jieTi: [{ from: '0', to: null, value: '5' }] });
      only({ jieTi: [{ from: '0', to: '10' }] }, 'jieTi', 'invalidValue');
      only({ jieTi: [{ from: 'a', to: '10', value: '1' }] }, 'jieTi', 'invalidValue');
      only({ jieTi: [{ from: 0, to: '10', value: '1' }] }, 'jieTi', 'invalidValue');
      expect(only({ jieTi: [{ from: '10', to: '10', value: '1' }] }, 'jieTi', 'tierOrder').message).toBe('「返利阶梯」每一档的起点必须小于终点');
    });
    it('map value', () => {
      only({ weiZhi: { lng: 200, lat: 0 } }, 'weiZhi', 'invalidValue');
      only({ weiZhi: { lng: 121 } }, 'weiZhi', 'invalidValue');
      ok({ weiZhi: { lng: -180, lat: 90 } });
    });
    it('custom components hold any JSON', () => {
      ok({ ziDingYi: 'x' });
      ok({ ziDingYi: [1, { a: 2 }] });
    });
  });

  it('data that is not an object', () => {
    const v = compileRecordSchema(sampleDefinition(), ADD);
    for (const data of [null, [], 'x', 3]) {
      expect(v.validate(data).errors).toEqual([expect.objectContaining({ field: '', code: 'invalidValue', message: '「测试表单」的值格式不正确' })]);
    }
  });

  it('keys named like Object.prototype members are ordinary fields', () => {
    const def: FormDefinition = {
      ...sampleDefinition(),
      fields: [
        { key: 'constructor', type: 0, label: { 'zh-CN': '构造' }, required: true },
        { key: 'toString', type: 15, label: { 'zh-CN': '数' } },
      ],
    };
    const v = compileRecordSchema(def, ADD);
    expect(v.validate({}).errors.map((e) => [e.field, e.code])).toEqual([['constructor', 'required']]);
    expect(v.validate({ constructor: 'a', toString: 1 }).errors).toEqual([]);
  });

  describe('unknown fields', () => {
    it('rejects keys the definition does not have, including dividers', () => {
      const e = only({ hacker: 1 }, 'hacker', 'unknownField');
      expect(e.message).toBe('表单中没有字段「hacker」');
      only({ secBasic: 'x' }, 'secBasic', 'unknownField');
      only({ mingXi: [{ shuLiang: 1, extra: 2 }] }, 'mingXi.0.extra', 'unknownField');
    });
  });

  describe('sub-form rows', () => {
    it('puts the row index in the field path and the row number in the message', () => {
      const rows = sampleRecord().mingXi as Record<string, unknown>[];
      const errors = check({ mingXi: [rows[0], rows[1], { _id: 'r3', shuLiang: 'x', danJia: '1.234' }] });
      expect(errors.map((e) => [e.field, e.code])).toEqual([
        ['mingXi.2.shuLiang', 'notInteger'],
        ['mingXi.2.danJia', 'decimalPlaces'],
      ]);
      expect(errors[1].message).toBe('「费用明细」第3行「单价」最多保留2位小数');
      const en = check({ mingXi: [{ danJia: '1' }] }, { locale: 'en-US' });
      expect(en).toEqual([
        expect.objectContaining({ field: 'mingXi.0.shuLiang', code: 'required', message: '"Quantity" in row 1 of "Detail lines" is required' }),
      ]);
    });
    it('minRows and maxRows', () => {
      expect(only({ mingXi: [] }, 'mingXi', 'tooFewRows').message).toBe('「费用明细」至少需要1行');
      only({ mingXi: Array.from({ length: 6 }, () => ({ shuLiang: 1 })) }, 'mingXi', 'tooManyRows');
    });
    it('rows must be objects', () => {
      only({ mingXi: ['x'] }, 'mingXi.0', 'invalidValue');
    });
  });

  it('formatRecordErrors maps raw ajv errors in any locale', () => {
    const def = sampleDefinition();
    const { schema } = compileRecordSchema(def, ADD);
    expect(schema).toBeTruthy();
    const errs = formatRecordErrors(
      [{ instancePath: '/mingXi/1/danJia', schemaPath: '#/x', keyword: 'pattern', params: { pattern: 'x' }, data: '1.999' }],
      def,
      'zh-TW',
    );
    expect(errs).toEqual([expect.objectContaining({ field: 'mingXi.1.danJia', code: 'decimalPlaces', message: '「費用明細」第2行「單價」最多保留2位小數' })]);
  });

  it('addRecordVocabulary lets another ajv (e.g. rjsf’s) run the record schema', () => {
    const { schema } = compileRecordSchema(sampleDefinition(), ADD);
    expect(() => new Ajv({ allowUnionTypes: true }).compile(schema)).toThrow();
    const v = addRecordVocabulary(new Ajv({ allErrors: true, allowUnionTypes: true })).compile(schema);
    expect(v(sampleRecord())).toBe(true);
    expect(v({ ...sampleRecord(), jinE: '2000000.00', riQi: '2026-02-30' })).toBe(false);
    expect(v.errors!.map((e) => e.keyword).sort()).toEqual(['decimalRange', 'format']);
  });

  it('fieldSchema gives one field’s value schema', () => {
    const def = sampleDefinition();
    const ajv = addRecordVocabulary(new Ajv({ allowUnionTypes: true }));
    const amount = ajv.compile(fieldSchema(def.fields[6]));
    expect([amount('12.30'), amount(null), amount('12.345'), amount(12)]).toEqual([true, true, false, false]);
    const requiredAmount = ajv.compile(fieldSchema(def.fields[6], true));
    expect([requiredAmount('1'), requiredAmount(null)]).toEqual([true, false]);
    expect(fieldSchema(def.fields[4])).toEqual({ type: ['string', 'null'], enum: ['A', 'B', null] });
  });

  it('SYSTEM_FIELDS_SCHEMA checks the spec lengths', () => {
    const v = new Ajv({ allowUnionTypes: true }).compile(SYSTEM_FIELDS_SCHEMA);
    const row = { id: '1234567890123456789', number: 'FY202601010001', title: 't', isYouXiao: '1', formCode: 'x', data: {} };
    expect(v(row)).toBe(true);
    expect(v({ ...row, id: '12345678901234567890' })).toBe(false);
    expect(v({ ...row, number: 'x'.repeat(51) })).toBe(false);
    expect(v({ ...row, title: 'x'.repeat(201) })).toBe(false);
    expect(v({ ...row, rowCreateId: 'x'.repeat(33) })).toBe(false);
    expect(v({ ...row, shenPiZhuangTai: '123' })).toBe(false);
  });
});
