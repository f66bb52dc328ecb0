import { describe, expect, it } from 'vitest';
import { validateDefinition, validateListDefinition, type DefinitionError } from './validateDefinition';
import { sampleDefinition } from './testing/fixtures';
import type { FieldDefinition, FormDefinition } from './definition';
import { DEFINITION_SCHEMA_VERSION } from './definition';

const L = (zh: string, en = zh) => ({ 'zh-CN': zh, 'en-US': en });
const field = (def: FormDefinition, key: string) => def.fields.find((f) => f.key === key)!;
const sub = (def: FormDefinition) => field(def, 'mingXi').fields as FieldDefinition[];

/** Mutate the sample, validate in zh-CN and en-US, and return the errors with `code`. */
function expectError(mutate: (d: FormDefinition) => void, code: string, path?: string): { zh: DefinitionError; en: DefinitionError } {
  const def = sampleDefinition();
  mutate(def);
  const zh = validateDefinition(def);
  const en = validateDefinition(def, 'en-US');
  expect(zh.valid).toBe(false);
  const z = zh.errors.find((e) => e.code === code);
  const e = en.errors.find((x) => x.code === code);
  expect(z, `expected ${code} in ${JSON.stringify(zh.errors)}`).toBeDefined();
  expect(e).toBeDefined();
  if (path) expect(z!.path).toBe(path);
  // zh-CN messages are Chinese, en-US ones are not, and neither is the bare key
  expect(z!.message).toMatch(/[\u4e00-\u9fff]/);
  expect(e!.message).not.toMatch(/[\u4e00-\u9fff]{2}/);
  expect(z!.message).not.toContain('definition.');
  expect(e!.message).not.toContain('definition.');
  return { zh: z!, en: e! };
}

