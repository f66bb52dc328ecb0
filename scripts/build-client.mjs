#!/usr/bin/env node
// Builds the client (vite build; extra arguments are passed on, e.g. --outDir) and writes a
// brotli (.br) and a gzip (.gz) twin beside every text file of the build, which the server's
// static plugin (server/plugins/static.ts, preCompressed) sends to clients that accept them.
// `precompress(dir)` alone: node scripts/build-client.mjs --precompress-only <dir>.
// Between the two, the sign-in pages are prerendered (prerenderLogin: src/pages/login/prerender.tsx
// built for Node and run) into <page>.html files beside index.html, which the server sends for
// their routes (server/plugins/static.ts PRERENDERED), so they paint before any script runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCb } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/i;

function* filesOf(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(p);
    else if (entry.isFile()) yield p;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` of at least `minBytes`,
 * each only when smaller than the original; brotli at its best quality (11: a tenth smaller than
 * 9 for the big chunks, paid once per build), the files compressed side by side on libuv's
 * thread pool. Resolves to what was written: { file, size, br, gz }[].
 */
export async function precompress(dir, { minBytes = 1024, quality = 11 } = {}) {
  const files = [...filesOf(dir)].filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= minBytes);
  // the biggest first, so the long ones do not end up alone at the end
  files.sort((a, b) => statSync(b).size - statSync(a).size);
  const one = async (file) => {
    const data = await readFile(file);
    const size = data.length;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    const row = { file: path.relative(dir, file), size, br: null, gz: null };
    if (br.length < size) {
      await writeFile(`${file}.br`, br);
      row.br = br.length;
    }
    if (gz.length < size) {
      await writeFile(`${file}.gz`, gz);
      row.gz = gz.length;
    }
    return row;
  };
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) out.push(await one(files[next++]));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** The file beside index.html that holds a prerendered page (server/plugins/static.ts reads the same names). */
export const PRERENDERED = { '/web/login': 'login.html', '/web/dp/login': 'dp-login.html' };
const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Prerenders the sign-in pages into `dir` (a client build): builds src/pages/login/prerender.tsx
 * for Node (an SSR build into a temporary folder), runs it, and writes index.html with each
 * page's markup in #root and its title as PRERENDERED names it. Resolves to the files written.
 */
export async function prerenderLogin(dir) {
  // inside the project, so the module finds its packages (node_modules) where Node looks
  mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
  const tmp = mkdtempSync(path.resolve('node_modules/.cache/formwork-prerender-'));
  try {
    const { build } = await import('vite');
    // every package bundled in (some are imported by deep paths without an extension, which
    // Node's ESM loader does not resolve)
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: { ssr: 'src/pages/login/prerender.tsx', outDir: tmp, emptyOutDir: true, manifest: false, sourcemap: false },
    });
    const entry = readdirSync(tmp).find((f) => /^prerender\.m?js$/.test(f));
    if (!entry) throw new Error(`no prerender module in ${tmp}`);
    const { prerenderLoginPages } = await import(pathToFileURL(path.join(tmp, entry)).href);
    const index = await readFile(path.join(dir, 'index.html'), 'utf8');
    if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
    const written = [];
    for (const page of await prerenderLoginPages()) {
      const file = PRERENDERED[page.path];
      if (!file) continue;
      // no modulepreload of the route's chunks: the page paints first, then src/main.tsx starts the app
      const html = withoutAppPreloads(index)
        .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
      await writeFile(path.join(dir, file), html);
      written.push(file);
    }
    return written;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** index.html without the app's preloads (scripts/chunkPlan.ts preloadStages): a sign-in page's HTML. */
export function withoutAppPreloads(html) {
  return html.replace(/\s*<link[^>]*\sdata-app-preload[^>]*>/g, '');
}

/** The build's output folder among vite's arguments (--outDir x / --outDir=x), else dist. */
function outDirOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--outDir') return args[i + 1];
    if (args[i].startsWith('--outDir=')) return args[i].slice('--outDir='.length);
  }
  return 'dist';
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  let dir;
  if (args[0] === '--precompress-only') {
    dir = args[1] ?? 'dist';
  } else {
    const vite = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', ...args], { stdio: 'inherit' });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
    dir = outDirOf(args);
    const t1 = Date.now();
    const pages = await prerenderLogin(path.resolve(dir));
    console.log(`prerendered ${pages.join(', ')} in ${Date.now() - t1} ms`);
  }
  const t0 = Date.now();
  const rows = await precompress(path.resolve(dir));
  const sum = (k) => rows.reduce((n, r) => n + (r[k] ?? 0), 0);
  console.log(
    `precompressed ${rows.length} files in ${Date.now() - t0} ms: ${(sum('size') / 1024).toFixed(0)} KB → br ${(sum('br') / 1024).toFixed(0)} KB, gzip ${(sum('gz') / 1024).toFixed(0)} KB`,
  );
}
