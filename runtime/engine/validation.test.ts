import { describe, expect, it, vi } from 'vitest';
import { FORM_MODES, TC, typeInfo } from '../../schemas';
import { compileRecordSchema } from '../../schemas/compileRecordSchema';
import { createFormModel } from './formModel';
import { mapServerErrors, prepareValidation, requiredPathsOf, typingSchemaOf, validateModel, validatePath } from './validation';
import { expenseDefinition } from './fixtures/expense';

const user = { id: '1000000000000000001', name: '张三' };

describe('validation', () => {
  it('places schema errors and rule-driven required errors on the fields, in the user language', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.setValue('category', 'event');
    m.addRow('detail', { qty: '1.234' });
    expect(requiredPathsOf(m)).toEqual(expect.arrayContaining(['subject', 'eventName', 'detail.item']));
    const r = validateModel(m);
    expect(r.valid).toBe(false);
    expect(m.getError('subject')).toMatch(/申请事由/);
    expect(m.getError('eventName')).toMatch(/活动名称/);
    expect(m.getError('detail.0.item')).toBeTruthy();
    expect(m.getError('detail.0.qty')).toBeTruthy();
    // typing into a field clears its error
    m.setValue('subject', '拜访客户');
    expect(m.getError('subject')).toBeUndefined();
  });
  it('validatePath: the shape of what was typed, on that path only, without required errors', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.addRow('detail', {});
    m.setValue('detail.0.qty', '1.234');
    expect(validatePath(m, 'detail.0.qty')?.message).toBeTruthy();
    expect(m.getError('detail.0.qty')).toBeTruthy();
    // nothing else is reported while typing, not even the empty required subject
    expect(m.getErrors().map((e) => e.path)).toEqual(['detail.0.qty']);
    m.setValue('detail.0.qty', '1.23');
    expect(validatePath(m, 'detail.0.qty')).toBeUndefined();
    expect(m.getErrors()).toEqual([]);
    m.setValue('subject', 'x'.repeat(201));
    expect(validatePath(m, 'subject')?.message).toMatch(/申请事由/);
  });
  it('prepareValidation warms the typing validator up on the first value field, placing no error (the first keystroke pays neither)', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.setValue('subject', 'x'.repeat(201));
    const first = m.fields.find((f) => f.type !== TC.SUB_FORM && typeInfo(f.type).holdsValue)!;
    const typing = typingSchemaOf(m, first.key);
    const run = vi.spyOn(typing, 'validate');
    prepareValidation(m);
    // the browser compiles ajv's generated function on its first call: that call happens here
    expect(run).toHaveBeenCalledTimes(1);
    expect(m.getErrors()).toEqual([]);
    run.mockRestore();
  });
  it('prepareValidation also warms every sub-form up, on a row, placing no error (the first keystroke into a cell of a 500-row table pays no compile)', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.addRow('detail', { qty: '1.234' });
    const typing = typingSchemaOf(m, 'detail');
    const run = vi.spyOn(typing, 'validate');
    prepareValidation(m);
    // run on one row, so the rows' (items) code is compiled by the browser too
    expect(run).toHaveBeenCalledTimes(1);
    expect((run.mock.calls[0][0] as { detail: unknown[] }).detail).toHaveLength(1);
    // the bad qty of that row is not reported: nothing typed yet
    expect(m.getErrors()).toEqual([]);
    run.mockRestore();
  });
  it('the typing validator of a path covers its field only (compiling it does not grow with the form: no whole-record compile on the main thread)', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    expect(Object.keys(typingSchemaOf(m, 'subject').schema.properties ?? {})).toEqual(['subject']);
    expect(Object.keys(typingSchemaOf(m, 'detail').schema.properties ?? {})).toEqual(['detail']);
    // cached: the same compiled validator on the next keystroke
    expect(typingSchemaOf(m, 'subject')).toBe(typingSchemaOf(m, 'subject'));
    // and it still checks what the whole record's draft schema checks there
    m.setValue('subject', 'x'.repeat(201));
    const whole = compileRecordSchema(m.definition, FORM_MODES.ADD, { draft: true })
      .validate(m.getValues())
      .errors.filter((e) => e.field === 'subject');
    expect(validatePath(m, 'subject')?.message).toBe(whole[0]?.message);
  });
  it('english messages for an english user', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user, locale: 'en-US' });
    validateModel(m);
    expect(m.getError('subject')).toMatch(/Reason/);
  });
  it('a hidden field is not required; a draft requires nothing', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    expect(requiredPathsOf(m)).not.toContain('eventName');
    expect(validateModel(m, { draft: true }).valid).toBe(true);
    m.setValue('subject', 'x'.repeat(201));
    const r = validateModel(m, { draft: true });
    expect(r.errors.map((e) => e.path)).toEqual(['subject']);
  });
  it('a valid record passes', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.setValue('subject', '拜访客户');
    m.addRow('detail', { item: '交通', qty: '2', price: '10.5' });
    const r = validateModel(m);
    expect(r.errors).toEqual([]);
    expect(m.getValues()).toMatchObject({ subject: '拜访客户', total: '21.00', detail: [{ item: '交通', amount: '21.00' }] });
  });
  it('mode 3 requires what the node makes required', () => {
    const m = createFormModel({
      definition: expenseDefinition(),
      mode: FORM_MODES.APPROVE,
      user,
      node: { id: 'finance' },
      record: { id: '1', number: 'FW1', data: { subject: 's' } },
    });
    expect(requiredPathsOf(m)).toEqual(['approverNote']);
    validateModel(m);
    expect(m.getError('approverNote')).toBeTruthy();
  });
  it('maps a 422 body onto fields, unknown paths to form messages', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    m.addRow('detail');
    m.addRow('detail');
    const out = mapServerErrors(m, {
      code: 422,
      msg: '校验失败',
      errors: [
        { field: 'subject', message: '申请事由不能为空' },
        { field: 'detail.1.qty', message: '数量格式不正确' },
        { field: 'nope', message: '未知' },
      ],
    });
    expect(m.getError('subject')).toBe('申请事由不能为空');
    expect(m.getError('detail.1.qty')).toBe('数量格式不正确');
    expect(out.formErrors).toEqual(['未知']);
    // removing row 0 moves row 1's error up
    m.removeRow('detail', 0);
    expect(m.getError('detail.0.qty')).toBe('数量格式不正确');
    expect(mapServerErrors(m, { code: 409, msg: '数据已被修改' }).formErrors).toEqual(['数据已被修改']);
  });
});
