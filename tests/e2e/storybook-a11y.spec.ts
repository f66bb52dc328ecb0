// axe in Chromium over every story of the built Storybook: no serious or critical violation.
// `npm test` builds Storybook (storybook-static/) before the e2e stage; STORYBOOK_DIR points
// elsewhere. A tiny static server on a free port serves the folder for the duration of the test.
import { test, expect, type Page } from '@playwright/test';
import { builtStories, serveStorybook, storybookDir, type IndexEntry } from './storybookStatic';
import AxeBuilder from '@axe-core/playwright';

const dir = storybookDir;
const indexFile = `${dir}/index.json`;
const stories: IndexEntry[] = builtStories();

let server: { base: string; close: () => Promise<void> } | undefined;
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
    server = await serveStorybook(dir);
    base = server.base;
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
    await server?.close();
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
