// Profiling aid (not part of the bench): the first key into a field of the bench form, with the
// CDP sampling profiler running across that key only. `npx tsx tests/bench/firstkey.profile.ts`
// with C=fields|rows, WAIT=<ms after mount before the click>, NOBUILD=1 to reuse the build.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchPage, launchChromium, serveDir } from './benchPage';
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'form-page');
const outDir = path.join(os.tmpdir(), 'fw-bench-firstkey');
const kase = process.env.C ?? 'fields';
const wait = Number(process.env.WAIT ?? 0);
const KEYS = Number(process.env.KEYS ?? 1);
const INPUT: Record<string, string> = { fields: '#fw-f0', rows: '#fw-detail-0-item' };
async function main() {
  if (!process.env.NOBUILD) await buildBenchPage(root, { outDir, minify: false });
  const { url: base, close } = await serveDir(outDir);
  const browser = await launchChromium();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await page.goto(`${base}index.html?r=fw&c=${kase}`);
  await page.waitForFunction(() => window.__bench?.done === true, null, { timeout: 180000 });
  await page.waitForFunction(() => window.__bench.complete !== undefined, null, { polling: 'raf', timeout: 180000 });
  if (wait) await page.waitForTimeout(wait);
  await page.locator(INPUT[kase]).click();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __start: number };
    w.__keys = [];
    for (const type of ['keydown', 'keypress', 'input', 'keyup']) {
      window.addEventListener(type, () => (w.__start = performance.now()), true);
      window.addEventListener(type, () => w.__keys.push(performance.now() - w.__start), false);
    }
  });
  const t0 = Date.now();
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  }
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`${KEYS} keys wall ms`, Date.now() - t0);
  const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
  const perKey: number[] = [];
  for (let i = 0; i + 3 < keys.length; i += 4) perKey.push(keys[i] + keys[i + 1] + keys[i + 2] + keys[i + 3]);
  console.log('per key ms', perKey.map((x, i) => `${i}:${x.toFixed(1)}`).join(' '));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<number, number>();
  profile.samples!.forEach((s, i) => counts.set(s, (counts.get(s) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  const incl = new Map<string, number>();
  const self = new Map<string, number>();
  for (const [id, us] of counts) {
    const n0 = nodes.get(id)!;
    const k0 = `${n0.callFrame.functionName || '(anon)'} ${n0.callFrame.url.split('/').pop()}:${n0.callFrame.lineNumber}`;
    self.set(k0, (self.get(k0) ?? 0) + us / 1000);
    const seen = new Set<string>();
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const n = nodes.get(cur)!;
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      if (!seen.has(k)) {
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + us / 1000);
      }
      cur = parent.get(cur);
    }
  }
  console.log('--- self');
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
  console.log('--- inclusive');
  [...incl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 60)
    .forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
  await browser.close();
  close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
