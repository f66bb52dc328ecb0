// npm run bench:form — DefinitionForm against a plain controlled @rjsf/antd Form, in one
// Chromium run, alternating, BENCH_RUNS runs each (20 by default):
// - mount: start of render → first frame after mount (window.__bench in the page)
// - typing 50 characters into one text field: the first key's processing time (the field was
//   just clicked: a stand-in swapping to its real input is paid here) apart from the later keys',
//   and per-key processing time (listeners at window
//   capture/bubble around keydown, keypress, input, keyup — the whole dispatch, React's render
//   included; Event Timing entries ≥ 16 ms are counted as a cross-check) and per-key main-thread
//   script time (CDP Performance.getMetrics ScriptDuration delta / keys)
// for a 300-field definition and for a detail sub-form of 500 rows × 8 columns.
// Prints medians, p95 and the ratios to the baseline.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { buildBenchPage, launchChromium, serveDir } from './benchPage';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEYS = Number(process.env.BENCH_KEYS ?? 50);
const CASES = (process.env.BENCH_CASES ?? 'fields,rows').split(',');
const RENDERERS = ['fw', 'rjsf'] as const;

const INPUT: Record<string, Record<(typeof RENDERERS)[number], string>> = {
  fields: { fw: '#fw-f0', rjsf: '#root_f0' },
  rows: { fw: '#fw-detail-0-item', rjsf: '#root_detail_0_item' },
};

interface Sample {
  mount: number;
  /** every field in the DOM (ms after t0, timed in the page) */
  complete: number;
  /** real inputs/textareas in the first frame */
  inputs: number;
  processing: number[];
  /** the first key's processing (ms): the first key after the click */
  first: number;
  /** the first key's main-thread script time (ms, CDP ScriptDuration across that key alone) */
  firstScript: number;
  script: number;
  slowEvents: number;
}

