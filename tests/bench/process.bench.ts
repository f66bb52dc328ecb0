// npm run bench:process — the process designer's canvas (ProcessCanvas over the designer store,
// React Flow) with a 500-node process against a 50-node one, in one Chromium run, alternating
// between the two, BENCH_RUNS runs (10 by default); each run loads the page afresh:
// - mount: start of render → the first animation frame in which the fitted canvas shows every
//   node it renders laid out (timed in the page, tests/bench/process-page/main.tsx)
// - dragging one node with the pointer (page.mouse: press on a node near the middle of the
//   screen, BENCH_MOVES moves — 60 by default — of a few pixels, release), after a short warm-up
//   drag: the frame times are the deltas between the requestAnimationFrame timestamps from the
//   first move to the last. Headless Chromium draws at 60 Hz and its frame timestamps jitter by a
//   few tenths of a millisecond around 16.67 ms, so a frame time is counted in whole frame
//   intervals (a delta of 16.5–16.9 ms is one frame drawn on time: 16.7 ms; a dropped frame makes
//   33.3 ms); the p95 of these (all runs pooled) is checked against 16.7 ms at 500 nodes. The raw
//   deltas' p95 and maximum are printed too, and the main-thread script time per move (CDP).
// - drop: pointerup → the frame after the store holds the node's new position (the move command)
// Prints medians and p95 at 50 and 500 nodes, the 500/50 ratios and PASS/FAIL.
// The processes: tests/bench/processBenchDefinitions.ts (chains with condition and parallel groups).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { buildBenchPage, launchChromium, serveDir } from './benchPage';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const MOVES = Number(process.env.BENCH_MOVES ?? 60);
const WARMUP_MOVES = 15;
const SIZES = [50, 500] as const;
const TARGET_MS = 16.7;
const INTERVAL = 1000 / 60;
/** A frame time in whole 60 Hz intervals (rounded to 0.1 ms, as printed). */
const frames = (delta: number) => Math.round(Math.max(1, Math.round(delta / INTERVAL)) * INTERVAL * 10) / 10;
/** BENCH_PROFILE=1: unminified, and the CPU profile of the 500-node drags: the functions with the most self time */
const PROFILE = process.env.BENCH_PROFILE === '1';

interface Sample {
  mount: number;
  /** nodes React Flow rendered at the end of the mount */
  rendered: number;
  frames: number[];
  drop: number;
  /** main-thread script time (ms) per move during the drag (CDP ScriptDuration) */
  scriptPerMove: number;
}

/** The probe: rAF timestamps while `recording`; the pointerup time. */
const PROBE = `(() => {
  const p = { frames: [], recording: false, upAt: 0 };
  window.__probe = p;
  window.addEventListener('pointerup', (e) => { p.upAt = e.timeStamp; }, true);
  function loop(t) { if (p.recording) p.frames.push(t); requestAnimationFrame(loop); }
  requestAnimationFrame(loop);
})()`;

type Probe = { frames: number[]; recording: boolean; upAt: number };
const frame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
const scriptMs = async (cdp: CDPSession) => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;

/** The rendered node nearest the middle of the canvas (an approver, so it can be dragged anywhere). */
async function pickNode(page: Page): Promise<{ id: string; x: number; y: number }> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
    const cx = pane.left + pane.width / 2;
    const cy = pane.top + pane.height / 2;
    let best: { id: string; x: number; y: number; d: number } | null = null;
    for (const el of document.querySelectorAll<HTMLElement>('.react-flow__node-approve')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < pane.left + 40 || x > pane.right - 240 || y < pane.top + 40 || y > pane.bottom - 200) continue;
      const d = Math.hypot(x - cx, y - cy);
      if (!best || d < best.d) best = { id: el.dataset.id!, x, y, d };
    }
    if (!best) throw new Error('no approver node in view');
    return { id: best.id, x: best.x, y: best.y };
  });
}

const storedPosition = (page: Page, id: string) =>
  page.evaluate((nodeId) => {
    const b = (
      window as unknown as { __processBench: { store: { getState(): { definition: { nodes: { id: string; position?: { x: number; y: number } }[] } } } } }
    ).__processBench;
    return b.store.getState().definition.nodes.find((nd) => nd.id === nodeId)?.position ?? null;
  }, id);

