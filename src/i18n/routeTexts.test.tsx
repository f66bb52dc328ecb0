// A route's module and its texts load together: the screens' routes wait for every namespace of
// the language, the login pages do not.
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from '../routes/router';
import { withTexts } from './routeTexts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const find = (rs: RouteObject[], path: string): RouteObject | undefined => {
  for (const r of rs) {
    if (r.path === path) return r;
    const inner = r.children ? find(r.children, path) : undefined;
    if (inner) return inner;
  }
  return undefined;
};

describe('route texts', () => {
  it("a screen's lazy route resolves only once its texts are loaded; the login route does not wait", async () => {
    const texts = deferred();
    let asked = 0;
    const wrapped = withTexts(routes, () => {
      asked += 1;
      return texts.promise;
    });
    const login = find(wrapped, 'login')!;
    const workbench = find(wrapped, 'system/gongZuoTai')!;
    expect(typeof login.lazy).toBe('function');
    expect(typeof workbench.lazy).toBe('function');

    await (login.lazy as () => Promise<unknown>)();
    expect(asked).toBe(0);

    let done = false;
    let moduleAsked = false;
    const original = find(routes, 'system/gongZuoTai')!.lazy as () => Promise<unknown>;
    const spied = withTexts([{ path: 'x', lazy: () => ((moduleAsked = true), original()) } as RouteObject], () => texts.promise)[0];
    const spiedLoad = (spied.lazy as () => Promise<unknown>)();
    // the module is fetched while the texts are still on their way (not one after the other)
    expect(moduleAsked).toBe(true);
    const screen = (workbench.lazy as () => Promise<{ Component?: unknown }>)().then((m) => {
      done = true;
      return m;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(1);
    expect(done).toBe(false);
    texts.resolve();
    expect((await screen).Component).toBeTypeOf('function');
    await spiedLoad;
  }, 30_000);

  it('keeps every route (paths, loaders, children) as it was', () => {
    const strip = (rs: RouteObject[]): unknown[] =>
      rs.map((r) => ({ path: r.path, index: r.index, loader: r.loader, children: r.children ? strip(r.children) : undefined }));
    expect(strip(withTexts(routes, () => Promise.resolve()))).toEqual(strip(routes));
  });
});
