// The singleton settings page in jsdom against an in-memory fake of its record calls: no record
// yet → the defaults in add mode, a save creates the record (as a draft: submit false) and the
// page turns to modify on it; an existing record opens in modify, a change saves with its id and
// row version; an explicit ?id= opens that record; the route table marks the settings pages.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { SingletonPage, type SingletonServices } from './SingletonPage';
import { TPM_SETTINGS_FORMS, settingsDefaults } from '../../schemas/catalog/settings';
import type { SavePayload } from '../../runtime/form/DefinitionForm';
import type { FormRecord } from '../../runtime/engine';
import { routeEntryOf } from '../routes/routeTable';

const slow = { timeout: 20_000 };
const def = TPM_SETTINGS_FORMS.find((d) => d.code === 'yuSuanSheZhi')!;

function fake(initial: FormRecord[] = []) {
  const store = [...initial];
  let seq = 1;
  const svc: SingletonServices & { saves: SavePayload[] } = {
    saves: [],
    newestId: vi.fn(async () => store[store.length - 1]?.id ?? null),
    get: vi.fn(async (_code: string, id: string) => ({ record: structuredClone(store.find((r) => r.id === id)!) })),
    definition: vi.fn(async () => def),
    save: vi.fn(async (p: SavePayload) => {
      svc.saves.push(structuredClone(p));
      const existing = store.find((r) => r.id === p.id);
      if (existing) {
        if (existing.version !== p.version) throw new Error('stale');
        existing.data = p.data;
        existing.version = (existing.version ?? 1) + 1;
        return { id: existing.id!, version: existing.version };
      }
      const r: FormRecord = {
        id: `100000000000000000${seq++}`,
        version: 1,
        number: 'FW202611260001',
        definitionVersion: 1,
        shenPiZhuangTai: '0',
        data: p.data,
      };
      store.push(r);
      return { id: r.id!, version: 1 };
    }),
  };
  return svc;
}

const renderPage = (svc: SingletonServices, id: string | null = null) =>
  render(
    <MemoryRouter initialEntries={['/web/system/setting/tpmCanShuSheZhi/yuSuanSheZhi']}>
      <AntApp>
        <SingletonPage definition={def} services={svc} id={id} />
      </AntApp>
    </MemoryRouter>,
  );

const page = () => screen.getByTestId('definition-page');

describe('SingletonPage', () => {
  it('no record yet: the defaults in add mode; a save creates the record as a draft and the page modifies it', { timeout: 60_000 }, async () => {
    const svc = fake();
    renderPage(svc);
    await waitFor(() => expect(screen.getByTestId('singleton-hint')).toHaveTextContent('尚未保存过本设置'), slow);
    expect(page()).toHaveAttribute('data-mode', '0');
    expect(screen.queryByTestId('save-draft')).toBeNull();
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(svc.save).toHaveBeenCalledTimes(1), slow);
    expect(svc.saves[0]).toMatchObject({ formCode: 'yuSuanSheZhi', submit: false, data: settingsDefaults(def) });
    expect(svc.saves[0].id).toBeUndefined();
    await waitFor(() => expect(page()).toHaveAttribute('data-mode', '1'), slow);
    expect(screen.getByTestId('singleton-hint')).toHaveTextContent('立即生效');
    expect(svc.get).toHaveBeenLastCalledWith('yuSuanSheZhi', '1000000000000000001');
    await waitFor(() => expect((screen.getByLabelText(/软控容差/) as HTMLInputElement).value).toMatch(/^10(\.00)?$/), slow);
    expect(screen.getByTestId('submit')).toBeEnabled();
  });

  it('an existing record opens in modify; a change saves with its id and row version, and the page shows it', { timeout: 60_000 }, async () => {
    const stored: FormRecord = {
      id: '1000000000000000042',
      version: 3,
      number: 'FW202611260001',
      definitionVersion: 1,
      shenPiZhuangTai: '0',
      data: { ...settingsDefaults(def), ruanKongRongChaBaiFenBi: '12.50' },
    };
    const svc = fake([stored]);
    renderPage(svc);
    await waitFor(() => expect(page()).toHaveAttribute('data-mode', '1'), slow);
    const input = screen.getByLabelText(/软控容差/) as HTMLInputElement;
    expect(input.value).toBe('12.50');
    fireEvent.change(input, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(svc.save).toHaveBeenCalledTimes(1), slow);
    expect(svc.saves[0]).toMatchObject({
      id: '1000000000000000042',
      version: 3,
      submit: false,
      data: { ruanKongRongChaBaiFenBi: '15', moRenKongZhiFangShi: 'hard' },
    });
    await waitFor(() => expect((screen.getByLabelText(/软控容差/) as HTMLInputElement).value).toMatch(/^15(\.00)?$/), slow);
    expect(svc.newestId).toHaveBeenCalledTimes(2);
  });

  it('an out-of-range value is refused on the field and nothing is sent', { timeout: 60_000 }, async () => {
    const svc = fake([
      { id: '1000000000000000042', version: 1, number: 'FW202611260001', definitionVersion: 1, shenPiZhuangTai: '0', data: settingsDefaults(def) },
    ]);
    renderPage(svc);
    await waitFor(() => expect(page()).toHaveAttribute('data-mode', '1'), slow);
    fireEvent.change(screen.getByLabelText(/软控容差/), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(screen.getByTestId('form-errors')).toBeInTheDocument(), slow);
    expect(svc.save).not.toHaveBeenCalled();
  });

  it('?id= opens that record, without asking for the newest', { timeout: 30_000 }, async () => {
    const svc = fake([
      { id: '1000000000000000007', version: 1, number: 'FW202611260001', definitionVersion: 1, shenPiZhuangTai: '0', data: settingsDefaults(def) },
    ]);
    renderPage(svc, '1000000000000000007');
    await waitFor(() => expect(page()).toHaveAttribute('data-mode', '1'), slow);
    expect(svc.newestId).not.toHaveBeenCalled();
  });

  it('the route table opens the settings pages as singletons', () => {
    expect(routeEntryOf('/web/system/setting/tpmCanShuSheZhi/yuSuanSheZhi')).toEqual({ formCode: 'yuSuanSheZhi', kind: 'form', mode: 0, singleton: true });
  });
});
