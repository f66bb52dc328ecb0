// The login form's password show/hide switch is a touch target of at least 24 × 24 px (WCAG
// 2.5.8; Lighthouse's target-size audit failed on antd's bare 14 px icon: accessibility 96).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { LoginForm } from './LoginForm';

describe('LoginForm', () => {
  it('gives the password show/hide switch a 24 × 24 px target', () => {
    const { container } = render(<LoginForm testId="f" onSubmit={async () => {}} />);
    const toggle = container.querySelector<HTMLElement>('.ant-input-password-icon[role="button"]');
    expect(toggle).not.toBeNull();
    const target = toggle!.firstElementChild as HTMLElement;
    expect(target.style.minWidth).toBe('24px');
    expect(target.style.minHeight).toBe('24px');
    expect(target.style.display).toBe('inline-flex');
    expect(target.querySelector('.anticon')).not.toBeNull();
  });
});
