// npm run bench:lighthouse — Lighthouse (mobile profile: Moto G Power viewport, simulated slow 4G
// and 4× CPU slowdown) in Debian's Chromium against the production build served by the real
// server (build/server/main.mjs, built like `npm start` does when missing or stale) on a fresh
// temporary DATA_DIR: the login page, and a generated form of 100 fields (saved and published
// through the API, opened signed in as admin: the session is put into the tab the way the login
// page leaves it, and Lighthouse runs in that tab with disableStorageReset). Prints the
// performance and accessibility scores, FCP / LCP / TBT / CLS / SI, the failed accessibility
// audits and the heaviest scripts of each page. Targets (issue 16): performance ≥ 90,
// accessibility 100. LH_PORT (8208) is the server's port; LH_RUNS (1) runs per page (the median
// performance run is shown).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { ensureBuilt } from '../../scripts/start.mjs';
import { fieldsDefinition } from './formBenchDefinitions';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.LH_PORT ?? 8208);
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const BASE = `http://127.0.0.1:${PORT}`;
const FORM_CODE = 'lh100';

/** 100 fields of the bench:form mix (text, textarea, integer, decimal, select, radio, date), with the rules among them */
function form100() {
  const def = fieldsDefinition();
  const keys = new Set(def.fields.slice(0, 100).map((f) => f.key));
  return {
    ...def,
    code: FORM_CODE,
    name: { 'zh-CN': '百字段表单', 'en-US': '100-field form', 'zh-TW': '百欄位表單' },
    fields: def.fields.slice(0, 100),
    formulas: [],
    rules: (def.rules ?? []).filter((r) =>
      JSON.stringify(r)
        .match(/f\d+/g)!
        .every((k) => keys.has(k)),
    ),
  };
}

async function api(pathname: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const r = await fetch(BASE + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (j.code !== 0) throw new Error(`${pathname}: ${j.code} ${j.msg}`);
  return j.data;
}

async function waitForHealth(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /health within ${ms / 1000} s`);
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  a11yFailures: string[];
  heaviest: string[];
  transferKb: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr): Figures {
  const a = lhr.audits;
  const num = (id: string) => Number(a[id]?.numericValue ?? NaN);
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && a[ref.id]?.score !== null && (a[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const nodes = ((a[ref.id].details as { items?: { node?: { selector?: string; snippet?: string } }[] })?.items ?? [])
        .slice(0, 4)
        .map((i) => i.node?.snippet?.slice(0, 140) ?? i.node?.selector ?? '')
        .filter(Boolean);
      return `${ref.id}: ${a[ref.id].title}${nodes.map((n) => `\n        ${n}`).join('')}`;
    });
  const items = ((a['network-requests']?.details as { items?: { url: string; transferSize?: number; resourceType?: string }[] })?.items ?? []) as {
    url: string;
    transferSize?: number;
    resourceType?: string;
  }[];
  const heaviest = items
    .filter((i) => i.resourceType === 'Script')
    .sort((x, y) => (y.transferSize ?? 0) - (x.transferSize ?? 0))
    .slice(0, 6)
    .map((i) => `${((i.transferSize ?? 0) / 1024).toFixed(0)} KB ${i.url.replace(BASE, '')}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    a11yFailures,
    heaviest,
    transferKb: items.reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024,
  };
}

function print(name: string, runs: Figures[]) {
  const sorted = [...runs].sort((x, y) => x.performance - y.performance);
  const f = sorted[Math.floor(sorted.length / 2)];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\n${name}${runs.length > 1 ? ` (median of ${runs.length}: performance ${runs.map((r) => r.performance).join(', ')})` : ''}`);
  console.log(`  performance   ${f.performance}  (target ≥ 90)`);
  console.log(`  accessibility ${f.accessibility}  (target 100)`);
  console.log(`  FCP ${s(f.fcp)}  LCP ${s(f.lcp)}  TBT ${f.tbt.toFixed(0)} ms  CLS ${f.cls.toFixed(3)}  SI ${s(f.si)}`);
  console.log(`  transferred ${f.transferKb.toFixed(0)} KB; heaviest scripts (transfer):`);
  for (const h of f.heaviest) console.log(`    ${h}`);
  if (f.a11yFailures.length) {
    console.log('  accessibility findings:');
    for (const x of f.a11yFailures) console.log(`    ${x}`);
  }
}

/**
 * LH_OUT=<dir>: every run's full Lighthouse result as JSON there (open in the Lighthouse viewer),
 * and the run's trace beside it (`.trace.json`, opens in DevTools' Performance panel): which task
 * the long tasks of the result were.
 */
function save(name: string, run: number, result: { lhr: Lhr; artifacts?: { Trace?: unknown } }) {
  if (!process.env.LH_OUT) return;
  mkdirSync(process.env.LH_OUT, { recursive: true });
  writeFileSync(path.join(process.env.LH_OUT, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
  if (result.artifacts?.Trace) writeFileSync(path.join(process.env.LH_OUT, `${name}-${run + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
}

async function main() {
  const { serverEntry, clientDist } = ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-lh-'));
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIST: clientDist, LOG_LEVEL: 'warn', SEED_BUSINESS: '0' },
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForHealth(180_000);
    const session = await api('/emp/api/v2/login', { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@123' });
    const token = String(session.mytoken);
    const saved = await api('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: form100(), draftVersion: 0 }, token);
    await api('/emp/api/v2/biaoDan/publish', { code: FORM_CODE, draftVersion: saved.draftVersion }, token);

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'] };

    const login: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await lighthouse(`${BASE}/web/login`, flags);
      if (!r) throw new Error('lighthouse returned nothing for the login page');
      login.push(figuresOf(r.lhr));
      save('login', i, r);
    }

    // the form page, signed in: the session goes into this tab's sessionStorage as the login page leaves it
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${BASE}/web/login`);
    await page.evaluate((s: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(s)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', '0');
    }, session);
    const formUrl = `${BASE}/web/system/peiZhi/biaoDan/edit?code=${FORM_CODE}`;
    const form: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      // a cold HTTP cache as for the login page (the storage reset Lighthouse skips here would clear
      // it), and a new document: the tab's memory cache kept the sign-in page's scripts (a run
      // after it found boot's chunk there and scored as a second visit)
      await page.goto('about:blank');
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const r = await lighthouse(formUrl, { ...flags, disableStorageReset: true }, undefined, page as never);
      if (!r) throw new Error('lighthouse returned nothing for the form page');
      if (!r.lhr.finalDisplayedUrl.includes('biaoDan/edit')) throw new Error(`the form page ended on ${r.lhr.finalDisplayedUrl} (not signed in?)`);
      form.push(figuresOf(r.lhr));
      save('form100', i, r);
    }
    await browser.disconnect();

    print('login page (/web/login)', login);
    print(`100-field generated form (/web/system/peiZhi/biaoDan/edit?code=${FORM_CODE})`, form);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
