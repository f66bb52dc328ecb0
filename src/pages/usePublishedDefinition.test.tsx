// The published definition of a page: a route loader's prefetch is taken instead of a second
// request, and an answer already in renders on the page's first render (no empty render while
// the form's chunk and the definition arrive one after the other).
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/definition';
import { ApiError } from '../api/client';
import { prefetchDefinition, usePublishedDefinition } from './usePublishedDefinition';

const def = (code: string) => ({ code, version: 1, name: { 'zh-CN': code }, fields: [] }) as unknown as FormDefinition;

describe('usePublishedDefinition', () => {
  it('renders a prefetched answer on its first render and asks once', async () => {
    const load = vi.fn(async (code: string) => def(code));
    prefetchDefinition('preA', load);
    await act(async () => {});
    const { result } = renderHook(() => usePublishedDefinition('preA', load));
    expect(result.current.phase).toBe('ok');
    await act(async () => {});
    expect(result.current.phase).toBe('ok');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes a prefetch still in flight instead of a second request', async () => {
    let resolve!: (d: FormDefinition) => void;
    const load = vi.fn(() => new Promise<FormDefinition>((r) => (resolve = r)));
    prefetchDefinition('preB', load);
    const { result } = renderHook(() => usePublishedDefinition('preB', load));
    expect(result.current.phase).toBe('loading');
    await act(async () => resolve(def('preB')));
    expect(result.current).toMatchObject({ phase: 'ok', definition: { code: 'preB' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a prefetch is taken once: the next page asks the server again', async () => {
    const load = vi.fn(async (code: string) => def(code));
    prefetchDefinition('preC', load);
    await act(async () => {});
    const first = renderHook(() => usePublishedDefinition('preC', load));
    await act(async () => {});
    first.unmount();
    const second = renderHook(() => usePublishedDefinition('preC', load));
    expect(second.result.current.phase).toBe('loading');
    await waitFor(() => expect(second.result.current.phase).toBe('ok'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('another code is loading until its own answer is in; 404 is missing', async () => {
    const load = vi.fn(async (code: string) => {
      if (code === 'gone') throw new ApiError('business', 'not found', { status: 404, code: 404 });
      return def(code);
    });
    const { result, rerender } = renderHook(({ code }) => usePublishedDefinition(code, load), { initialProps: { code: 'preD' } });
    await waitFor(() => expect(result.current.phase).toBe('ok'));
    rerender({ code: 'gone' });
    expect(result.current.phase).toBe('loading');
    await waitFor(() => expect(result.current.phase).toBe('missing'));
  });
});
