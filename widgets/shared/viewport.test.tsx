import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { PHONE_QUERY, isPhone, usePhone } from './viewport';
import { VIEWPORT } from '../../schemas/constants';

type Listener = () => void;
function fakeMatchMedia(width: { px: number }) {
  const listeners = new Set<Listener>();
  const mq = {
    get matches() {
      return width.px < VIEWPORT.tabletMinPx;
    },
    media: PHONE_QUERY,
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', (q: string) => {
    expect(q).toBe(PHONE_QUERY);
    return mq;
  });
  return { fire: () => listeners.forEach((l) => l()), listeners };
}

describe('viewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the phone query ends just below the tablet width', () => {
    expect(PHONE_QUERY).toBe('(max-width: 767.98px)');
  });

  it('usePhone follows the width as the window turns', () => {
    const width = { px: 360 };
    const mm = fakeMatchMedia(width);
    expect(isPhone()).toBe(true);
    const { result, unmount } = renderHook(() => usePhone());
    expect(result.current).toBe(true);
    width.px = 1024;
    act(() => mm.fire());
    expect(result.current).toBe(false);
    width.px = 767;
    act(() => mm.fire());
    expect(result.current).toBe(true);
    unmount();
    expect(mm.listeners.size).toBe(0);
  });
});
