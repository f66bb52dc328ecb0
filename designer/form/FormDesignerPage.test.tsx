import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { sampleDefinition } from '../core/testing';
import { FormDesignerPage, type DesignerTab } from './FormDesignerPage';
import { MemoryDesignerApi } from './testing/memoryApi';

function setup(api = new MemoryDesignerApi().seed(sampleDefinition(), { publish: true }), initialTab?: DesignerTab) {
  render(
    <App>
      <FormDesignerPage api={api} code="expenseApp" initialTab={initialTab} />
    </App>,
  );
  return api;
}

describe('FormDesignerPage', () => {
  it('loads the draft and draws every field on the canvas, sub-form columns inside their sub-form', async () => {
    setup();
    await screen.findByTestId('form-designer');
    expect(screen.getByTestId('designer-title')).toHaveTextContent('费用申请');
    for (const p of ['subject', 'amount', 'dealer', 'period', 'remark', 'detail']) expect(screen.getByTestId(`canvas-field-${p}`)).toBeInTheDocument();
    const zone = screen.getByTestId('subform-zone-detail');
    expect(within(zone).getByTestId('canvas-field-detail.qty')).toBeInTheDocument();
  });

  it('adds a field from the palette, edits its label, undoes with the keyboard and autosaves', async () => {
    const api = setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('palette-decimal'));
    const item = await screen.findByTestId('canvas-field-decimal1');
    expect(item).toHaveAttribute('data-selected', 'true');
    expect(screen.getByTestId('property-panel')).toHaveAttribute('data-path', 'decimal1');
    fireEvent.change(screen.getByTestId('prop-label-zh-CN'), { target: { value: '报销金额' } });
    expect(within(screen.getByTestId('canvas-field-decimal1')).getByText('报销金额')).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'dirty');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved'), { timeout: 4000 });
    expect(api.entries.get('expenseApp')!.draft!.fields.at(-1)).toMatchObject({ key: 'decimal1', type: TC.DECIMAL, label: { 'zh-CN': '报销金额' } });
    // undo twice (label, then the add) from the canvas
    fireEvent.keyDown(screen.getByTestId('canvas-field-subject'), { key: 'z', ctrlKey: true });
    fireEvent.keyDown(screen.getByTestId('canvas-field-subject'), { key: 'z', ctrlKey: true });
    expect(screen.queryByTestId('canvas-field-decimal1')).toBeNull();
    fireEvent.click(screen.getByTestId('redo'));
    expect(screen.getByTestId('canvas-field-decimal1')).toBeInTheDocument();
  });

  it('multi-selects, copies and pastes with the keyboard, and deletes the selection', async () => {
    setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('canvas-field-amount'));
    fireEvent.click(screen.getByTestId('canvas-field-dealer'), { ctrlKey: true });
    expect(screen.getByTestId('multi-selection')).toHaveTextContent('2');
    const target = screen.getByTestId('canvas-field-dealer');
    fireEvent.keyDown(target, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(target, { key: 'v', ctrlKey: true });
    expect(await screen.findByTestId('canvas-field-amount1')).toHaveAttribute('data-selected', 'true');
    expect(screen.getByTestId('canvas-field-dealer1')).toHaveAttribute('data-selected', 'true');
    fireEvent.keyDown(screen.getByTestId('canvas-field-dealer1'), { key: 'Delete' });
    expect(screen.queryByTestId('canvas-field-amount1')).toBeNull();
    expect(screen.queryByTestId('canvas-field-dealer1')).toBeNull();
  });

  it('renames a key with validation and shows the former key', async () => {
    setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('canvas-field-amount'));
    const key = screen.getByTestId('prop-key');
    fireEvent.change(key, { target: { value: 'subject' } });
    expect(await screen.findByText('字段标识已存在：subject')).toBeInTheDocument();
    fireEvent.change(key, { target: { value: 'applyAmount' } });
    fireEvent.blur(key);
    expect(await screen.findByTestId('canvas-field-applyAmount')).toBeInTheDocument();
    expect(screen.getByText(/曾用标识：amount/)).toBeInTheDocument();
  });

  it('shows validation errors next to the offending field and refuses to publish', async () => {
    const def = sampleDefinition();
    def.fields[1] = { ...def.fields[1], min: '100', max: '10' };
    const api = setup(new MemoryDesignerApi().seed(def));
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('publish'));
    expect(await screen.findByTestId('validation-errors')).toBeInTheDocument();
    expect(screen.getByTestId('canvas-field-amount')).toHaveAttribute('data-error', 'true');
    expect(api.entries.get('expenseApp')!.versions).toHaveLength(0);
  });

  it('publishes after showing the diff against the last published version', async () => {
    const api = setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('palette-text'));
    await screen.findByTestId('canvas-field-text1');
    fireEvent.click(screen.getByTestId('publish'));
    const diff = await screen.findByTestId('publish-diff');
    expect(within(diff).getByText(/text1/)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByTestId('publish-confirm'));
    });
    await waitFor(() => expect(api.entries.get('expenseApp')!.versions).toHaveLength(2));
    expect(api.entries.get('expenseApp')!.versions[1].definition.fields.some((f) => f.key === 'text1')).toBe(true);
  });

  it('keeps the undo history after publishing: undo edits the published version', async () => {
    const api = setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('palette-text'));
    await screen.findByTestId('canvas-field-text1');
    fireEvent.click(screen.getByTestId('publish'));
    await screen.findByTestId('publish-diff');
    await act(async () => {
      fireEvent.click(screen.getByTestId('publish-confirm'));
    });
    await waitFor(() => expect(api.entries.get('expenseApp')!.versions).toHaveLength(2));
    // reloaded as version 2, clean, and the add can still be undone
    await waitFor(() => expect(screen.getByText('expenseApp · 已发布第 2 版')).toBeInTheDocument());
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
    expect(screen.getByTestId('undo')).toBeEnabled();
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.queryByTestId('canvas-field-text1')).toBeNull();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'dirty');
    // the undone draft autosaves on top of version 2; redo brings the field back
    await waitFor(() => expect(api.entries.get('expenseApp')!.draft!.fields.some((f) => f.key === 'text1')).toBe(false), { timeout: 4000 });
    expect(api.entries.get('expenseApp')!.draft!.version).toBe(2);
    fireEvent.click(screen.getByTestId('redo'));
    expect(screen.getByTestId('canvas-field-text1')).toBeInTheDocument();
  });

  it('adds a column to the selected sub-form from the palette; refuses a sub-form there', async () => {
    setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('canvas-field-detail'));
    fireEvent.click(screen.getByTestId('palette-text'));
    const zone = screen.getByTestId('subform-zone-detail');
    expect(await within(zone).findByTestId('canvas-field-detail.text1')).toBeInTheDocument();
  });

  it('edits list settings with a live preview, and previews the form in a mode', { timeout: 120_000 }, async () => {
    setup();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByRole('tab', { name: '列表设置' }));
    const settings = await screen.findByTestId('list-settings');
    expect(within(settings).getByTestId('list-row-amount')).toBeInTheDocument();
    fireEvent.click(within(settings).getByTestId('list-col-period'));
    expect(await within(settings).findByTestId('list-row-period')).toBeInTheDocument();
    expect(screen.getByTestId('list-preview')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '字段权限' }));
    const cell = await screen.findByTestId('perm-mode:0-detail.qty');
    fireEvent.change(cell, { target: { value: 'required' } });
    expect(screen.getByTestId('perm-mode:0-detail.qty')).toHaveValue('required');
    fireEvent.click(screen.getByRole('tab', { name: '预览' }));
    expect(await screen.findByTestId('designer-preview')).toHaveAttribute('data-mode', '0');
  });

  it('opens on the tab its host asks for (the list-settings routes)', async () => {
    setup(undefined, 'list');
    await screen.findByTestId('form-designer');
    expect(await screen.findByTestId('list-settings')).toBeInTheDocument();
    expect(screen.queryByTestId('designer-canvas')).toBeNull();
  });
});
