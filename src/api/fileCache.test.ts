import { describe, expect, it, vi } from 'vitest';
import { createFileCache } from './fileCache';

const blob = (n: number) => new Blob([new Uint8Array(n)]);

describe('fileCache', () => {
  it('fetches a file once per session and shares a fetch in flight', async () => {
    const cache = createFileCache();
    const load = vi.fn(() => Promise.resolve(blob(10)));
    const [a, b] = await Promise.all([cache.get('s1', 'f1', load), cache.get('s1', 'f1', load)]);
    expect(a).toBe(b);
    await cache.get('s1', 'f1', load);
    expect(load).toHaveBeenCalledTimes(1);
    // another sign-in goes to the server again
    await cache.get('s2', 'f1', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
  });

  it('keeps no failed download', async () => {
    const cache = createFileCache();
    const load = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(blob(3));
    await expect(cache.get('s', 'f', load)).rejects.toThrow('503');
    await expect(cache.get('s', 'f', load)).resolves.toBeInstanceOf(Blob);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops a deleted file in every session', async () => {
    const cache = createFileCache();
    const load = vi.fn(() => Promise.resolve(blob(5)));
    await cache.get('s1', 'f', load);
    await cache.get('s2', 'f', load);
    cache.drop('f');
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    await cache.get('s1', 'f', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('lets the least recently used go beyond the count and the byte budget, and keeps no file bigger than the budget', async () => {
    const cache = createFileCache({ maxEntries: 2, maxBytes: 100 });
    const load = vi.fn((n: number) => Promise.resolve(blob(n)));
    await cache.get('s', 'a', () => load(10));
    await cache.get('s', 'b', () => load(10));
    await cache.get('s', 'a', () => load(10)); // a is now the most recent
    await cache.get('s', 'c', () => load(10)); // b goes
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('s', 'a', () => load(10));
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('s', 'b', () => load(10));
    expect(load).toHaveBeenCalledTimes(4);
    // 95 bytes: a and b leave to make room
    await cache.get('s', 'd', () => load(95));
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
    // bigger than the whole budget: answered, not kept
    await expect(cache.get('s', 'e', () => load(200))).resolves.toBeInstanceOf(Blob);
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
  });
});
