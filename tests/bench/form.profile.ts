// Profiling aid for `npm run bench:form` (not part of the bench). Builds the bench page
// unminified and profiles one DefinitionForm case (or the rjsf baseline with R=rjsf):
//
//   MODE=keys (default): clicks the bench's input and types KEYS keys (50) as the bench does,
//     with a Chromium trace and the CDP sampling profiler running. Prints every key's processing
//     (its keydown/keypress/input/keyup dispatches, from the trace) and, for each key over
//     SLOW ms (16), what ran inside it: the trace's events by name (GC, style recalc, layout,
//     timers, …) and the JavaScript functions with the most self time; then the same summed over
//     all keys. TRACE=<file> also writes the trace (open it in DevTools' Performance panel).
//   MODE=mount: the page's mount timings (window.__bench) and the functions with the most self
//     and inclusive time while mounting.
//
// `npx tsx tests/bench/form.profile.ts` with C=fields|rows|rowsQty, R=fw|rjsf, KEYS, SLOW, WAIT=<ms after
// mount before the click>, REPEAT=<page loads> (keys mode: slow keys are rare, so load it a few
// times), NOBUILD=1 to reuse the last build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, CDPSession } from '@playwright/test';
import { buildBenchPage, launchChromium, serveDir, tracedKeys, type TraceEvent } from './benchPage';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'form-page');
const outDir = path.join(os.tmpdir(), 'fw-bench-profile');
const kase = process.env.C ?? 'fields';
const r = process.env.R ?? 'fw';
const mode = process.env.MODE ?? 'keys';
const KEYS = Number(process.env.KEYS ?? 50);
const SLOW = Number(process.env.SLOW ?? 16);
const WAIT = Number(process.env.WAIT ?? 0);
const REPEAT = Number(process.env.REPEAT ?? 1);
// the cases of form.bench.ts: the page case, the input per renderer, the keys
const CASES: Record<string, { page: string; input: Record<string, string>; key?: (i: number) => string }> = {
  fields: { page: 'fields', input: { fw: '#fw-f0', rjsf: '#root_f0' } },
  rows: { page: 'rows', input: { fw: '#fw-detail-0-item', rjsf: '#root_detail_0_item' } },
  rowsQty: { page: 'rows', input: { fw: '#fw-detail-0-qty', rjsf: '#root_detail_0_qty' }, key: (i) => (i === 0 ? '1' : i % 2 === 1 ? '2' : 'Backspace') },
};

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}
const top = (m: Map<string, number>, n: number, indent = '') =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${indent}${v.toFixed(1).padStart(8)}  ${k}`)
    .join('\n');
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const frameName = (f: CpuProfile['nodes'][number]['callFrame']) => `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;

/** Self and inclusive time (ms) of a CPU profile's samples whose time is in [from, to) µs (all without a window). */
function cpuTimes(profile: CpuProfile, from = -Infinity, to = Infinity) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let t = profile.startTime;
  profile.samples!.forEach((id, i) => {
    const dt = profile.timeDeltas![i] ?? 0;
    t += dt;
    const next = profile.timeDeltas![i + 1] ?? 0;
    if (t < from || t >= to) return;
    // a sample stands for the time up to the next one
    const ms = next / 1000;
    add(self, frameName(nodes.get(id)!.callFrame), ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = frameName(nodes.get(cur)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      add(incl, k, ms);
    }
  });
  return { self, incl };
}

async function openCase(page: Page, base: string) {
  await page.goto(`${base}index.html?r=${r}&c=${CASES[kase].page}`);
  await page.waitForFunction(() => window.__bench?.done === true, null, { timeout: 180000 });
  await page.waitForFunction(() => window.__bench.complete !== undefined, null, { polling: 'raf', timeout: 180000 });
}

