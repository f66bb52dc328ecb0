// npm run bench:form — DefinitionForm against a plain controlled @rjsf/antd Form, in one
// Chromium run, alternating, BENCH_RUNS runs each (20 by default):
// - mount: start of render → first frame after mount (window.__bench in the page)
// - typing 50 keys into one input (letters into a text field, or a case's own keys): each key's
//   processing time (listeners at window capture/bubble around keydown, keypress, input, keyup —
//   the whole dispatch, React's render included; Event Timing entries ≥ 16 ms are counted as a
//   cross-check), the first key's apart (the field was just clicked: a stand-in swapping to its
//   real input is paid here), per-key main-thread script time (CDP Performance.getMetrics
//   ScriptDuration delta / keys), and each key's main-thread CPU time in its dispatches (a
//   Chromium trace's thread time: the wall time less the time the renderer waited for a core on
//   a busy machine)
// for a 300-field definition, a detail sub-form of 500 rows × 8 columns (a text cell), and the
// same table typing into a quantity (row formula and column total on every key).
// Prints medians, p95, the slowest key (max, the first key included) and the number of keys over
// the 16 ms budget (issue 16: EVERY key ≤ 16 ms), wall and CPU, and the ratios to the baseline.
// BENCH_CASES=fields,rows,rowsQty,fieldsPhone,rowsPhone picks cases (keys of CASES below: a page case, an input, a
// viewport, optionally a phone's context and the keys); BENCH_RENDERERS=fw leaves the baseline
// out; BENCH_KEYS, BENCH_TRACE=0.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { buildBenchPage, launchChromium, serveDir, tracedKeys, type TraceEvent } from './benchPage';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 50);
/**
 * BENCH_TRACE=0 turns the trace off: by default a Chromium trace (category devtools.timeline)
 * runs while typing, which gives each key's main-thread CPU time besides its wall time — on a
 * shared machine a key's wall time includes the time the renderer waited for a core.
 */
const TRACE = process.env.BENCH_TRACE !== '0';
/** the per-key budget of issue 16 (one frame at 60 Hz) */
const BUDGET_MS = 16;
const RENDERERS = ['fw', 'rjsf'] as const;
type Renderer = (typeof RENDERERS)[number];
/** BENCH_RENDERERS=fw skips the (slow) baseline while iterating */
const ACTIVE = (process.env.BENCH_RENDERERS ?? RENDERERS.join(',')).split(',').filter((x): x is Renderer => (RENDERERS as readonly string[]).includes(x));

interface BenchCase {
  /** the heading printed above the case's table */
  label: string;
  /** the bench page's case (?c=): which definition it renders */
  page: 'fields' | 'rows';
  /** the input the keys go to, per renderer */
  input: Record<Renderer, string>;
  viewport: { width: number; height: number };
  /** a phone's context (touch, mobile viewport meta, pixel ratio), given to browser.newContext */
  device?: { isMobile?: boolean; hasTouch?: boolean; deviceScaleFactor?: number };
  /** DefinitionForm only: after typing, scroll to the end and wait for this element to be a real input */
  lastInput?: string;
  /** the i-th key typed (Playwright key names); letters a–z by default */
  key?: (i: number) => string;
  /** the renderers this case runs (both by default) */
  renderers?: readonly Renderer[];
}

/** The cases; add one here (e.g. a phone viewport) and name it in BENCH_CASES. */
const CASES: Record<string, BenchCase> = {
  fields: {
    label: '300 fields',
    page: 'fields',
    input: { fw: '#fw-f0', rjsf: '#root_f0' },
    viewport: { width: 1280, height: 900 },
    lastInput: 'fw-f299',
  },
  rows: {
    label: '500 rows × 8 columns',
    page: 'rows',
    input: { fw: '#fw-detail-0-item', rjsf: '#root_detail_0_item' },
    viewport: { width: 1280, height: 900 },
  },
  // a key into a quantity: the row's amount formula and the column total over 500 rows run on
  // every key ('1' then '2', Backspace, '2', … : the value stays '1' / '12'). DefinitionForm
  // only: the baseline's keys in this table take seconds each (the rows case measures them).
  rowsQty: {
    label: '500 rows × 8 columns, typing into a quantity (row formula + column total)',
    page: 'rows',
    input: { fw: '#fw-detail-0-qty', rjsf: '#root_detail_0_qty' },
    viewport: { width: 1280, height: 900 },
    key: (i) => (i === 0 ? '1' : i % 2 === 1 ? '2' : 'Backspace'),
    renderers: ['fw'],
  },
  // issue 17: the same forms on a 360 × 740 phone (one column, detail rows as cards), beside the
  // desktop cases above; DefinitionForm only (the baseline has no phone layout)
  fieldsPhone: {
    label: '300 fields on a 360 × 740 phone',
    page: 'fields',
    input: { fw: '#fw-f0', rjsf: '#root_f0' },
    viewport: { width: 360, height: 740 },
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    lastInput: 'fw-f299',
    renderers: ['fw'],
  },
  rowsPhone: {
    label: '500 rows × 8 columns on a 360 × 740 phone (rows as cards)',
    page: 'rows',
    input: { fw: '#fw-detail-0-item', rjsf: '#root_detail_0_item' },
    viewport: { width: 360, height: 740 },
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    renderers: ['fw'],
  },
};
const SELECTED = (process.env.BENCH_CASES ?? 'fields,rows,rowsQty,fieldsPhone,rowsPhone').split(',').filter(Boolean);
for (const k of SELECTED) if (!CASES[k]) throw new Error(`unknown bench case ${k} (known: ${Object.keys(CASES).join(', ')})`);

