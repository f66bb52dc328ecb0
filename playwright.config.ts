import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (ARCHITECTURE.md / CI contract).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI: a test that passes only on retry is reported as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.test-out/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real app: built client + API on a fresh embedded database per run.
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port) },
  },
});
