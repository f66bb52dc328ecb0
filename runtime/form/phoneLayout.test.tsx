// Issue 17: the runtime form carries the phone layout's class names (the rules: widgets/form/phone.css,
// checked by widgets/form/phone.test.tsx; the layout measured by tests/e2e/phone-form.spec.ts).
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FORM_MODES } from '../../schemas';
import { FORM_GRID_CLASS } from '../../widgets/form/phoneLayout';
import { DefinitionForm } from './DefinitionForm';
import { expenseDefinition } from '../engine/fixtures/expense';

const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部', mobile: '13800000000' };

describe('DefinitionForm on a phone (issue 17)', () => {
  it('the form body is the phone grid, the header grid stacks by class', () => {
    render(<DefinitionForm definition={expenseDefinition()} mode={FORM_MODES.ADD} user={user} onSubmit={() => {}} />);
    expect(document.querySelector('.fw-form-body')).toHaveClass(FORM_GRID_CLASS);
    expect(screen.getByTestId('sys-number').closest('dl')).toHaveClass('fw-form-header-grid');
  });
});
