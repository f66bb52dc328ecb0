import { describe, expect, it } from 'vitest';
import { FORM_MODES } from '../../schemas';
import { createFormModel } from './formModel';
import { headerFields, isMissingDocumentNumber, returnInfo } from './header';
import { expenseDefinition } from './fixtures/expense';

const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部' };
const text = (h: ReturnType<typeof headerFields>, key: string) => h.find((x) => x.key === key)?.text;

describe('header fields', () => {
  it('mode 0: number 自动生成, applicant, department and date from the session', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user });
    const h = headerFields(m, new Date(2026, 10, 22, 9, 5));
    expect(text(h, 'number')).toBe('自动生成');
    expect(text(h, 'rowCreateId')).toBe('张三');
    expect(text(h, 'rowCreateBuMenId')).toBe('市场部');
    expect(text(h, 'rowCreateDate')).toBe('2026-11-22 09:05');
    expect(h.find((x) => x.key === 'number')?.label).toBe('单据编号');
    expect(h.some((x) => x.group === 'approval')).toBe(false);
  });
  it('a missing user name reads 未知登陆用户', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.ADD, user: { id: '1' } });
    expect(text(headerFields(m), 'rowCreateId')).toBe('未知登陆用户');
  });
  it('mode 3: the record, node, status and approver', () => {
    const record = {
      id: '1',
      number: 'FW202611220001',
      rowCreateName: '李四',
      rowCreateBuMenName: '财务部',
      rowCreateDate: '2026-11-20 08:00:00',
      stateName: '部门审批',
      shenPiZhuangTai: '1',
      shenPiRen: '王五',
      data: {},
    };
    const m = createFormModel({
      definition: expenseDefinition(),
      mode: FORM_MODES.APPROVE,
      user,
      node: { id: 'finance', name: '财务审批' },
      record,
      locale: 'en-US',
    });
    const h = headerFields(m);
    expect(text(h, 'number')).toBe('FW202611220001');
    expect(text(h, 'rowCreateId')).toBe('李四');
    expect(text(h, 'rowCreateDate')).toBe('2026-11-20 08:00');
    expect(text(h, 'stateName')).toBe('财务审批');
    expect(text(h, 'shenPiZhuangTai')).toBe('In approval');
    expect(text(h, 'shenPiRen')).toBe('王五');
    expect(h.find((x) => x.key === 'shenPiRen')?.label).toBe('Approver');
  });
  it('a saved record without a number cannot be viewed', () => {
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.VIEW, user, record: { id: '1', number: '', data: {} } });
    expect(isMissingDocumentNumber(m)).toBe(true);
    const ok = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.VIEW, user, record: { id: '1', number: 'FW1', data: {} } });
    expect(isMissingDocumentNumber(ok)).toBe(false);
  });
  it('mode 4 exposes the return reason and history', () => {
    const record = { id: '1', number: 'FW1', returnReason: '金额超标', history: [{ nodeName: '部门审批', action: 'return', comment: '金额超标' }], data: {} };
    const m = createFormModel({ definition: expenseDefinition(), mode: FORM_MODES.MODIFY_ON_RETURN, user, record });
    expect(returnInfo(m)).toEqual({ reason: '金额超标', history: record.history });
  });
});