describe('validateDefinition', () => {
  it('accepts the sample definition', () => {
    const r = validateDefinition(sampleDefinition());
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('reports structural errors with JSON pointer paths', () => {
    const def = sampleDefinition() as unknown as Record<string, unknown>;
    delete def.code;
    (def.fields as Record<string, unknown>[])[1].label = {};
    (def.fields as Record<string, unknown>[])[2].colour = 'red';
    const r = validateDefinition(def);
    expect(r.valid).toBe(false);
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/code', code: 'schema.required', message: '缺少必填属性「code」' }),
        expect.objectContaining({ path: '/fields/1/label/zh-CN', code: 'schema.required' }),
        expect.objectContaining({ path: '/fields/2/colour', code: 'schema.additionalProperties' }),
      ]),
    );
    const en = validateDefinition(def, 'en-US');
    expect(en.errors.find((e) => e.path === '/code')!.message).toBe('Missing required property "code"');
  });

  it('rejects non-objects and wrong schema versions', () => {
    expect(validateDefinition(null).valid).toBe(false);
    expect(validateDefinition('x').errors[0].code).toBe('schema.type');
    const def = { ...sampleDefinition(), schemaVersion: 1 };
    expect(validateDefinition(def).errors).toEqual([expect.objectContaining({ path: '/schemaVersion', code: 'schema.const' })]);
  });

  it('duplicate key in the main form', () => {
    const { zh, en } = expectError(
      (d) => {
        d.fields[2].key = 'huoDongMingCheng';
      },
      'duplicateKey',
      '/fields/2/key',
    );
    expect(zh.message).toBe('字段标识「huoDongMingCheng」重复');
    expect(en.message).toBe('Field key "huoDongMingCheng" is used more than once');
  });

  it('duplicate key within a sub-form (but not across forms)', () => {
    expectError(
      (d) => {
        sub(d)[2].key = 'shuLiang';
      },
      'duplicateKey',
      '/fields/16/fields/2/key',
    );
    // the same key in the main form and in a sub-form is fine (sample has shuLiang and jinE in both)
    expect(validateDefinition(sampleDefinition()).valid).toBe(true);
  });

  it('reserved keys', () => {
    const { zh } = expectError(
      (d) => {
        d.fields[1].key = 'title';
      },
      'reservedKey',
      '/fields/1/key',
    );
    expect(zh.message).toContain('title');
    expectError((d) => {
      d.fields[1].key = 'shenPiZhuangTai';
    }, 'reservedKey');
    expectError((d) => {
      d.fields[1].key = 'rowCreateId';
    }, 'reservedKey');
  });

  it('unknown type codes', () => {
    const { zh, en } = expectError(
      (d) => {
        d.fields[1].type = 12345;
      },
      'unknownType',
      '/fields/1/type',
    );
    expect(zh.message).toBe('字段「活动名称」的类型代码 12345 不存在');
    expect(en.message).toBe('Field "Activity name" has unknown type code 12345');
    expectError(
      (d) => {
        sub(d)[0].type = 3;
      },
      'unknownType',
      '/fields/16/fields/0/type',
    );
  });

  it('a sub-form inside a sub-form', () => {
    expectError(
      (d) => {
        sub(d).push({ key: 'inner', type: 99997, label: L('内层', 'Inner'), fields: [{ key: 'a', type: 0, label: L('甲') }] });
      },
      'nestedSubForm',
      '/fields/16/fields/4/type',
    );
  });

  it('width other than 12/24, with the specific message instead of ajv’s', () => {
    const def = sampleDefinition();
    (def.fields[1] as { width: number }).width = 6;
    const r = validateDefinition(def);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ path: '/fields/1/width', code: 'invalidWidth' });
    expect(r.errors[0].message).toBe('字段「活动名称」的宽度只能是 12（半行）或 24（整行），当前为 6');
    expect(validateDefinition(def, 'en-US').errors[0].message).toContain('12 (half row) or 24 (full row)');
  });

  it('rules referencing missing fields (condition and target)', () => {
    const { zh } = expectError(
      (d) => {
        d.rules![0].when = { '>': [{ var: 'jinEE' }, 1] };
      },
      'ruleUnknownField',
      '/rules/0/when',
    );
    expect(zh.message).toBe('联动规则引用了不存在的字段「jinEE」');
    expectError(
      (d) => {
        d.rules![0].then[0].target = 'nope';
      },
      'ruleUnknownField',
      '/rules/0/then/0/target',
    );
    expectError((d) => {
      d.rules![0].then[0].target = 'mingXi.nope';
    }, 'ruleUnknownField');
    // sub-form columns and rows are valid references
    const ok = sampleDefinition();
    ok.rules![0].when = { and: [{ '>': [{ var: 'mingXi.0.shuLiang' }, 1] }, { '>': [{ colCount: ['mingXi'] }, 0] }] };
    ok.rules![0].then[0].target = 'mingXi.danJia';
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('formulas referencing missing fields; row formulas read same-row columns by bare key', () => {
    expectError(
      (d) => {
        d.formulas![1].expression = { colSum: ['mingXi', 'zongJia'] };
      },
      'formulaUnknownField',
      '/formulas/1/expression',
    );
    expectError((d) => {
      d.formulas![1].expression = { colSum: ['mingXii', 'jinE'] };
    }, 'formulaUnknownField');
    expectError(
      (d) => {
        d.formulas![0].target = 'mingXi.zongJia';
      },
      'formulaUnknownField',
      '/formulas/0/target',
    );
    // a bare column key is not a main field
    expectError((d) => {
      d.formulas![1].expression = { '+': [{ var: 'danJia' }, 1] };
    }, 'formulaUnknownField');
    // in a row formula a bare key may also read a main field
    const ok = sampleDefinition();
    ok.formulas![0].expression = { dMul: [{ var: 'shuLiang' }, { var: 'danJia' }, { var: 'beiZhu' }] };
    expect(validateDefinition(ok).errors).toEqual([]);
    // `row.column` reads the same row explicitly
    ok.formulas![0].expression = { dMul: [{ var: 'row.shuLiang' }, { var: 'row.danJia' }] };
    expect(validateDefinition(ok).errors).toEqual([]);
    expectError((d) => {
      d.formulas![0].expression = { var: 'row.nope' };
    }, 'formulaUnknownField');
    expectError((d) => {
      d.formulas![0].target = 'mingXi';
    }, 'formulaInvalidTarget');
  });

  it('permissions, list columns, filters, sort and totals referencing missing fields', () => {
    expectError(
      (d) => {
        d.permissions!.modes!['2'] = { nope: 'hidden' };
      },
      'permissionUnknownField',
      '/permissions/modes/2/nope',
    );
    expectError((d) => {
      d.permissions!.nodes!.approve1 = { 'mingXi.nope': 'readonly' };
    }, 'permissionUnknownField');
    const { zh, en } = expectError(
      (d) => {
        d.list!.columns.push({ key: 'nope' });
      },
      'listUnknownField',
      '/list/columns/4/key',
    );
    expect(zh.message).toBe('列表设置引用了不存在的字段「nope」');
    expect(en.message).toBe('The list settings refer to the missing field "nope"');
    expectError(
      (d) => {
        d.list!.filters![0].key = 'nope';
      },
      'listUnknownField',
      '/list/filters/0/key',
    );
    expectError(
      (d) => {
        d.list!.defaultSort!.key = 'nope';
      },
      'listUnknownField',
      '/list/defaultSort/key',
    );
    expectError((d) => {
      d.list!.columns.push({ key: 'secBasic' });
    }, 'listUnknownField');
    expectError(
      (d) => {
        field(d, 'mingXi').totals = ['nope'];
      },
      'totalsUnknownColumn',
      '/fields/16/totals/0',
    );
    expectError(
      (d) => {
        field(d, 'mingXi').totals = ['chanPin'];
      },
      'totalsNotNumeric',
      '/fields/16/totals/0',
    );
  });

  it('title template placeholders must be fields or system keys', () => {
    const { zh } = expectError(
      (d) => {
        d.titleTemplate = '{huoDongMingCheng}-{jinEE}';
      },
      'titleUnknownField',
      '/titleTemplate',
    );
    expect(zh.message).toBe('标题模板引用了不存在的字段「jinEE」');
    const ok = sampleDefinition();
    ok.titleTemplate = '{number}-{huoDongMingCheng}-{jinE}';
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('picker params may read existing fields ({key.id}), a column its row first; unknown keys and circles are refused', () => {
    const ok = sampleDefinition();
    field(ok, 'wangDian').dataSource = { multiple: true, params: { dealerId: '{jingXiaoShang.id}' } };
    const rows = field(ok, 'mingXi').fields as FormDefinition['fields'];
    rows.push({ key: 'danPin', type: 33, label: { 'zh-CN': '单品' }, dataSource: { params: { brandId: '{chanPin.id}', dealer: '{jingXiaoShang}' } } });
    expect(validateDefinition(ok).errors).toEqual([]);

    const wi = sampleDefinition().fields.findIndex((f) => f.key === 'wangDian');
    const { zh, en } = expectError(
      (d) => {
        field(d, 'wangDian').dataSource = { params: { dealerId: '{jingXiaoShng.id}' } };
      },
      'paramUnknownField',
      `/fields/${wi}/dataSource/params/dealerId`,
    );
    expect(zh.message).toBe('字段「网点」的数据源参数引用了不存在的字段「jingXiaoShng」');
    expect(en.message).toContain('jingXiaoShng');
    const circle = sampleDefinition();
    field(circle, 'wangDian').dataSource = { params: { a: '{jingXiaoShang.id}' } };
    field(circle, 'jingXiaoShang').dataSource = { params: { b: '{wangDian.id}' } };
    const cycles = validateDefinition(circle).errors.filter((e) => e.code === 'paramCycle');
    expect(cycles.map((e) => e.path)).toEqual([`/fields/${wi - 1}/dataSource/params`, `/fields/${wi}/dataSource/params`]);
    expect(cycles[0].message).toBe('字段「经销商」的数据源参数（经由其他字段）依赖它自己');
  });

  it('unknown JSON Logic operators', () => {
    const { zh, en } = expectError(
      (d) => {
        d.rules![0].when = { eval: ['1+1'] };
      },
      'unknownOperator',
      '/rules/0/when',
    );
    expect(zh.message).toBe('表达式使用了不支持的运算符「eval」');
    expect(en.message).toContain('"eval"');
    expectError(
      (d) => {
        d.formulas![1].expression = { sqrt: [{ var: 'jinE' }] };
      },
      'unknownOperator',
      '/formulas/1/expression',
    );
  });

  it('cycles between formulas, with the cycle path', () => {
    const { zh, en } = expectError((d) => {
      d.formulas!.push({ id: 'f3', target: 'jinE', expression: { '+': [{ var: 'heJi' }, 1] } });
      d.formulas![1].expression = { '+': [{ colSum: ['mingXi', 'jinE'] }, { var: 'jinE' }] };
    }, 'formulaCycle');
    expect(zh.message).toMatch(/^计算公式之间存在循环引用：(heJi → jinE → heJi|jinE → heJi → jinE)$/);
    expect(en.message).toContain('cycle');
    // self reference
    const self = expectError(
      (d) => {
        d.formulas![1].expression = { '+': [{ var: 'heJi' }, 1] };
      },
      'formulaCycle',
      '/formulas/1/expression',
    );
    expect(self.zh.params!.cycle).toBe('heJi → heJi');
    // through a sub-form: a row column reading the header total that sums the column
    const row = expectError((d) => {
      d.formulas![0].expression = { dMul: [{ var: 'shuLiang' }, { var: 'heJi' }] };
    }, 'formulaCycle');
    expect(String(row.zh.params!.cycle)).toContain('mingXi.jinE');
    // a chain without a cycle is fine
    const ok = sampleDefinition();
    ok.formulas!.push({ id: 'f3', target: 'jinE', expression: { dMul: [{ var: 'heJi' }, '1.13'] } });
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('number/code field longer than 30', () => {
    const { zh } = expectError(
      (d) => {
        d.fields[3].length = 31;
      },
      'codeTooLong',
      '/fields/3/length',
    );
    expect(zh.message).toBe('编号字段「编号」的长度不能超过 30，当前为 31');
  });

  it('dropdown/radio without options, and duplicate option values', () => {
    expectError(
      (d) => {
        d.fields[4].options = [];
      },
      'missingOptions',
      '/fields/4/options',
    );
    expectError((d) => {
      d.fields.push({ key: 'danXuan', type: 19, label: L('单选', 'Choice') });
    }, 'missingOptions');
    expectError(
      (d) => {
        d.fields[4].options![1].value = 'A';
      },
      'duplicateOption',
      '/fields/4/options/1/value',
    );
  });

  it('sub-form without columns, and columns on a non-sub-form', () => {
    expectError(
      (d) => {
        field(d, 'mingXi').fields = [];
      },
      'subFormWithoutColumns',
      '/fields/16/fields',
    );
    expectError((d) => {
      delete field(d, 'mingXi').fields;
    }, 'subFormWithoutColumns');
    expectError((d) => {
      d.fields[1].fields = [{ key: 'a', type: 0, label: L('甲') }];
    }, 'columnsOnNonSubForm');
  });

  it('decimal precision on non-decimal fields, min > max, minRows > maxRows', () => {
    expectError(
      (d) => {
        d.fields[5].precision = 2;
      },
      'precisionNotDecimal',
      '/fields/5/precision',
    );
    expectError(
      (d) => {
        d.fields[6].min = '10';
        d.fields[6].max = '9.99';
      },
      'minGreaterThanMax',
      '/fields/6/min',
    );
    expectError((d) => {
      field(d, 'mingXi').minRows = 9;
    }, 'minRowsGreaterThanMaxRows');
  });

  it('bounds must suit the field type', () => {
    expectError(
      (d) => {
        d.fields[5].min = 1.5;
      },
      'invalidBound',
      '/fields/5/min',
    );
    expectError(
      (d) => {
        d.fields[5].max = 'lots';
      },
      'invalidBound',
      '/fields/5/max',
    );
    expectError(
      (d) => {
        d.fields[6].max = '1e6';
      },
      'invalidBound',
      '/fields/6/max',
    );
    expectError(
      (d) => {
        d.fields[1].max = 5;
      },
      'invalidBound',
      '/fields/1/max',
    );
    const ok = sampleDefinition();
    ok.fields[6].min = 0;
    ok.fields[5].max = '500';
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('a dropdown default must be one of its options', () => {
    const { zh } = expectError(
      (d) => {
        d.fields[4].default = 'C';
      },
      'defaultNotAnOption',
      '/fields/4/default',
    );
    expect(zh.message).toBe('「类型」的默认值 "C" 不在选项中');
    const ok = sampleDefinition();
    ok.fields[4].default = 'B';
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('renamedFrom may not name another current field', () => {
    expectError(
      (d) => {
        d.fields[2].renamedFrom = ['huoDongMingCheng'];
      },
      'renamedFromConflict',
      '/fields/2/renamedFrom/0',
    );
    expectError(
      (d) => {
        d.fields[2].renamedFrom = ['old'];
        d.fields[3].renamedFrom = ['old'];
      },
      'renamedFromConflict',
      '/fields/3/renamedFrom/0',
    );
    const ok = sampleDefinition();
    ok.fields[2].renamedFrom = ['shuoMing'];
    expect(validateDefinition(ok).errors).toEqual([]);
  });

  it('duplicate rule ids, formula ids and formula targets', () => {
    expectError(
      (d) => {
        d.rules!.push({ ...d.rules![0] });
      },
      'duplicateId',
      '/rules/1/id',
    );
    expectError(
      (d) => {
        d.formulas![1].id = 'f1';
      },
      'duplicateId',
      '/formulas/1/id',
    );
    expectError(
      (d) => {
        d.formulas!.push({ id: 'f9', target: 'heJi', expression: 1 });
      },
      'duplicateFormulaTarget',
      '/formulas/2/target',
    );
  });

  it('speaks zh-TW too, and checks a malformed document without throwing', () => {
    const def = sampleDefinition();
    def.fields[2].key = 'huoDongMingCheng';
    expect(validateDefinition(def, 'zh-TW').errors[0].message).toBe('欄位標識「huoDongMingCheng」重複');
    const broken = {
      schemaVersion: DEFINITION_SCHEMA_VERSION,
      fields: [null, 3, { key: 1 }, { type: 99997, fields: 'x' }],
      rules: 'x',
      formulas: [null],
      list: 5,
    };
    const r = validateDefinition(broken);
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(3);
  });
});

// validateProcessDefinition: schemas/process/validate.test.ts

describe('validateListDefinition', () => {
  const list = () => ({
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'testFormDaiBan',
    name: L('待办列表'),
    formCode: 'testForm',
    settings: {
      columns: [{ key: 'number' }, { key: 'jinE' }],
      filters: [{ key: 'jinE', op: 'range' as const }],
      defaultSort: { key: 'jinE', order: 'desc' as const },
    },
  });
  it('accepts a list of the form’s fields', () => {
    expect(validateListDefinition(list(), 'zh-CN', sampleDefinition()).errors).toEqual([]);
  });
  it('reports keys the form does not have, and structure', () => {
    const l = list();
    l.settings.columns.push({ key: 'nope' });
    l.settings.defaultSort.key = 'nope2';
    expect(validateListDefinition(l, 'zh-CN', sampleDefinition()).errors.map((e) => [e.path, e.code])).toEqual([
      ['/settings/columns/2/key', 'listUnknownField'],
      ['/settings/defaultSort/key', 'listUnknownField'],
    ]);
    // without the form only the structure is checked
    expect(validateListDefinition(l).valid).toBe(true);
    expect(validateListDefinition({ ...list(), settings: {} }).errors[0]).toMatchObject({ path: '/settings/columns', code: 'schema.required' });
  });
});