async function measure(page: Page, base: string, renderer: (typeof RENDERERS)[number], kase: string): Promise<Sample> {
  await page.goto(`${base}index.html?r=${renderer}&c=${kase}`);
  await page.waitForFunction(() => window.__bench?.done === true, null, { timeout: 180_000 });
  const mount = await page.evaluate(() => window.__bench.t1! - window.__bench.t0);
  // every field in the DOM (edit widgets away from the screen may still be stand-ins that mount
  // on approach; `inputs` counts the real inputs of the first frame): timed in the page
  await page.waitForFunction(() => window.__bench.complete !== undefined, null, { polling: 'raf', timeout: 180_000 });
  const { complete, inputs } = await page.evaluate(() => ({ complete: window.__bench.complete! - window.__bench.t0, inputs: window.__bench.inputs ?? 0 }));
  const input = page.locator(INPUT[kase][renderer]);
  await input.click();
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __slow: number; __start: number };
    w.__keys = [];
    w.__slow = 0;
    for (const type of ['keydown', 'keypress', 'input', 'keyup']) {
      window.addEventListener(type, () => (w.__start = performance.now()), true);
      window.addEventListener(type, () => w.__keys.push(performance.now() - w.__start), false);
    }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.processingEnd - e.processingStart >= 16) w.__slow++;
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptOf = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const before = await scriptOf();
  const perKey: number[] = [];
  let firstScript = NaN;
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    // one frame between keys, like a fast typist
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    if (i === 0) firstScript = (await scriptOf()) - before;
  }
  const after = await scriptOf();
  const { keys, slow } = await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __slow: number };
    return { keys: w.__keys, slow: w.__slow };
  });
  // 4 events per key (keydown, keypress, input, keyup): the key's processing is their sum
  for (let i = 0; i + 3 < keys.length; i += 4) perKey.push(keys[i] + keys[i + 1] + keys[i + 2] + keys[i + 3]);
  await cdp.detach();
  // a faithful virtualised equivalent: scrolling to the end renders the last field's real input
  if (renderer === 'fw' && kase === 'fields') {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.getElementById('fw-f299')?.tagName === 'INPUT', null, { timeout: 10_000 });
  }
  return { mount, complete, inputs, processing: perKey, first: perKey[0] ?? NaN, firstScript, script: (after - before) / KEYS, slowEvents: slow };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  console.log(`building the bench page…`);
  const dir = await buildBenchPage(path.join(here, 'form-page'));
  const { url, close } = await serveDir(dir);
  const browser = await launchChromium();
  try {
    for (const kase of CASES) {
      const samples: Record<string, Sample[]> = { fw: [], rjsf: [] };
      for (let run = 0; run < RUNS; run++) {
        const order = run % 2 === 0 ? RENDERERS : ([...RENDERERS].reverse() as unknown as typeof RENDERERS);
        for (const r of order) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          const page = await context.newPage();
          samples[r].push(await measure(page, url, r, kase));
          await context.close();
        }
        process.stdout.write(`  ${kase} run ${run + 1}/${RUNS}\r`);
      }
      const stat = (r: string) => {
        const s = samples[r];
        const mounts = s.map((x) => x.mount);
        const proc = s.flatMap((x) => x.processing);
        const later = s.flatMap((x) => x.processing.slice(1));
        const first = s.map((x) => x.first);
        const firstScript = s.map((x) => x.firstScript);
        const script = s.map((x) => x.script);
        const completes = s.map((x) => x.complete);
        return {
          completeMed: pct(completes, 50),
          completeP95: pct(completes, 95),
          mountMed: pct(mounts, 50),
          mountP95: pct(mounts, 95),
          firstMed: pct(first, 50),
          firstMax: pct(first, 100),
          firstScriptMed: pct(firstScript, 50),
          laterMed: pct(later, 50),
          laterP95: pct(later, 95),
          keyMax: pct(proc, 100),
          procMed: pct(proc, 50),
          procP95: pct(proc, 95),
          scriptMed: pct(script, 50),
          scriptP95: pct(script, 95),
          slow: s.reduce((a, x) => a + x.slowEvents, 0),
          inputs: pct(
            s.map((x) => x.inputs),
            50,
          ),
        };
      };
      const a = stat('fw');
      const b = stat('rjsf');
      console.log(`\n${kase === 'fields' ? '300 fields' : '500 rows × 8 columns'} (${RUNS} runs each, ${KEYS} keys per run)`);
      console.log('                         DefinitionForm        @rjsf/antd            ratio (fw / rjsf)');
      console.log(`mount ms       median    ${f(a.mountMed).padEnd(22)}${f(b.mountMed).padEnd(22)}${(a.mountMed / b.mountMed).toFixed(3)}`);
      console.log(`               p95       ${f(a.mountP95).padEnd(22)}${f(b.mountP95).padEnd(22)}${(a.mountP95 / b.mountP95).toFixed(3)}`);
      console.log(`all fields in DOM ms median ${f(a.completeMed).padEnd(17)}${f(b.completeMed).padEnd(22)}${(a.completeMed / b.completeMed).toFixed(3)}`);
      console.log(`               p95       ${f(a.completeP95).padEnd(22)}${f(b.completeP95).padEnd(22)}${(a.completeP95 / b.completeP95).toFixed(3)}`);
      console.log(`per-key processing ms   ${f(a.procMed).padEnd(22)}${f(b.procMed).padEnd(22)}${(a.procMed / b.procMed).toFixed(3)}  (median)`);
      console.log(`               p95       ${f(a.procP95).padEnd(22)}${f(b.procP95).padEnd(22)}${(a.procP95 / b.procP95).toFixed(3)}`);
      console.log(`first key processing ms ${f(a.firstMed).padEnd(22)}${f(b.firstMed).padEnd(22)}${(a.firstMed / b.firstMed).toFixed(3)}  (median)`);
      console.log(`               max       ${f(a.firstMax).padEnd(22)}${f(b.firstMax).padEnd(22)}${(a.firstMax / b.firstMax).toFixed(3)}`);
      console.log(
        `first key script ms median ${f(a.firstScriptMed).padEnd(20)}${f(b.firstScriptMed).padEnd(22)}${(a.firstScriptMed / b.firstScriptMed).toFixed(3)}`,
      );
      console.log(`later keys processing ms ${f(a.laterMed).padEnd(22)}${f(b.laterMed).padEnd(22)}${(a.laterMed / b.laterMed).toFixed(3)}  (median)`);
      console.log(`               p95       ${f(a.laterP95).padEnd(22)}${f(b.laterP95).padEnd(22)}${(a.laterP95 / b.laterP95).toFixed(3)}`);
      console.log(
        `slowest key ms (any)     ${f(a.keyMax).padEnd(22)}${f(b.keyMax).padEnd(22)}${(a.keyMax / b.keyMax).toFixed(3)}  (target ≤ 16 for DefinitionForm)`,
      );
      console.log(`per-key script ms median ${f(a.scriptMed).padEnd(22)}${f(b.scriptMed).padEnd(22)}${(a.scriptMed / b.scriptMed).toFixed(3)}`);
      console.log(`               p95       ${f(a.scriptP95).padEnd(22)}${f(b.scriptP95).padEnd(22)}${(a.scriptP95 / b.scriptP95).toFixed(3)}`);
      console.log(`Event Timing events ≥16 ms processing: ${a.slow} / ${b.slow}`);
      console.log(`real inputs in the first frame (median): ${a.inputs} / ${b.inputs}`);
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