interface Sample {
  mount: number;
  /** every field in the DOM (ms after t0, timed in the page) */
  complete: number;
  /** real inputs/textareas in the first frame */
  inputs: number;
  processing: number[];
  /** each key's main-thread CPU time in its dispatches (ms, from the trace; empty without it) */
  cpu: number[];
  /** the first key's processing (ms): the first key after the click */
  first: number;
  /** the first key's main-thread script time (ms, CDP ScriptDuration across that key alone) */
  firstScript: number;
  script: number;
  slowEvents: number;
}

async function measure(page: Page, base: string, renderer: Renderer, kase: BenchCase): Promise<Sample> {
  await page.goto(`${base}index.html?r=${renderer}&c=${kase.page}`);
  await page.waitForFunction(() => window.__bench?.done === true, null, { timeout: 180_000 });
  const mount = await page.evaluate(() => window.__bench.t1! - window.__bench.t0);
  // every field in the DOM (edit widgets away from the screen may still be stand-ins that mount
  // on approach; `inputs` counts the real inputs of the first frame): timed in the page
  await page.waitForFunction(() => window.__bench.complete !== undefined, null, { polling: 'raf', timeout: 180_000 });
  const { complete, inputs } = await page.evaluate(() => ({ complete: window.__bench.complete! - window.__bench.t0, inputs: window.__bench.inputs ?? 0 }));
  const input = page.locator(kase.input[renderer]);
  await input.click();
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __slow: number; __start: number };
    w.__keys = [];
    w.__slow = 0;
    // a key: its keydown, keypress (not for every key: Backspace has none), input and keyup
    for (const type of ['keydown', 'keypress', 'input', 'keyup']) {
      window.addEventListener(
        type,
        () => {
          if (type === 'keydown') w.__keys.push(0);
          w.__start = performance.now();
        },
        true,
      );
      window.addEventListener(type, () => (w.__keys[w.__keys.length - 1] += performance.now() - w.__start), false);
    }
    new PerformanceObserver((list) => {
      // key events only (the click's pointer events, reported a frame later, are not keys)
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.name.startsWith('key') && e.processingEnd - e.processingStart >= 16) w.__slow++;
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptOf = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const browser = page.context().browser()!;
  if (TRACE) await browser.startTracing(page, { categories: ['devtools.timeline'] });
  const before = await scriptOf();
  const perKey: number[] = [];
  let firstScript = NaN;
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(kase.key ? kase.key(i) : String.fromCharCode(97 + (i % 26)));
    // one frame between keys, like a fast typist
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    if (i === 0) firstScript = (await scriptOf()) - before;
  }
  const after = await scriptOf();
  const cpu = TRACE ? tracedKeys((JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents).map((k) => k.cpu) : [];
  const { keys, slow } = await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __slow: number };
    return { keys: w.__keys, slow: w.__slow };
  });
  perKey.push(...keys);
  await cdp.detach();
  // a faithful virtualised equivalent: scrolling to the end renders the last field's real input
  if (renderer === 'fw' && kase.lastInput) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction((id) => document.getElementById(id)?.tagName === 'INPUT', kase.lastInput, { timeout: 10_000 });
  }
  return { mount, complete, inputs, processing: perKey, cpu, first: perKey[0] ?? NaN, firstScript, script: (after - before) / KEYS, slowEvents: slow };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const median = (xs: number[]) => pct(xs, 50);
const max = (xs: number[]) => pct(xs, 100);

