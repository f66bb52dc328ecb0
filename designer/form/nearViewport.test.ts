import { afterAll, describe, expect, it } from 'vitest';
import { canObserveNear, holdNear, observeNear } from './nearViewport';

/** A stand-in for the browser's IntersectionObserver: the test says which elements intersect. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<object>();
  constructor(
    private readonly cb: (entries: { target: object; isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(el: object) {
    this.observed.add(el);
  }
  unobserve(el: object) {
    this.observed.delete(el);
  }
  disconnect() {}
  report(entries: [object, boolean][]) {
    this.cb(entries.filter(([t]) => this.observed.has(t)).map(([target, isIntersecting]) => ({ target, isIntersecting })));
  }
}

const g = globalThis as { IntersectionObserver?: unknown };

describe('nearViewport', () => {
  afterAll(() => {
    delete g.IntersectionObserver;
  });

  it('without IntersectionObserver every item is near at once', () => {
    expect(canObserveNear()).toBe(false);
    const seen: boolean[] = [];
    observeNear({} as Element, (n) => seen.push(n))();
    expect(seen).toEqual([true]);
  });

  it('reports items coming near and leaving, one screen around it; nothing leaves during a drag', () => {
    g.IntersectionObserver = FakeObserver;
    const a = {} as Element;
    const b = {} as Element;
    const seen: string[] = [];
    const offA = observeNear(a, (n) => seen.push(`a:${n}`));
    observeNear(b, (n) => seen.push(`b:${n}`));
    const io = FakeObserver.last!;
    expect(io.options.rootMargin).toBe('100% 0px');
    io.report([
      [a, true],
      [b, false],
    ]);
    expect(seen).toEqual(['a:true', 'b:false']);
    // during a drag: b comes near, a does not leave until the drag ends
    holdNear(true);
    io.report([
      [b, true],
      [a, false],
    ]);
    expect(seen).toEqual(['a:true', 'b:false', 'b:true']);
    holdNear(false);
    expect(seen).toEqual(['a:true', 'b:false', 'b:true', 'a:false']);
    // unsubscribed: no more reports
    offA();
    io.report([[a, true]]);
    expect(seen.at(-1)).toBe('a:false');
    expect(io.observed.has(a)).toBe(false);
  });
});
