#!/usr/bin/env node
// Compiles the server (server/main.ts and what it imports from schemas/, runtime/ …) to one ES
// module, build/server/main.mjs, with Vite's SSR build; packages stay imports from node_modules.
// The files the server loads by path at run time are copied next to it, where the bundled code's
// import.meta.url looks for them: the migrations (server/db/client.ts MIGRATIONS_FOLDER) and the
// PGlite worker (server/db/pgliteThread.ts). `npm start` (scripts/start.mjs) runs this when the
// bundle is missing or its sources changed; `node build/server/main.mjs` then starts the server.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'build', 'server');

/** Builds the server into `outDir` (default build/server); resolves to the entry file. */
export async function buildServer(outDir = SERVER_OUT) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: ROOT,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: path.join(ROOT, 'server/main.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'main.mjs' } },
    },
    ssr: { target: 'node' },
  });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  cpSync(path.join(ROOT, 'server/db/pgliteWorker.mjs'), path.join(outDir, 'pgliteWorker.mjs'));
  return path.join(outDir, 'main.mjs');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const t0 = Date.now();
  const entry = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_OUT);
  console.log(`server built in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${path.relative(process.cwd(), entry)}`);
}