/** One line of a case's table: a figure of the samples of one renderer. */
interface Row {
  label: string;
  of: (s: Sample[]) => number;
  /** printed after the ratio */
  note?: string;
  /** a count, not a time: no decimals */
  count?: boolean;
}
const allKeys = (s: Sample[]) => s.flatMap((x) => x.processing);
const laterKeys = (s: Sample[]) => s.flatMap((x) => x.processing.slice(1));
const ROWS: Row[] = [
  { label: 'mount ms median', of: (s) => median(s.map((x) => x.mount)) },
  {
    label: '         p95',
    of: (s) =>
      pct(
        s.map((x) => x.mount),
        95,
      ),
  },
  { label: 'all fields in DOM ms median', of: (s) => median(s.map((x) => x.complete)) },
  {
    label: '         p95',
    of: (s) =>
      pct(
        s.map((x) => x.complete),
        95,
      ),
  },
  { label: 'per-key processing ms median', of: (s) => median(allKeys(s)) },
  { label: '         p95', of: (s) => pct(allKeys(s), 95) },
  { label: `         max (target ≤ ${BUDGET_MS})`, of: (s) => max(allKeys(s)) },
  { label: `keys > ${BUDGET_MS} ms (target 0)`, of: (s) => allKeys(s).filter((k) => k > BUDGET_MS).length, count: true, note: `of ${RUNS * KEYS}` },
  { label: 'per-key main-thread CPU ms median', of: (s) => median(s.flatMap((x) => x.cpu)) },
  {
    label: '         p95',
    of: (s) =>
      pct(
        s.flatMap((x) => x.cpu),
        95,
      ),
  },
  { label: `         max (target ≤ ${BUDGET_MS})`, of: (s) => max(s.flatMap((x) => x.cpu)) },
  { label: `keys > ${BUDGET_MS} ms CPU (target 0)`, of: (s) => s.flatMap((x) => x.cpu).filter((k) => k > BUDGET_MS).length, count: true },
  { label: 'first key CPU ms median', of: (s) => median(s.map((x) => x.cpu[0] ?? NaN)) },
  { label: '         max', of: (s) => max(s.map((x) => x.cpu[0] ?? NaN)) },
  { label: 'first key processing ms median', of: (s) => median(s.map((x) => x.first)) },
  { label: '         max', of: (s) => max(s.map((x) => x.first)) },
  { label: `first keys > ${BUDGET_MS} ms`, of: (s) => s.filter((x) => x.first > BUDGET_MS).length, count: true, note: `of ${RUNS}` },
  { label: 'first key script ms median', of: (s) => median(s.map((x) => x.firstScript)) },
  { label: 'later keys processing ms median', of: (s) => median(laterKeys(s)) },
  { label: '         p95', of: (s) => pct(laterKeys(s), 95) },
  { label: '         max', of: (s) => max(laterKeys(s)) },
  { label: 'per-key script ms median', of: (s) => median(s.map((x) => x.script)) },
  {
    label: '         p95',
    of: (s) =>
      pct(
        s.map((x) => x.script),
        95,
      ),
  },
  { label: `Event Timing key events ≥${BUDGET_MS} ms`, of: (s) => s.reduce((a, x) => a + x.slowEvents, 0), count: true },
  { label: 'real inputs in first frame (median)', of: (s) => median(s.map((x) => x.inputs)), count: true },
];

function printCase(kase: BenchCase, samples: Record<Renderer, Sample[]>) {
  console.log(`\n${kase.label} (${kase.viewport.width}×${kase.viewport.height}, ${RUNS} runs each, ${KEYS} keys per run)`);
  console.log(`${''.padEnd(36)}${'DefinitionForm'.padEnd(18)}${'@rjsf/antd'.padEnd(18)}ratio (fw / rjsf)`);
  for (const row of ROWS) {
    // a renderer left out (BENCH_RENDERERS) has no samples: '—'
    const a = samples.fw.length ? row.of(samples.fw) : NaN;
    const b = samples.rjsf.length ? row.of(samples.rjsf) : NaN;
    const v = (n: number) => (row.count && Number.isFinite(n) ? String(n) : f(n)).padEnd(18);
    const ratio = row.count ? '' : (a / b).toFixed(3);
    console.log(`${row.label.padEnd(36)}${v(a)}${v(b)}${ratio}${row.note ? `  (${row.note})` : ''}`);
  }
  // machine-readable, one line per case, for before/after comparisons
  const fw = allKeys(samples.fw);
  const cpu = samples.fw.flatMap((x) => x.cpu);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  console.log(
    `RESULT ${JSON.stringify({ case: kase.label, median: r1(median(fw)), p95: r1(pct(fw, 95)), max: r1(max(fw)), over: fw.filter((k) => k > BUDGET_MS).length, keys: fw.length, cpuMedian: r1(median(cpu)), cpuMax: r1(max(cpu)), cpuOver: cpu.filter((k) => k > BUDGET_MS).length })}`,
  );
}

async function main() {
  console.log(`building the bench page…`);
  const dir = await buildBenchPage(path.join(here, 'form-page'));
  const { url, close } = await serveDir(dir);
  const browser = await launchChromium();
  try {
    for (const name of SELECTED) {
      const kase = CASES[name];
      const samples: Record<Renderer, Sample[]> = { fw: [], rjsf: [] };
      for (let run = 0; run < RUNS; run++) {
        const runs = ACTIVE.filter((r) => !kase.renderers || kase.renderers.includes(r));
        const order: readonly Renderer[] = run % 2 === 0 ? runs : [...runs].reverse();
        for (const r of order) {
          const context = await browser.newContext({ viewport: kase.viewport, ...kase.device });
          const page = await context.newPage();
          samples[r].push(await measure(page, url, r, kase));
          await context.close();
        }
        process.stdout.write(`  ${name} run ${run + 1}/${RUNS}\r`);
      }
      printCase(kase, samples);
    }
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
