// A detail table (sub-form) below the tablet width (issue 17): each row a card with its fields
// stacked, label above input, add / copy / delete per card with touch-sized buttons, the row's
// number on the card, cell errors on the card's fields, the totals kept visible, read-only cards
// in view mode, and virtualised cards for long tables. From the tablet width up: the table.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor, within } from '@testing-library/react';
import { TC, type SubFormRow } from '../../schemas';
import { VIEWPORT } from '../../schemas/constants';
import { renderField } from '../testing/render';
import { SUB_FORM_FIELD, SUB_FORM_ROWS, manyRows } from '../subForm/fixtures';
import { stubWidth } from '../testing/viewport';

const draw = (options: Parameters<typeof renderField>[1] = {}) =>
  renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS, ...options });

describe('detail table on a phone (360 px): cards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws each row as a card with its number and its fields stacked, labels above inputs', () => {
    stubWidth(360);
    const r = draw();
    expect(r.queryByRole('table')).toBeNull();
    const list = r.getByTestId('cards-subFormField');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const second = r.getByTestId('row-subFormField-1');
    expect(within(second).getByRole('heading', { name: '第 2 行' })).toBeInTheDocument();
    // the visible label sits above its input, and the input keeps the table's name ("数量 2")
    const qty = within(second).getByLabelText('数量 2');
    const label = second.querySelector(`label[for="${qty.id}"]`)!;
    expect(label).toHaveTextContent('数量');
    expect(label.compareDocumentPosition(qty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // fields in the definition's order (the Tab order)
    const order = [...second.querySelectorAll('[data-testid^="cell-"]')].map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['product', 'quantity', 'unitPrice', 'amount', 'remark'].map((k) => `cell-subFormField.1.${k}`));
    // inputs at the phone's input size (no zoom on focus)
    expect(list.closest('.fw-detail-cards')).toHaveStyle({ '--fw-phone-input-font': `${VIEWPORT.phoneInputFontPx}px` });
  });

  it('adds a card and focuses its first field; copies and deletes per card with labelled touch-sized buttons', async () => {
    stubWidth(360);
    const r = draw();
    const del = r.getByRole('button', { name: '删除第 3 行' });
    const copy = r.getByRole('button', { name: '复制第 3 行' });
    for (const b of [del, copy, r.getByTestId('add-row-subFormField')]) {
      expect(b).toHaveStyle({ minWidth: `${VIEWPORT.touchTargetPx}px`, minHeight: `${VIEWPORT.touchTargetPx}px` });
    }

    await r.user.click(r.getByTestId('add-row-subFormField'));
    let rows = r.value() as SubFormRow[];
    expect(rows).toHaveLength(4);
    const card = r.getByTestId('row-subFormField-3');
    expect(within(card).getByRole('heading', { name: '第 4 行' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('fw-subFormField-3-product'));

    await r.user.click(r.getByRole('button', { name: '复制第 2 行' }));
    rows = r.value() as SubFormRow[];
    expect(rows).toHaveLength(5);
    const { _id: copiedId, ...copied } = rows[4];
    const { _id: originalId, ...original } = SUB_FORM_ROWS[1];
    expect(copied).toEqual(original);
    expect(copiedId).toMatch(/^\d{19}$/);
    expect(copiedId).not.toBe(originalId);
    expect(r.getByTestId('total-subFormField.amount')).toHaveTextContent('14,766.00');
    // the copy's heading takes the focus (announced, scrolled to; no keyboard popping up)
    await waitFor(() => expect(document.activeElement).toBe(within(r.getByTestId('row-subFormField-4')).getByRole('heading', { name: '第 5 行' })));

    await r.user.click(r.getByRole('button', { name: '删除第 1 行' }));
    rows = r.value() as SubFormRow[];
    expect(rows.map((x) => x._id)).toEqual([SUB_FORM_ROWS[1]._id, SUB_FORM_ROWS[2]._id, rows[2]._id, copiedId]);
    expect(r.queryByTestId('row-subFormField-4')).toBeNull();
    // the focus goes to the card that took the deleted one's place
    await waitFor(() => expect(document.activeElement).toBe(within(r.getByTestId('row-subFormField-0')).getByRole('heading', { name: '第 1 行' })));
    // the last card deleted: the focus goes to the add button
    for (let n = 4; n > 0; n--) await r.user.click(r.getByRole('button', { name: `删除第 ${n} 行` }));
    expect(r.getByTestId('empty-subFormField')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(r.getByTestId('add-row-subFormField')));
  });

  it('shows cell errors on the card fields under the same keys as the table, and the table error', () => {
    stubWidth(360);
    const r = draw({ error: '请完善明细', errors: { 'subFormField.2.quantity': '数量不能超过库存 120' } });
    const card = r.getByTestId('row-subFormField-2');
    expect(within(card).getByTestId('error-subFormField.2.quantity')).toHaveTextContent('数量不能超过库存 120');
    expect(within(card).getByLabelText('数量 3')).toHaveAttribute('aria-invalid', 'true');
    expect(r.getByTestId('error-subFormField')).toHaveTextContent('请完善明细');
  });

  it('keeps the totals visible: a bar stuck to the bottom, following edits', async () => {
    stubWidth(360);
    const r = draw();
    const totals = r.getByTestId('totals-subFormField');
    expect(totals).toHaveClass('fw-detail-cards-totals');
    expect(totals).toHaveStyle({ position: 'sticky', bottom: '0px' });
    expect(within(totals).getByText('合计')).toBeInTheDocument();
    // an integer column's total is an integer (no decimals), an amount's has two
    expect(r.getByTestId('total-subFormField.quantity')).toHaveTextContent(/^245$/);
    expect(r.getByTestId('total-subFormField.amount')).toHaveTextContent('10,926.00');
    const amount = r.getByLabelText('金额 2');
    await r.user.clear(amount);
    await r.user.type(amount, '0.1');
    await r.user.tab();
    expect(r.getByTestId('total-subFormField.amount')).toHaveTextContent('7,086.10');
  });

  it('shows the totals fixed at the bottom of the screen while the cards are on it and the bar is below it', () => {
    stubWidth(360);
    const observers: Array<{ cb: IntersectionObserverCallback; targets: Element[] }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(cb: IntersectionObserverCallback) {
          observers.push({ cb, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const r = draw();
    const io = observers.find((o) => o.targets.some((el) => el.getAttribute('data-testid') === 'totals-subFormField'))!;
    const [list, bar] = [r.getByTestId('cards-subFormField'), r.getByTestId('totals-subFormField')];
    expect(io.targets).toEqual([list, bar]);
    const entry = (target: Element, isIntersecting: boolean, top: number) =>
      ({ target, isIntersecting, boundingClientRect: { top }, rootBounds: { bottom: 740 } }) as unknown as IntersectionObserverEntry;
    expect(r.queryByTestId('totals-float-subFormField')).toBeNull();
    // the cards on the screen, the bar's place below it
    act(() => io.cb([entry(list, true, 100), entry(bar, false, 1200)], {} as IntersectionObserver));
    const float = r.getByTestId('totals-float-subFormField');
    expect(float).toHaveClass('fw-detail-cards-totals-float');
    expect(float).toHaveAttribute('aria-hidden', 'true');
    expect(float).toHaveTextContent('10,926.00');
    // scrolled down to the bar: no copy
    act(() => io.cb([entry(bar, true, 600)], {} as IntersectionObserver));
    expect(r.queryByTestId('totals-float-subFormField')).toBeNull();
    // the cards scrolled away above, the bar too
    act(() => io.cb([entry(list, false, -2000), entry(bar, false, -100)], {} as IntersectionObserver));
    expect(r.queryByTestId('totals-float-subFormField')).toBeNull();
  });

  it('is read-only in view mode: the Views, no add, copy or delete', () => {
    stubWidth(360);
    const r = draw({ view: true });
    expect(r.getByTestId('cards-subFormField')).toBeInTheDocument();
    expect(r.getByText('4,260.00')).toBeInTheDocument();
    expect(r.queryByTestId('add-row-subFormField')).toBeNull();
    expect(r.queryByRole('button', { name: /删除第|复制第/ })).toBeNull();
    expect(r.container.querySelector('input')).toBeNull();
    expect(within(r.getByTestId('row-subFormField-0')).getByText('金额')).toBeInTheDocument();
  });

  it('virtualises 500 cards: no more fields mounted than the desktop table mounts', () => {
    // jsdom lays nothing out: the scroller shows 600 px, a drawn card is 480 px high
    const scroller = (el: Element) => (el as HTMLElement).dataset?.testid?.startsWith('scroll-');
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return scroller(this) ? 600 : 0;
    });
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(360);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.index !== undefined ? 480 : 0;
    });
    stubWidth(1280);
    const desktop = draw({ value: manyRows(500) });
    const desktopCells = desktop.container.querySelectorAll('[data-testid^="cell-"]').length;
    expect(desktopCells).toBeGreaterThan(0);
    desktop.unmount();
    stubWidth(360);
    const phone = draw({ value: manyRows(500) });
    expect(phone.getByTestId('scroll-subFormField')).toBeInTheDocument();
    const cards = phone.container.querySelectorAll('[data-testid^="row-subFormField-"]').length;
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThan(20);
    expect(phone.container.querySelectorAll('[data-testid^="cell-"]').length).toBeLessThanOrEqual(desktopCells);
    expect(phone.getByTestId('row-subFormField-0')).toHaveAttribute('aria-setsize', '500');
    expect(phone.getByTestId('row-subFormField-0')).toHaveAttribute('aria-posinset', '1');
  });

  it('from the tablet width up keeps the table', () => {
    stubWidth(VIEWPORT.tabletMinPx);
    const r = draw();
    expect(r.getByRole('table')).toBeInTheDocument();
    expect(r.queryByTestId('cards-subFormField')).toBeNull();
    expect(r.getByRole('button', { name: '删除 1' })).toBeInTheDocument();
  });

  it('turns from table to cards when the window narrows', async () => {
    let px = 1024;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (q: string) => ({
      get matches() {
        const max = /max-width:\s*([\d.]+)px/.exec(q);
        return !!max && px <= Number(max[1]);
      },
      media: q,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      dispatchEvent: () => false,
    }));
    const r = draw();
    expect(r.getByRole('table')).toBeInTheDocument();
    px = 360;
    act(() => listeners.forEach((l) => l()));
    expect(r.queryByRole('table')).toBeNull();
    expect(r.getByTestId('cards-subFormField')).toBeInTheDocument();
  });
});
