import { describe, expect, it } from 'vitest';
import { createFormModel } from './formModel';
import { recordTitle } from './title';
import { expenseDefinition } from './fixtures/expense';

describe('recordTitle', () => {
  it('fills the template from the fields and the applicant', () => {
    const def = { ...expenseDefinition(), titleTemplate: '{rowCreateName}-{dealer}-{total}' };
    const m = createFormModel({ definition: def, mode: 0, user: { id: '1', name: '张三' } });
    m.setValue('dealer', { id: '9', name: '华东经销商' });
    m.addRow('detail', { qty: '1', price: '8' });
    expect(recordTitle(m)).toBe('张三-华东经销商-8.00');
    expect(recordTitle(createFormModel({ definition: expenseDefinition(), mode: 0, user: { id: '1' } }))).toBeUndefined();
  });
});
