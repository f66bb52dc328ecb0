// npm run bench:designer — the form designer's canvas with 300 fields against the same canvas
// with 30 fields, in one Chromium run: BENCH_RUNS pointer drags (20 by default) that move one
// field over 7 others (down, then back up), alternating between the two pages, after 2 warm-up
// drags each. Each drag is real pointer input (page.mouse: press, 8 px to start dnd-kit's
// pointer sensor, 12 steps, release), one frame between steps. Per drag:
// - main-thread time: CDP Performance.getMetrics TaskDuration over the whole drag (every task
//   the drag caused: dnd-kit, React renders, style, layout, paint), from the press until the
//   canvas shows the new order
// - drop: pointerup → the canvas's DOM in the new order (React's commit of the move)
// - worst frame: the longest gap between two animation frames during the drag
// Prints medians and p95 at 30 and 300 fields and their ratio (how the cost grows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { buildBenchPage, launchChromium, serveDir } from './benchPage';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 2;
/** BENCH_PROFILE=1: unminified, and the CPU profile of the 300-field drags: the functions with the most self time */
const PROFILE = ['1', 'start', 'drop', 'trace'].includes(process.env.BENCH_PROFILE ?? '');
/** BENCH_PROFILE=trace: main-thread trace events of the 300-field drags summed by name (style, layout, paint, hit tests…) */
const PROFILE_TRACE = process.env.BENCH_PROFILE === 'trace';
/** BENCH_PROFILE=drop: profile only the drops (release until the new order is drawn) */
const PROFILE_DROP = process.env.BENCH_PROFILE === 'drop';
/** BENCH_PROFILE=start: profile only the start of the drags (press and the move that starts dragging) */
const PROFILE_START = process.env.BENCH_PROFILE === 'start';
const SIZES = [30, 300] as const;
const STEPS = 12;
const FROM = 2;
const TO = 9;
const ITEMS = '.fw-designer-grid > [data-testid^="canvas-field-"]';

/** The probes: pointerup → the grid's next childList mutation; the frame loop while dragging. */
const PROBE = `(() => {
  const p = { upAt: 0, mutatedAt: 0, frames: [], dragging: false };
  window.__probe = p;
  const grid = document.querySelector('${ITEMS.replace(/'/g, "\\'")}').parentElement;
  new MutationObserver(() => { if (p.upAt && !p.mutatedAt) p.mutatedAt = performance.now(); }).observe(grid, { childList: true });
  window.addEventListener('pointerup', (e) => { p.upAt = e.timeStamp; }, true);
  window.addEventListener('pointerdown', (e) => { p.downAt = e.timeStamp; }, true);
  function loop(t) { if (p.dragging) p.frames.push(t); requestAnimationFrame(loop); }
  requestAnimationFrame(loop);
})()`;

interface Drag {
  task: number;
  drop: number;
  worstFrame: number;
}

interface BenchPage {
  n: number;
  page: Page;
  cdp: CDPSession;
}

