// axe in Chromium over every story of the built Storybook: no serious or critical violation.
// `npm test` builds Storybook (storybook-static/) before the e2e stage; STORYBOOK_DIR points
// elsewhere. A tiny static server on a free port serves the folder for the duration of the test.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, createReadStream } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const dir = path.resolve(process.env.STORYBOOK_DIR ?? 'storybook-static');
const indexFile = path.join(dir, 'index.json');

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}
const stories: IndexEntry[] = existsSync(indexFile)
  ? Object.values((JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries).filter((e) => e.type === 'story')
  : [];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function serve(root: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    createReadStream(file).pipe(res);
  });
}

let server: Server | undefined;
let base = '';
let page: Page | undefined;

/**
 * Show a story in the already-loaded preview through Storybook's channel (as the manager
 * does), instead of reloading the whole bundle per story; answers the render outcome.
 */
async function showStory(p: Page, id: string): Promise<string> {
  try {
    return await switchStory(p, id);
  } catch (e) {
    // the preview may still be settling (a late reload); once more on the loaded page
    if (!String(e).includes('Execution context was destroyed')) throw e;
    await p.waitForLoadState('load');
    await p.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
    return switchStory(p, id);
  }
}

async function switchStory(p: Page, id: string): Promise<string> {
  return p.evaluate(
    (storyId) =>
      new Promise<string>((resolve) => {
        type Ch = {
          on: (e: string, f: (...a: unknown[]) => void) => void;
          off: (e: string, f: (...a: unknown[]) => void) => void;
          emit: (e: string, a: unknown) => void;
        };
        const ch = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Ch }).__STORYBOOK_ADDONS_CHANNEL__;
        const events = ['storyRendered', 'storyErrored', 'storyThrewException', 'storyMissing'];
        const handlers = events.map((e) => {
          const h = (...args: unknown[]) => {
            handlers.forEach(([ev, fn]) => ch.off(ev, fn));
            resolve(e === 'storyRendered' ? 'ok' : `${e}: ${JSON.stringify(args).slice(0, 500)}`);
          };
          ch.on(e, h);
          return [e, h] as const;
        });
        ch.emit('setCurrentStory', { storyId, viewMode: 'story' });
        setTimeout(() => resolve('timeout'), 15_000);
      }),
    id,
  );
}

// one page for all stories; a trace per story would cost more than the checks
test.use({ trace: 'off' });

test.describe('Storybook accessibility (axe)', () => {
  test.beforeAll(async ({ browser }) => {
    if (!stories.length) return;
    server = serve(dir);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // axe needs a page of its own context; start on the last story so every test switches
    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(stories[stories.length - 1].id)}&viewMode=story`);
    // the story rendered something (the last story may be any component: a widget, a designer's node, a drawer)
    await page.locator('#storybook-root > *').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
  });
  test.afterAll(async () => {
    await page?.context().close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  test('the built Storybook lists the widget stories', () => {
    expect(stories.length, `no stories in ${indexFile}; build Storybook first (npx storybook build -o ${dir})`).toBeGreaterThan(0);
    const titles = new Set(stories.map((s) => s.title));
    expect([...titles].some((t) => t.startsWith('Field types/'))).toBe(true);
    expect([...titles].some((t) => t.startsWith('Component types/'))).toBe(true);
  });

  for (const story of stories) {
    test(`${story.title} › ${story.name}`, async () => {
      const p = page!;
      expect(await showStory(p, story.id)).toBe('ok');
      // let fixture requests (150 ms) and effects settle
      await p.waitForTimeout(400);
      const results = await new AxeBuilder({ page: p }).include('#storybook-root').analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
      expect(bad, report).toEqual([]);
    });
  }
});
