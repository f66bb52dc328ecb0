// The header's click menus whose antd Dropdown loads apart (issue 16): on a phone nothing is
// fetched until the user does something; a press before the Dropdown is in opens the menu once it
// is, and a focused button keeps the focus when the Dropdown takes its place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LazyDropdown } from './LazyDropdown';
import { onFirstIntent } from './firstIntent';
import { stubWidth } from '../../widgets/testing/viewport';

const menu = { items: [{ key: 'a', label: <span data-testid="item-a">甲</span> }] };
const trigger = (
  <button type="button" data-testid="trigger">
    菜单
  </button>
);

afterEach(() => vi.unstubAllGlobals());

describe('LazyDropdown on a phone', () => {
  it('opens at a press made before the Dropdown is loaded', async () => {
    stubWidth(360);
    render(<LazyDropdown menu={menu}>{trigger}</LazyDropdown>);
    expect(screen.queryByTestId('item-a')).toBeNull();
    fireEvent.click(screen.getByTestId('trigger'));
    expect(await screen.findByTestId('item-a', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('a focused button keeps the focus when the Dropdown takes its place', async () => {
    stubWidth(360);
    render(<LazyDropdown menu={menu}>{trigger}</LazyDropdown>);
    const before = screen.getByTestId('trigger');
    act(() => before.focus());
    await waitFor(() => expect(screen.getByTestId('trigger')).not.toBe(before), { timeout: 5000 });
    expect(document.activeElement).toBe(screen.getByTestId('trigger'));
    expect(screen.queryByTestId('item-a')).toBeNull();
  });
});

describe('onFirstIntent', () => {
  it('calls once at the first press, key or focus, and not after a cancel', () => {
    const seen = vi.fn();
    const stop = onFirstIntent(seen);
    expect(seen).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.pointerDown(document.body);
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
    const later = vi.fn();
    onFirstIntent(later)();
    fireEvent.pointerDown(document.body);
    expect(later).not.toHaveBeenCalled();
  });
});
