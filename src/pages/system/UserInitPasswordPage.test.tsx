// The user init password page in jsdom against a fake of its two calls: nothing is sent before
// a user is picked and both passwords match; a reset asks for a confirmation first, then sends
// the picked user and the password; the server's field-level 422 lands on its field.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { UserInitPasswordPage, type UserInitPasswordApi } from './UserInitPasswordPage';

const slow = { timeout: 30_000 };
const ZHANG = { id: '1000000000000000001', username: 'zhangwei', name: '张伟', deptName: '华东大区', postName: null, active: true };

function fake(fail?: ApiError) {
  const api: UserInitPasswordApi & { sent: [string, string][] } = {
    sent: [],
    searchUsers: vi.fn(async () => [ZHANG]),
    initPassword: vi.fn(async (userId: string, pw: string) => {
      api.sent.push([userId, pw]);
      if (fail) throw fail;
    }),
  };
  return api;
}

function mount(api: UserInitPasswordApi) {
  return render(
    <AntApp>
      <UserInitPasswordPage api={api} />
    </AntApp>,
  );
}

async function pickZhang() {
  const box = within(screen.getByTestId('uip-user')).getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: 'zhang' } });
  const option = await screen.findByText(
    '张伟 (zhangwei)',
    { selector: '.ant-select-item-option-content *, .ant-select-item-option-content' },
    { timeout: 5_000 },
  );
  fireEvent.click(option);
}

async function fillAndSubmit(pw: string, confirm = pw) {
  fireEvent.change(screen.getByTestId('uip-new'), { target: { value: pw } });
  fireEvent.change(screen.getByTestId('uip-confirm'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('uip-submit'));
}

describe('UserInitPasswordPage', () => {
  it('sends nothing without a user or with differing passwords', slow, async () => {
    const api = fake();
    mount(api);
    await fillAndSubmit('Reset2026x', 'Other2026x');
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it('resets after the confirmation, with the picked user and the password', slow, async () => {
    const api = fake();
    mount(api);
    await pickZhang();
    await fillAndSubmit('Reset2026x');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('张伟 (zhangwei)');
    expect(api.sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(api.sent).toEqual([[ZHANG.id, 'Reset2026x']]));
    expect(await screen.findByText('已重置 张伟 (zhangwei) 的密码')).toBeTruthy();
  });

  it("shows the server's field errors on their fields", slow, async () => {
    const api = fake(
      new ApiError('business', '数据校验未通过', { status: 422, errors: [{ field: 'userId', message: '不能在此重置自己的密码，请在个人中心修改密码' }] }),
    );
    mount(api);
    await pickZhang();
    await fillAndSubmit('Reset2026x');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '重置密码' }));
    const message = await screen.findByText('不能在此重置自己的密码，请在个人中心修改密码');
    expect(message.closest('.ant-form-item')?.textContent).toContain('用户');
  });
});
