#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the compiled server with plain node.
// - the client (scripts/build-client.mjs: vite build + br/gz twins) into CLIENT_DIST (dist/) when
//   its index.html is missing or the client's sources changed since the last build;
// - the server (scripts/build-server.mjs) into build/server/ when missing or its sources changed.
// "Changed" is a SHA-256 over the input trees' files (paths and contents) and the lockfile,
// kept in build/*.stamp; a start with nothing changed costs a hash of the sources (~0.2 s).
// FORMWORK_BUILD=never skips the checks (a deployment that built ahead, `npm run build`);
// FORMWORK_BUILD=always rebuilds both.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD = path.join(ROOT, 'build');
const SKIP = /(^|\/)(node_modules|\.git)(\/|$)|\.(test|spec|stories)\.[cm]?[jt]sx?$/;

/** the inputs of each build (files or folders, relative to the repository) */
export const INPUTS = {
  client: [
    'index.html',
    'public',
    'src',
    'widgets',
    'runtime',
    'designer',
    'schemas',
    'vite.config.ts',
    'tsconfig.json',
    'package-lock.json',
    'scripts/build-client.mjs',
  ],
  server: ['server', 'schemas', 'runtime', 'package-lock.json', 'scripts/build-server.mjs'],
};

/** the files of the inputs (a file, or every file under a folder), as repository paths */
function filesOf(inputs) {
  const files = [];
  for (const rel of inputs) {
    const abs = path.join(ROOT, rel);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isFile()) {
      files.push(rel);
      continue;
    }
    for (const e of readdirSync(abs, { withFileTypes: true, recursive: true })) {
      if (!e.isFile()) continue;
      const p = path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      if (!SKIP.test(p)) files.push(p);
    }
  }
  return [...new Set(files)].sort();
}

/** A stamp of the inputs: SHA-256 over every file's path and contents, in path order. */
export function stampOf(inputs) {
  const h = createHash('sha256');
  for (const f of filesOf(inputs))
    h.update(f)
      .update('\0')
      .update(readFileSync(path.join(ROOT, f)))
      .update('\0');
  return h.digest('hex');
}

const readStamp = (name) => (existsSync(path.join(BUILD, name)) ? readFileSync(path.join(BUILD, name), 'utf8').trim() : null);
function writeStamp(name, value) {
  mkdirSync(BUILD, { recursive: true });
  writeFileSync(path.join(BUILD, name), value + '\n');
}

function run(args, what) {
  const t0 = Date.now();
  console.log(`[start] building the ${what}…`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) {
    console.error(`[start] the ${what} build failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`[start] ${what} built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Builds what is missing or stale (per FORMWORK_BUILD); resolves to the server's entry file. */
export function ensureBuilt() {
  const mode = process.env.FORMWORK_BUILD ?? 'auto';
  const clientDist = path.resolve(ROOT, process.env.CLIENT_DIST ?? 'dist');
  const serverEntry = path.join(BUILD, 'server', 'main.mjs');

  if (mode !== 'never') {
    const t0 = Date.now();
    // the client's stamp names its folder and the VITE_* settings it is built with: another
    // CLIENT_DIST or VITE_API_PREFIX is another build
    const viteEnv = Object.keys(process.env)
      .filter((k) => k.startsWith('VITE_'))
      .sort()
      .map((k) => `${k}=${process.env[k]}`);
    const clientStamp = [stampOf(INPUTS.client), clientDist, ...viteEnv].join(' ');
    const serverStamp = stampOf(INPUTS.server);
    console.log(`[start] sources checked in ${Date.now() - t0} ms`);
    if (mode === 'always' || !existsSync(path.join(clientDist, 'index.html')) || readStamp('client.stamp') !== clientStamp) {
      run([path.join(ROOT, 'scripts/build-client.mjs'), '--logLevel', 'warn', '--outDir', clientDist, '--emptyOutDir'], 'client');
      writeStamp('client.stamp', clientStamp);
    }
    if (mode === 'always' || !existsSync(serverEntry) || readStamp('server.stamp') !== serverStamp) {
      run([path.join(ROOT, 'scripts/build-server.mjs')], 'server');
      writeStamp('server.stamp', serverStamp);
    }
  }
  if (!existsSync(serverEntry)) {
    console.error(`[start] ${path.relative(ROOT, serverEntry)} is missing (FORMWORK_BUILD=never): run npm run build first`);
    process.exit(1);
  }
  return { serverEntry, clientDist };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // --build (npm run build): build both now, then stop
  if (process.argv.includes('--build')) {
    process.env.FORMWORK_BUILD = 'always';
    ensureBuilt();
    process.exit(0);
  }
  const { serverEntry, clientDist } = ensureBuilt();
  process.env.CLIENT_DIST = clientDist;
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverEntry).href);
}