async function open(browser: import('@playwright/test').Browser, base: string, n: number): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${base}index.html?n=${n}`);
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 180_000 });
  // the fields near the screen are sortables (dnd-kit gives them aria-describedby)
  await page.locator(ITEMS).nth(TO).and(page.locator('[aria-describedby]')).waitFor({ timeout: 30_000 });
  // the probes: pointerup → the grid's next childList mutation; the frame loop while dragging
  // (a script text: tsx's helper names must not reach the page)
  await page.evaluate(PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { n, page, cdp };
}

const order = (page: Page) => page.locator(ITEMS).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
const frame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
const taskMs = async (cdp: CDPSession) => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'RecalcStyleCount'];
const metricsOf = async (cdp: CDPSession) =>
  Object.fromEntries(
    (await cdp.send('Performance.getMetrics')).metrics
      .filter((m) => METRICS.includes(m.name))
      .map((m) => [m.name, m.name.endsWith('Count') ? m.value : m.value * 1000]),
  );
const metricSums = new Map<number, Record<string, number>>();

/** Drag the field at index `from` onto the field at index `to` with the pointer. */
async function drag({ page, cdp, n }: BenchPage, from: number, to: number): Promise<Drag> {
  // no autosave in flight: the drag alone is measured
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor({ timeout: 30_000 });
  const before = await order(page);
  const a = (await page.locator(ITEMS).nth(from).boundingBox())!;
  const b = (await page.locator(ITEMS).nth(to).boundingBox())!;
  const ax = a.x + a.width / 2;
  const ay = a.y + a.height / 2;
  const bx = b.x + b.width / 2;
  const by = b.y + b.height / 2;
  await frame(page);
  await page.evaluate(() => {
    const p = (window as unknown as { __probe: { upAt: number; mutatedAt: number; frames: number[]; dragging: boolean } }).__probe;
    Object.assign(p, { upAt: 0, mutatedAt: 0, frames: [], dragging: true });
  });
  const m0 = PROFILE ? await metricsOf(cdp) : null;
  const t0 = await taskMs(cdp);
  await page.mouse.move(ax, ay);
  if (PROFILE_START && n === 300) await cdp.send('Profiler.start');
  await page.mouse.down();
  await page.mouse.move(ax + 8, ay + 8);
  await frame(page);
  if (PROFILE_START && n === 300) topSelf((await cdp.send('Profiler.stop')).profile);
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(ax + ((bx - ax) * i) / STEPS, ay + ((by - ay) * i) / STEPS);
    await frame(page);
  }
  if (PROFILE_DROP && n === 300) await cdp.send('Profiler.start');
  await page.mouse.up();
  await page.waitForFunction(() => (window as unknown as { __probe: { mutatedAt: number } }).__probe.mutatedAt > 0, null, { polling: 'raf', timeout: 30_000 });
  await frame(page);
  if (PROFILE_DROP && n === 300) topSelf((await cdp.send('Profiler.stop')).profile);
  const t1 = await taskMs(cdp);
  if (m0) {
    const m1 = await metricsOf(cdp);
    const sum = metricSums.get(n) ?? {};
    for (const k of METRICS) sum[k] = (sum[k] ?? 0) + (m1[k] - m0[k]);
    metricSums.set(n, sum);
  }
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { upAt: number; mutatedAt: number; frames: number[]; dragging: boolean } }).__probe;
    p.dragging = false;
    return { upAt: p.upAt, mutatedAt: p.mutatedAt, frames: p.frames, downAt: (p as unknown as { downAt: number }).downAt };
  });
  const after = await order(page);
  const moved = before[from];
  if (after.indexOf(moved) !== to) throw new Error(`${n} fields: the drag of ${moved} did not land at ${to} (now at ${after.indexOf(moved)})`);
  let worst = 0;
  let worstAt = 0;
  for (let i = 1; i < probe.frames.length; i++) {
    const gap = probe.frames[i] - probe.frames[i - 1];
    if (gap > worst) [worst, worstAt] = [gap, probe.frames[i - 1]];
  }
  if (PROFILE)
    console.log(
      `  ${n}: worst frame ${worst.toFixed(0)} ms, starting ${(worstAt - probe.downAt).toFixed(0)} ms after pointerdown, ${(worstAt - probe.upAt).toFixed(0)} ms after pointerup (drag ${(probe.upAt - probe.downAt).toFixed(0)} ms)`,
    );
  return { task: t1 - t0, drop: probe.mutatedAt - probe.upAt, worstFrame: worst };
}

const self = new Map<string, number>();
function topSelf(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const cf = byId.get(samples[i])!.callFrame;
    const k = `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  args?: { data?: { frame?: string } };
}
function traceTotals(trace: { traceEvents: TraceEvent[] }) {
  // the renderer main thread: the one that runs FunctionCall / v8 tasks the most
  const tids = new Map<number, number>();
  for (const e of trace.traceEvents) if (e.name === 'RunTask' && e.dur) tids.set(e.tid, (tids.get(e.tid) ?? 0) + e.dur);
  const main = [...tids.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const e of trace.traceEvents) {
    if (e.tid !== main || e.ph !== 'X' || !e.dur) continue;
    self.set(`[trace] ${e.name}`, (self.get(`[trace] ${e.name}`) ?? 0) + e.dur / 1000);
  }
}
function printTop() {
  console.log('\nCPU self time in the 300-field drags (ms, all profiled drags):');
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${v.toFixed(1).padStart(9)}  ${k}`);
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

async function main() {
  console.log('building the bench page…');
  const dir = await buildBenchPage(path.join(here, 'designer-page'), { minify: !PROFILE });
  const { url, close } = await serveDir(dir);
  const browser = await launchChromium();
  try {
    const pages = new Map<number, BenchPage>();
    for (const n of SIZES) pages.set(n, await open(browser, url, n));
    const samples = new Map<number, Drag[]>(SIZES.map((n) => [n, []]));
    if (PROFILE) await pages.get(300)!.cdp.send('Profiler.enable');
    for (let run = 0; run < WARMUP + RUNS; run++) {
      // down on even runs, back up on odd ones: the canvas returns to its order every two drags
      const [from, to] = run % 2 === 0 ? [FROM, TO] : [TO, FROM];
      const sizes = run % 2 === 0 ? SIZES : [...SIZES].reverse();
      for (const n of sizes) {
        const profiling = PROFILE && !PROFILE_START && !PROFILE_DROP && !PROFILE_TRACE && n === 300 && run >= WARMUP;
        const tracing = PROFILE_TRACE && n === 300 && run >= WARMUP;
        if (tracing) await browser.startTracing(pages.get(n)!.page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
        if (profiling) await pages.get(n)!.cdp.send('Profiler.start');
        const d = await drag(pages.get(n)!, from, to);
        if (profiling) topSelf((await pages.get(n)!.cdp.send('Profiler.stop')).profile);
        if (tracing) traceTotals(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] });
        if (run >= WARMUP) samples.get(n)!.push(d);
      }
      process.stdout.write(`  drag ${run + 1}/${WARMUP + RUNS}\r`);
    }
    const stat = (n: number, k: keyof Drag) => ({
      med: pct(
        samples.get(n)!.map((d) => d[k]),
        50,
      ),
      p95: pct(
        samples.get(n)!.map((d) => d[k]),
        95,
      ),
    });
    console.log(`\nmoving one field with a pointer drag (${RUNS} drags each, ${STEPS} steps, after ${WARMUP} warm-up drags)`);
    console.log('                                30 fields      300 fields     ratio (300 / 30)');
    const rows: [string, keyof Drag][] = [
      ['main-thread ms per drag', 'task'],
      ['drop → new order ms', 'drop'],
      ['worst frame ms in a drag', 'worstFrame'],
    ];
    for (const [label, k] of rows) {
      const a = stat(30, k);
      const b = stat(300, k);
      console.log(`${label.padEnd(26)}median  ${f(a.med).padEnd(15)}${f(b.med).padEnd(15)}${(b.med / a.med).toFixed(2)}`);
      console.log(`${''.padEnd(26)}p95     ${f(a.p95).padEnd(15)}${f(b.p95).padEnd(15)}${(b.p95 / a.p95).toFixed(2)}`);
    }
    if (PROFILE) {
      printTop();
      for (const [n, sum] of metricSums)
        console.log(`${n} fields, per drag: ${METRICS.map((k) => `${k} ${(sum[k] / (WARMUP + RUNS)).toFixed(1)}`).join(', ')}`);
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
  } finally {
    await browser.close();
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
