// Profiling aid for `npm run bench:form` (not part of the bench): builds the bench page
// unminified, loads one case with the CDP sampling profiler running and prints the page's
// timings (window.__bench) and the functions with the most self and inclusive time.
// `npx tsx tests/bench/form.profile.ts` with R=fw|rjsf, C=fields|rows, NOBUILD=1 to reuse the build.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchPage, launchChromium, serveDir } from './benchPage';
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'form-page');
const outDir = path.join(os.tmpdir(), 'fw-bench-profile');
const kase = process.env.C ?? 'fields';
const r = process.env.R ?? 'fw';
async function main() {
  if (!process.env.NOBUILD) await buildBenchPage(root, { outDir, minify: false });
  const { url: base, close } = await serveDir(outDir);
  const browser = await launchChromium();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await page.goto(`${base}index.html?r=none`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}index.html?r=${r}&c=${kase}`);
  await page.waitForFunction(() => window.__bench?.done === true, null, { timeout: 180000 });
  await page.waitForFunction(() => window.__bench.complete !== undefined, null, { polling: 'raf', timeout: 180000 });
  const t = await page.evaluate(() => ({ ...window.__bench, mount: window.__bench.t1! - window.__bench.t0 }));
  console.log(t);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas!;
  const counts = new Map<number, number>();
  profile.samples!.forEach((s, i) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of counts) {
    const n = nodes.get(id)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + us / 1000);
  }
  // inclusive by function name
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (const [id, us] of counts) {
    const seen = new Set<string>();
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const n = nodes.get(cur)!;
      const k = n.callFrame.functionName || '(anon)';
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
    .slice(0, 40)
    .forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
  console.log('--- inclusive');
  [...incl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 400)
    .forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
  await browser.close();
  close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
