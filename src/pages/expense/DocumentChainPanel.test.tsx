// The document chain panel in jsdom with a fake loader: the money summary (12,000.00 …), the
// documents with their status tags and the links that open them (none for a document the
// viewer may not open), the pool lines; loading, empty and error (with a retry) states;
// English texts; a new reload key reads the chain again. Every story renders.
import { render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi, beforeAll } from 'vitest';
import type { DocumentChain } from '../../../schemas/api';
import { StoryProviders, storyAnnotations } from '../../../widgets/testing/storyDecorators';
import type { Locale } from '../../../schemas/constants';
import { DocumentChainPanel, type ChainLoader } from './DocumentChainPanel';
import { documentPath, showsChain, statusTag, summaryItems } from './chainModel';
import { routeEntryOf } from '../../routes/routeTable';
import { APP_ID, FULL_CHAIN, LONE_CHAIN, PAYMENT_ID, SETTLEMENT_ID, SUBMITTED_CHAIN, WRITE_OFF_2_ID, WRITE_OFF_ID } from './fixtures';
import * as stories from './DocumentChainPanel.stories';
import axe from 'axe-core';

function show(load: ChainLoader, locale: Locale = 'zh-CN', reloadKey = 0) {
  const ui = (key: number) => (
    <StoryProviders locale={locale}>
      <MemoryRouter>
        <DocumentChainPanel recordId={SETTLEMENT_ID} locale={locale} load={load} reloadKey={key} />
      </MemoryRouter>
    </StoryProviders>
  );
  const r = render(ui(reloadKey));
  return { ...r, reload: (key: number) => r.rerender(ui(key)) };
}

describe('chainModel', () => {
  it('lists the nine amounts in order, formatted, the balances marked', () => {
    expect(summaryItems(FULL_CHAIN.application!)).toEqual([
      { key: 'applied', value: '12,000.00', balance: false },
      { key: 'occupied', value: '0.00', balance: false },
      { key: 'settled', value: '10,500.00', balance: false },
      { key: 'released', value: '1,500.00', balance: false },
      { key: 'writtenOff', value: '6,000.00', balance: false },
      { key: 'writingOff', value: '4,500.00', balance: false },
      { key: 'paid', value: '4,000.00', balance: false },
      { key: 'remainingToWriteOff', value: '0.00', balance: true },
      { key: 'remainingToPay', value: '2,000.00', balance: true },
    ]);
    expect(summaryItems({ ...FULL_CHAIN.application!, applied: '99999999.99' })[0].value).toBe('99,999,999.99');
  });

  it('opens each document on its form page, view only; a form without a route on the engine page', () => {
    for (const [formCode, id] of [
      ['feiYongShenQing', APP_ID],
      ['feiYongJieAn', SETTLEMENT_ID],
      ['feiYongHeXiao', WRITE_OFF_ID],
    ]) {
      const [pathname, query] = documentPath({ formCode, id }).split('?');
      expect(routeEntryOf(pathname)).toMatchObject({ formCode, kind: 'form' });
      expect(query).toBe(`id=${id}&viewType=2`);
    }
    expect(documentPath({ formCode: 'noRouteForm', id: APP_ID })).toBe(`/web/system/peiZhi/biaoDan/edit?code=noRouteForm&id=${APP_ID}&viewType=2`);
  });

  it('names the status in the locale and shows the panel on the expense documents only', () => {
    expect(statusTag('2', 'zh-CN')).toEqual({ text: '已通过', color: 'success' });
    expect(statusTag('1', 'en-US')).toEqual({ text: 'In approval', color: 'processing' });
    expect(statusTag(null, 'zh-TW').text).toBe('草稿');
    expect(statusTag('5', 'zh-CN').color).toBe('error');
    for (const t of [80021, 99800, 99700, 80022, 810510, 810520]) expect(showsChain(t)).toBe(true);
    expect(showsChain(0)).toBe(false);
    expect(showsChain(undefined)).toBe(false);
  });
});

