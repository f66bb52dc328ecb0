#!/usr/bin/env node
// Starts the real app for the Playwright tests: builds the client, then runs the server on a
// fresh embedded database in a temporary DATA_DIR (removed on exit).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each port builds into its own folder, so several e2e runs on one machine don't clobber dist/.
const port = process.env.PORT ?? '8181';
const outDir = path.resolve('.test-out', `dist-${port}`);
if (process.env.E2E_SKIP_BUILD !== '1') {
  // the production build: prerendered sign-in pages and br/gz twins, as `npm start` serves them
  const b = spawnSync(process.execPath, ['scripts/build-client.mjs', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-e2e-'));
const child = spawn('npx', ['tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CLIENT_DIST: outDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    FORMWORK_TEST_MODE: '1',
    SEED_BUSINESS: process.env.SEED_BUSINESS ?? '1',
  },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
