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
