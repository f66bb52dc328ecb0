// The queue of widgets waiting to mount (issue 16): a few per commit, the next few only once those
// have committed, never stuck.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMountQueue } from './lazy';

describe('mount queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** the next task (Node's timers: a 0 ms timeout runs after 1 ms) */
  const nextTask = () => vi.advanceTimersByTime(1);
  const mounts = (q: ReturnType<typeof createMountQueue>, n: number, log: number[]) => Array.from({ length: n }, (_, i) => q.enqueue(() => log.push(i)));

  it('mounts MOUNTS_PER_COMMIT at a time, in a later task, the next batch once the batch has committed', () => {
    const q = createMountQueue(3, 250);
    const log: number[] = [];
    mounts(q, 7, log);
    expect(log).toEqual([]); // not in the task that queued them
    nextTask();
    expect(log).toEqual([0, 1, 2]);
    vi.advanceTimersByTime(100);
    expect(log).toEqual([0, 1, 2]); // waits for the batch's commit
    q.committed();
    q.committed();
    nextTask();
    expect(log).toEqual([0, 1, 2]);
    q.committed();
    nextTask();
    expect(log).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a cancelled mount (its field left the page) is skipped', () => {
    const q = createMountQueue(3, 250);
    const log: number[] = [];
    const cancels = mounts(q, 4, log);
    cancels[1]();
    nextTask();
    expect(log).toEqual([0, 2, 3]);
  });

  it('a batch that never reports its commit holds the queue for `patience` at most', () => {
    const q = createMountQueue(2, 250);
    const log: number[] = [];
    mounts(q, 4, log);
    nextTask();
    expect(log).toEqual([0, 1]);
    vi.advanceTimersByTime(240);
    expect(log).toEqual([0, 1]);
    vi.advanceTimersByTime(10);
    nextTask();
    expect(log).toEqual([0, 1, 2, 3]);
  });

  it('works again after dispose (StrictMode runs the provider’s effects twice)', () => {
    const q = createMountQueue(3, 250);
    const log: number[] = [];
    mounts(q, 2, log);
    q.dispose();
    vi.advanceTimersByTime(1000);
    expect(log).toEqual([]);
    mounts(q, 2, log);
    nextTask();
    expect(log).toEqual([0, 1]);
  });
});