/** Press on the node, `moves` pointer moves of 2×1 px (plus the first to start the drag), release. */
async function drag(page: Page, cdp: CDPSession, moves: number, record: boolean) {
  const node = await pickNode(page);
  const before = await storedPosition(page, node.id);
  await frame(page);
  await page.mouse.move(node.x, node.y);
  await page.mouse.down();
  await page.mouse.move(node.x + 4, node.y + 2);
  await frame(page);
  const s0 = await scriptMs(cdp);
  if (record)
    await page.evaluate(() => {
      const p = (window as unknown as { __probe: Probe }).__probe;
      Object.assign(p, { frames: [], recording: true, upAt: 0 });
    });
  for (let i = 1; i <= moves; i++) await page.mouse.move(node.x + 4 + 2 * i, node.y + 2 + i);
  const frames = record
    ? await page.evaluate(() => {
        const p = (window as unknown as { __probe: Probe }).__probe;
        p.recording = false;
        return p.frames;
      })
    : [];
  const s1 = await scriptMs(cdp);
  await page.mouse.up();
  // the drop: the move command lands in the store; then one more frame draws it
  await page.waitForFunction(
    ([nodeId, b]) => {
      const st = (
        window as unknown as { __processBench: { store: { getState(): { definition: { nodes: { id: string; position?: { x: number; y: number } }[] } } } } }
      ).__processBench.store;
      const pos = st.getState().definition.nodes.find((nd) => nd.id === nodeId)?.position;
      return !!pos && (!b || pos.x !== b.x || pos.y !== b.y);
    },
    [node.id, before] as const,
    { polling: 'raf', timeout: 30_000 },
  );
  const dropAt = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
  const upAt = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.upAt);
  const deltas: number[] = [];
  for (let i = 1; i < frames.length; i++) deltas.push(frames[i] - frames[i - 1]);
  return { frames: deltas, drop: dropAt - upAt, scriptPerMove: (s1 - s0) / moves };
}

async function measure(browser: Browser, base: string, n: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}index.html?n=${n}`);
    await page.waitForFunction(() => window.__processBench?.mounted !== undefined, null, { timeout: 180_000 });
    const { mount, rendered } = await page.evaluate(() => ({
      mount: window.__processBench.mounted! - window.__processBench.t0,
      rendered: window.__processBench.rendered!,
    }));
    await page.evaluate(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await drag(page, cdp, WARMUP_MOVES, false);
    if (PROFILE && n === 500) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const d = await drag(page, cdp, MOVES, true);
    if (PROFILE && n === 500) topSelf((await cdp.send('Profiler.stop')).profile);
    return { mount, rendered, ...d };
  } finally {
    await context.close();
  }
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

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

async function main() {
  console.log('building the bench page…');
  const dir = await buildBenchPage(path.join(here, 'process-page'), { minify: !PROFILE });
  const { url, close } = await serveDir(dir);
  const browser = await launchChromium();
  try {
    const samples = new Map<number, Sample[]>(SIZES.map((n) => [n, []]));
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? SIZES : [...SIZES].reverse();
      for (const n of order) samples.get(n)!.push(await measure(browser, url, n));
      process.stdout.write(`  run ${run + 1}/${RUNS}\r`);
    }
    const of = (n: number) => samples.get(n)!;
    const rows: [string, (n: number) => number[]][] = [
      ['canvas mount ms', (n) => of(n).map((s) => s.mount)],
      ['drag frame ms (all frames)', (n) => of(n).flatMap((s) => s.frames.map(frames))],
      ['drag frame p95 ms per run', (n) => of(n).map((s) => pct(s.frames.map(frames), 95))],
      ['raw rAF delta ms (all frames)', (n) => of(n).flatMap((s) => s.frames)],
      ['worst rAF delta ms per run', (n) => of(n).map((s) => Math.max(...s.frames))],
      ['script ms per move', (n) => of(n).map((s) => s.scriptPerMove)],
      ['drop → drawn ms', (n) => of(n).map((s) => s.drop)],
    ];
    console.log(`\nprocess canvas, ${RUNS} runs each (alternating), a ${MOVES}-move pointer drag per run after a ${WARMUP_MOVES}-move warm-up`);
    console.log('                               50 nodes       500 nodes      ratio (500 / 50)');
    for (const [label, get] of rows) {
      const a = get(50);
      const b = get(500);
      console.log(`${label.padEnd(31)}median ${f(pct(a, 50)).padEnd(15)}${f(pct(b, 50)).padEnd(15)}${(pct(b, 50) / pct(a, 50)).toFixed(2)}`);
      console.log(`${''.padEnd(31)}p95    ${f(pct(a, 95)).padEnd(15)}${f(pct(b, 95)).padEnd(15)}${(pct(b, 95) / pct(a, 95)).toFixed(2)}`);
    }
    const frames500 = of(500).flatMap((s) => s.frames.map(frames));
    const over = frames500.filter((x) => x > TARGET_MS).length;
    console.log(
      `nodes rendered after mount (median): ${pct(
        of(50).map((s) => s.rendered),
        50,
      )} / ${pct(
        of(500).map((s) => s.rendered),
        50,
      )}; dropped frames (over ${TARGET_MS} ms) at 500 nodes: ${over} of ${frames500.length}`,
    );
    const p95 = pct(frames500, 95);
    console.log(`${p95 <= TARGET_MS ? 'PASS' : 'FAIL'}: p95 frame time while dragging at 500 nodes ${f(p95)} ms (target ≤ ${TARGET_MS} ms)`);
    if (PROFILE) {
      console.log('\nCPU self time in the 500-node drags (ms, all runs):');
      for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${v.toFixed(1).padStart(9)}  ${k}`);
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    if (p95 > TARGET_MS) process.exitCode = 1;
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