async function profileMount(page: Page, cdp: CDPSession, base: string) {
  await page.goto(`${base}index.html?r=none`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await openCase(page, base);
  console.log(await page.evaluate(() => ({ ...window.__bench, mount: window.__bench.t1! - window.__bench.t0 })));
  const { profile } = await cdp.send('Profiler.stop');
  const { self, incl } = cpuTimes(profile as CpuProfile);
  console.log(`--- self ms\n${top(self, 40)}\n--- inclusive ms\n${top(incl, 120)}`);
}

/** One page load: click, type with the trace and the profiler on; returns the keys' windows and what ran. */
async function profileKeys(
  page: Page,
  cdp: CDPSession,
  base: string,
  load: number,
  totals: { events: Map<string, number>; self: Map<string, number>; incl: Map<string, number> },
) {
  await openCase(page, base);
  if (WAIT) await page.waitForTimeout(WAIT);
  await page.locator(CASES[kase].input[r]).click();
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.stack',
      'v8',
      'v8.execute',
      'disabled-by-default-v8.gc',
      'blink',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.INTERVAL ?? 250) });
  await cdp.send('Profiler.start');
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(CASES[kase].key?.(i) ?? String.fromCharCode(97 + (i % 26)));
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0))));
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  if (process.env.TRACE) fs.writeFileSync(`${process.env.TRACE.replace(/\.json$/, '')}-${load}.json`, JSON.stringify(trace));
  const events = trace.traceEvents;
  const keys = tracedKeys(events);
  if (!keys.length) throw new Error('no key dispatch in the trace');
  // the renderer's main thread: where the key events were dispatched
  const main = events.find((e) => e.name === 'EventDispatch' && e.ts === keys[0].spans[0][0])!;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  console.log(
    `\nload ${load + 1}: ${keys.length} keys, processing ms (trace; the main thread's CPU time in brackets where it ran < 80 % of it): ${keys.map((k, i) => `${i}:${k.ms.toFixed(1)}${k.cpu < 0.8 * k.ms ? `[${k.cpu.toFixed(1)}]` : ''}`).join(' ')}`,
  );
  const inSpans = (spans: [number, number][]) => {
    const byName = new Map<string, number>();
    for (const [from, to] of spans)
      for (const e of onMain) if (e.ts >= from && e.ts + e.dur! <= to && e.name !== 'EventDispatch') add(byName, e.name, e.dur! / 1000);
    return byName;
  };
  keys.forEach((k, i) => {
    const byName = inSpans(k.spans);
    for (const [n, v] of byName) add(totals.events, n, v);
    const self = new Map<string, number>();
    for (const [from, to] of k.spans) {
      const times = cpuTimes(profile, from, to);
      for (const [n, v] of times.self) add(self, n, v);
      for (const [n, v] of times.incl) add(totals.incl, n, v);
    }
    for (const [n, v] of self) add(totals.self, n, v);
    if (k.ms <= SLOW) return;
    console.log(
      `  key ${i}: ${k.ms.toFixed(1)} ms (main thread CPU ${k.cpu.toFixed(1)} ms) — trace events inside (ms, nested events counted in each):\n${top(byName, 14, '    ')}`,
    );
    console.log(`    JavaScript self ms (sampled):\n${top(self, 14, '    ')}`);
  });
  // between the keys (timers, frames): the longest main-thread tasks outside the dispatches
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && !keys.some((k) => k.spans.some(([from, to]) => e.ts < to && e.ts + e.dur! > from)) && e.dur! > SLOW * 1000,
  );
  if (tasks.length) console.log(`  tasks > ${SLOW} ms between keys: ${tasks.map((t) => (t.dur! / 1000).toFixed(1)).join(', ')}`);
}

async function main() {
  if (!process.env.NOBUILD) await buildBenchPage(root, { outDir, minify: false });
  const { url: base, close } = await serveDir(outDir);
  const browser = await launchChromium();
  try {
    const totals = { events: new Map<string, number>(), self: new Map<string, number>(), incl: new Map<string, number>() };
    for (let load = 0; load < (mode === 'mount' ? 1 : REPEAT); load++) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      if (mode === 'mount') await profileMount(page, cdp, base);
      else await profileKeys(page, cdp, base, load, totals);
      await ctx.close();
    }
    if (mode !== 'mount') {
      console.log(`\nall keys: trace events inside the dispatches (ms)\n${top(totals.events, 25, '  ')}`);
      console.log(`all keys: JavaScript self ms (sampled)\n${top(totals.self, 30, '  ')}`);
      console.log(`all keys: JavaScript inclusive ms (sampled)\n${top(totals.incl, 70, '  ')}`);
    }
  } finally {
    await browser.close();
    close();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