describe('DocumentChainPanel', () => {
  it('shows the summary, the documents and the pool lines', async () => {
    const load = vi.fn(async () => FULL_CHAIN);
    show(load);
    expect(screen.getByTestId('expense-chain-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('expense-chain')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(SETTLEMENT_ID);
    expect(screen.getByText('关联单据')).toBeInTheDocument();
    const summary = screen.getByTestId('expense-chain-summary');
    for (const [label, value] of [
      ['申请', '12,000.00'],
      ['结案', '10,500.00'],
      ['释放', '1,500.00'],
      ['已核销', '6,000.00'],
      ['核销中', '4,500.00'],
      ['已支付', '4,000.00'],
      ['可核销余额', '0.00'],
      ['可支付余额', '2,000.00'],
    ]) {
      expect(within(summary).getByText(label)).toBeInTheDocument();
      expect(within(summary).getAllByText(value).length).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('expense-summary-remainingToPay')).toHaveTextContent('2,000.00');
    // the documents: the current one bold without a link, the others linked, one not readable
    expect(screen.getByTestId(`expense-chain-row-${SETTLEMENT_ID}`)).toHaveTextContent('FYJA202604020001（当前）');
    expect(screen.queryByTestId(`expense-chain-open-${SETTLEMENT_ID}`)).toBeNull();
    expect(screen.getByTestId(`expense-chain-open-${APP_ID}`)).toHaveAttribute('href', documentPath({ formCode: 'feiYongShenQing', id: APP_ID }));
    expect(screen.getByTestId(`expense-chain-open-${WRITE_OFF_ID}`)).toHaveAttribute('href', documentPath({ formCode: 'feiYongHeXiao', id: WRITE_OFF_ID }));
    expect(screen.getByTestId(`expense-chain-open-${PAYMENT_ID}`)).toHaveTextContent('FYZF202604200001');
    expect(screen.queryByTestId(`expense-chain-open-${WRITE_OFF_2_ID}`)).toBeNull();
    expect(screen.getByTestId(`expense-chain-row-${WRITE_OFF_2_ID}`)).toHaveTextContent('FYHX202604180002');
    expect(screen.getByTestId(`expense-chain-status-${WRITE_OFF_2_ID}`)).toHaveTextContent('审批中');
    expect(screen.getByTestId(`expense-chain-status-${PAYMENT_ID}`)).toHaveTextContent('已通过');
    expect(screen.getByTestId(`expense-chain-amount-${APP_ID}`)).toHaveTextContent('12,000.00');
    expect(within(screen.getByTestId(`expense-chain-row-${PAYMENT_ID}`)).getByText('费用支付')).toBeInTheDocument();
    const lines = screen.getByTestId('expense-chain-lines');
    expect(lines).toHaveTextContent('2026华东大区现代渠道陈列费 (YSC2026-HD-KA-CL)');
    expect(lines).toHaveTextContent('10,500.00');
    expect(lines).toHaveTextContent('第 1 行 · 清泉山 · 清泉山天然水');
  });

  it('says when nothing is linked', async () => {
    show(async () => LONE_CHAIN);
    expect(await screen.findByTestId('expense-chain-empty')).toHaveTextContent('暂无关联单据');
    expect(screen.queryByTestId('expense-chain-summary')).toBeNull();
  });

  it("shows an application's own chain with its money held", async () => {
    show(async () => SUBMITTED_CHAIN);
    expect(await screen.findByTestId('expense-summary-occupied')).toHaveTextContent('12,000.00');
    expect(screen.getByTestId(`expense-chain-status-${APP_ID}`)).toHaveTextContent('审批中');
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    const load = vi.fn(async (): Promise<DocumentChain> => {
      if (fail) throw new Error('服务器繁忙');
      return FULL_CHAIN;
    });
    show(load);
    expect(await screen.findByTestId('expense-chain-error')).toHaveTextContent('关联单据加载失败：服务器繁忙');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('expense-chain')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads the chain again on a new reload key', async () => {
    const load = vi.fn(async () => FULL_CHAIN);
    const { reload } = show(load);
    await screen.findByTestId('expense-chain');
    reload(1);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('has no serious or critical axe violation (full chain, empty)', async () => {
    for (const [chain, ready] of [
      [FULL_CHAIN, 'expense-chain'],
      [LONE_CHAIN, 'expense-chain-empty'],
    ] as const) {
      const { container, unmount } = show(async () => chain);
      await screen.findByTestId(ready);
      // jsdom computes no colours: contrast is checked on the built stories in Chromium (storybook-a11y.spec.ts)
      const r = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      unmount();
    }
  });

  it('speaks English', async () => {
    show(async () => FULL_CHAIN, 'en-US');
    // the title shows while loading: wait for the chain itself
    expect(await screen.findByTestId('expense-chain')).toBeInTheDocument();
    expect(screen.getByText('Linked documents')).toBeInTheDocument();
    expect(screen.getByText('Left to pay')).toBeInTheDocument();
    expect(screen.getByText('Written off')).toBeInTheDocument();
    expect(screen.getByTestId(`expense-chain-status-${WRITE_OFF_2_ID}`)).toHaveTextContent('In approval');
    expect(screen.getByTestId(`expense-chain-row-${SETTLEMENT_ID}`)).toHaveTextContent('this one');
  });
});

describe('the stories render', () => {
  beforeAll(() => {
    setProjectAnnotations(storyAnnotations as Parameters<typeof setProjectAnnotations>[0]);
  });
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s', async (name, Story) => {
    render(<Story />);
    expect(await screen.findByTestId('expense-chain-panel')).toBeInTheDocument();
    if (name === 'Failed') expect(await screen.findByTestId('expense-chain-error')).toBeInTheDocument();
    if (name === 'Empty') expect(await screen.findByTestId('expense-chain-empty')).toBeInTheDocument();
    if (name === 'English') expect(await screen.findByText('Linked documents')).toBeInTheDocument();
  });
});
