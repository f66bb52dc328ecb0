// Issue 16: a stale draft save (another admin saved meanwhile) is refused by the server (409) and
// the designer offers 重新加载 (the server's draft) or 覆盖 (save again over the current version).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { sampleDefinition } from '../core/testing';
import { FormDesignerPage } from './FormDesignerPage';
import { MemoryDesignerApi } from './testing/memoryApi';

async function openWithOtherSave() {
  const api = new MemoryDesignerApi().seed(sampleDefinition(), { publish: true });
  render(
    <App>
      <FormDesignerPage api={api} code="expenseApp" />
    </App>,
  );
  await screen.findByTestId('form-designer');
  // another admin saves a draft after this designer loaded
  const other = structuredClone(api.entries.get('expenseApp')!.versions[0].definition);
  other.name = { ...other.name, 'zh-CN': '他人的修改' };
  api.saveAsOther(other);
  // this designer edits: its autosave names the version it loaded
  fireEvent.click(screen.getByTestId('canvas-field-amount'));
  fireEvent.change(screen.getByTestId('prop-label-zh-CN'), { target: { value: '我的金额' } });
  const dialog = await screen.findByTestId('designer-conflict', {}, { timeout: 4000 });
  expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'conflict');
  // nothing was overwritten
  expect(api.entries.get('expenseApp')!.draft!.name['zh-CN']).toBe('他人的修改');
  return { api, dialog };
}

describe('form designer draft conflict', () => {
  it('reload takes the other admin’s draft and drops the local change', async () => {
    const { api, dialog } = await openWithOtherSave();
    expect(within(dialog).getByText('表单已被他人修改')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('designer-conflict-reload'));
    await waitFor(() => expect(screen.getByTestId('designer-title')).toHaveTextContent('他人的修改'));
    // the conflict is over (the dialog's open state is the save state's)
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved'));
    // the next edit saves on top of the reloaded version
    const saves = api.saves;
    fireEvent.click(screen.getByTestId('canvas-field-amount'));
    fireEvent.change(screen.getByTestId('prop-label-zh-CN'), { target: { value: '重载后' } });
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved'), { timeout: 4000 });
    expect(api.saves).toBe(saves + 1);
    const draft = api.entries.get('expenseApp')!.draft!;
    expect(draft.name['zh-CN']).toBe('他人的修改');
    expect(draft.fields.find((f) => f.key === 'amount')!.label['zh-CN']).toBe('重载后');
  });

  it('overwrite saves this editor’s copy over the other one', async () => {
    const { api } = await openWithOtherSave();
    fireEvent.click(screen.getByTestId('designer-conflict-overwrite'));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved'));
    const draft = api.entries.get('expenseApp')!.draft!;
    expect(draft.name['zh-CN']).toBe('费用申请');
    expect(draft.fields.find((f) => f.key === 'amount')!.label['zh-CN']).toBe('我的金额');
    expect(api.entries.get('expenseApp')!.draftVersion).toBe(4);
  });
});
