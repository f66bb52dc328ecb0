import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { sampleDefinition } from '../core/testing';
import { FormListPage } from './FormListPage';
import { MemoryDesignerApi } from './testing/memoryApi';

function setup() {
  const api = new MemoryDesignerApi()
    .seed(sampleDefinition(), { publish: true, records: 3 })
    .seed({ ...sampleDefinition(), code: 'draftOnly', name: { 'zh-CN': '草稿表单' } });
  const onOpen = vi.fn();
  render(
    <App>
      <FormListPage api={api} onOpen={onOpen} />
    </App>,
  );
  return { api, onOpen };
}

describe('FormListPage', () => {
  it('lists definitions with status and version, and opens the designer', async () => {
    const { onOpen } = setup();
    expect(await screen.findByTestId('status-expenseApp')).toHaveTextContent('已发布');
    expect(screen.getByTestId('status-draftOnly')).toHaveTextContent('草稿');
    fireEvent.click(screen.getByTestId('edit-draftOnly'));
    expect(onOpen).toHaveBeenCalledWith('draftOnly');
    fireEvent.click(screen.getByTestId('form-create'));
    expect(onOpen).toHaveBeenLastCalledWith(undefined);
  });

  it('offers "open as end user" for published forms only', async () => {
    const api = new MemoryDesignerApi()
      .seed(sampleDefinition(), { publish: true })
      .seed({ ...sampleDefinition(), code: 'draftOnly', name: { 'zh-CN': '草稿表单' } });
    const onOpenAsUser = vi.fn();
    render(
      <App>
        <FormListPage api={api} onOpen={vi.fn()} onOpenAsUser={onOpenAsUser} />
      </App>,
    );
    await screen.findByTestId('status-draftOnly');
    expect(screen.queryByTestId('open-draftOnly')).toBeNull();
    const open = screen.getByTestId('open-expenseApp');
    expect(open).toHaveTextContent('打开');
    fireEvent.click(open);
    expect(onOpenAsUser).toHaveBeenCalledWith('expenseApp');
  });

  it('shows the server refusal when deleting a form that has records, and deletes one that has none', async () => {
    const { api } = setup();
    await screen.findByTestId('status-expenseApp');
    fireEvent.click(screen.getByTestId('delete-expenseApp'));
    fireEvent.click(await screen.findByTestId('delete-confirm-expenseApp'));
    expect(await screen.findByText('该表单已有 3 条数据，不能删除')).toBeInTheDocument();
    expect(api.entries.has('expenseApp')).toBe(true);
    fireEvent.click(screen.getByTestId('delete-draftOnly'));
    fireEvent.click(await screen.findByTestId('delete-confirm-draftOnly'));
    await waitFor(() => expect(screen.queryByTestId('status-draftOnly')).toBeNull());
    expect(api.entries.has('draftOnly')).toBe(false);
  });

  it('imports a definition from a JSON file', async () => {
    const { api } = setup();
    await screen.findByTestId('status-expenseApp');
    const file = new File([JSON.stringify({ ...sampleDefinition(), code: 'imported1' })], 'f.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('form-import-file'), { target: { files: [file] } });
    expect(await screen.findByTestId('status-imported1')).toHaveTextContent('草稿');
    expect(api.entries.get('imported1')!.draft!.fields).toHaveLength(6);
    const bad = new File(['{nope'], 'bad.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('form-import-file'), { target: { files: [bad] } });
    expect(await screen.findByText('文件不是有效的表单 JSON')).toBeInTheDocument();
    expect(within(document.body).queryByTestId('status-nope')).toBeNull();
  });
});
