// The login form in plain HTML (issue 16: no antd on the first page) keeps the behaviour of the
// antd form it replaced: labelled inputs, required-field messages, Enter submits, the button busy
// while the request runs, the server's message in an alert, a show/hide switch of at least
// 24 × 24 px (WCAG 2.5.8); and the build-time HTML can be neither typed into nor submitted.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { ApiError } from '../api/client';
import { LoginForm, type Credentials } from './LoginForm';
import { Prerendering } from './login/prerendering';

describe('LoginForm', () => {
  it('renders no antd markup: plain labelled inputs and a submit button', () => {
    const { container } = render(<LoginForm testId="f" onSubmit={async () => {}} />);
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByLabelText('用户名')).toBe(screen.getByTestId('login-username'));
    expect(screen.getByLabelText('密码')).toBe(screen.getByTestId('login-password'));
    expect(screen.getByRole('button', { name: '登录' })).toBe(screen.getByTestId('login-submit'));
  });

  it('shows the required messages and does not submit empty fields', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm testId="f" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeVisible();
    expect(screen.getByText('请输入密码')).toBeVisible();
    expect(screen.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('login-username')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    // the message goes once the field has a value
    await userEvent.type(screen.getByTestId('login-username'), 'lina');
    expect(screen.queryByText('请输入用户名')).toBeNull();
  });

  it('submits with Enter, busy meanwhile, and shows the server message on failure', async () => {
    let reject!: (e: Error) => void;
    const onSubmit = vi.fn((_c: Credentials) => new Promise<void>((_r, j) => (reject = j)));
    render(<LoginForm testId="f" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByTestId('login-username'), 'lina');
    await userEvent.type(screen.getByTestId('login-password'), 'wrong{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'lina', password: 'wrong' });
    expect(screen.getByTestId('login-submit')).toHaveAttribute('aria-busy', 'true');
    // a second submit while busy is ignored
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    reject(new ApiError('business', '用户名或密码错误', { code: 1, status: 200 }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('用户名或密码错误');
    expect(screen.getByTestId('login-error')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('login-submit')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByTestId('login-submit')).toBeEnabled();
  });

  it('gives the password show/hide switch a named button of at least 24 × 24 px that toggles the input', async () => {
    render(<LoginForm testId="f" onSubmit={async () => {}} />);
    const toggle = screen.getByRole('button', { name: '显示密码' });
    expect(toggle).toHaveClass('login-toggle');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('login-password')).toHaveAttribute('type', 'password');
    await userEvent.click(toggle);
    expect(screen.getByTestId('login-password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '隐藏密码' })).toHaveAttribute('aria-pressed', 'true');
    // login.css gives .login-toggle min-width / min-height 24px (44px below the tablet width)
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(`${process.cwd()}/src/pages/login/login.css`, 'utf8');
    const rule = /\.login-toggle\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/min-width:\s*24px/);
    expect(rule).toMatch(/min-height:\s*24px/);
  });

  it('prerendered (build time): inputs read-only and the submit button disabled', () => {
    const html = renderToString(
      <Prerendering.Provider value={true}>
        <LoginForm testId="f" onSubmit={async () => {}} />
      </Prerendering.Provider>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('[data-testid="login-username"]')!.hasAttribute('readonly')).toBe(true);
    expect(doc.querySelector('[data-testid="login-password"]')!.hasAttribute('readonly')).toBe(true);
    expect(doc.querySelector('[data-testid="login-submit"]')!.hasAttribute('disabled')).toBe(true);
  });
});
