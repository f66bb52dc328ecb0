// What the browser benchmarks share: build a bench page with Vite, serve it on a local port, and
// launch Debian's Chromium with the project's flags (never a downloaded browser).
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from '@playwright/test';

/** Builds the page in `root` (an index.html and its entry) into a new temporary directory. */
export async function buildBenchPage(root: string, opts: { minify?: boolean; outDir?: string } = {}): Promise<string> {
  const outDir = opts.outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `fw-bench-${path.basename(root)}-`));
  await build({
    root,
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 100_000, minify: opts.minify ?? true },
  });
  return outDir;
}

/** Serves a directory's files on 127.0.0.1 (a free port); `url` ends with a slash. */
export function serveDir(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const p = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = p.endsWith('/') ? path.join(p, 'index.html') : p;
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() })),
  );
}

/** Debian's Chromium, headless, with the flags every browser run here uses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A trace event of Chromium's JSON trace format (the fields used here). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  /** µs */
  ts: number;
  /** wall time, µs */
  dur?: number;
  /** the thread's CPU time, µs: far below `dur` when the thread was waiting for a core */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string } };
}

/** One key as the trace saw it: its keydown, keypress (with the input event inside) and keyup dispatches. */
export interface TracedKey {
  /** each dispatch's [start, end] (µs, trace clock) */
  spans: [number, number][];
  /** the dispatches' wall time (ms) */
  ms: number;
  /** the main thread's CPU time in them (ms) */
  cpu: number;
}

const KEY_EVENTS = ['keydown', 'keypress', 'input', 'keyup'];

/** The keys typed while a trace (category devtools.timeline) ran, in order. */
export function tracedKeys(events: readonly TraceEvent[]): TracedKey[] {
  const dispatches = events
    .filter((e) => e.name === 'EventDispatch' && e.ph === 'X' && KEY_EVENTS.includes(e.args?.data?.type ?? ''))
    .sort((a, b) => a.ts - b.ts);
  const main = dispatches[0];
  const keys: TracedKey[] = [];
  for (const d of dispatches) {
    if (d.pid !== main.pid || d.tid !== main.tid) continue;
    if (d.args!.data!.type === 'keydown') keys.push({ spans: [], ms: 0, cpu: 0 });
    const k = keys[keys.length - 1];
    if (!k) continue;
    // the input event is dispatched inside keypress's default action (the text insertion): counted there
    const last = k.spans[k.spans.length - 1];
    if (last && d.ts < last[1]) continue;
    k.spans.push([d.ts, d.ts + d.dur!]);
    k.ms += d.dur! / 1000;
    k.cpu += (d.tdur ?? d.dur!) / 1000;
  }
  return keys;
}
