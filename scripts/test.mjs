#!/usr/bin/env node
// `npm test`: typecheck, lint, format (Prettier), unit/integration tests, the Storybook build, the Playwright e2e
// tests — in that order — then one summary. Every stage runs even when an earlier one failed, so
// a single run shows everything that is wrong; the exit code is non-zero if any stage failed.
// The last line is the plain closing line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** @type {{name:string, ok:boolean, passed:number, failed:number, skipped:number, seconds:number}[]} */
const results = [];
/** Names of failed tests, printed again right above the closing line so a log tail shows them. */
const failures = [];

function run(name, cmd, args, counts) {
  const t0 = Date.now();
  console.log(`\n━━━ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const ok = r.status === 0;
  const c = counts ? counts(ok) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  results.push({ name, ok, ...c, seconds: Math.round((Date.now() - t0) / 1000) });
}

function firstLine(text) {
  const line =
    String(text ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 240);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

if (want('typecheck')) run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
if (want('lint')) run('lint', 'npx', ['eslint', '--max-warnings=-1', '.']);
if (want('format')) run('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
if (want('unit')) {
  const file = path.join(out, 'vitest.json');
  run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`], (ok) => {
    const j = readJson(file);
    if (!j) return { passed: 0, failed: 1, skipped: 0 };
    const failedSuites = (j.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
    for (const suite of j.testResults ?? []) {
      const rel = path.relative(process.cwd(), suite.name ?? '');
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failures.push(`unit  ${rel}: ${firstLine(suite.message)}`);
      for (const a of suite.assertionResults ?? []) {
        if (a.status === 'failed') failures.push(`unit  ${rel} › ${a.fullName}: ${firstLine((a.failureMessages ?? [])[0])}`);
      }
    }
    if (!ok && !j.numFailedTests && !failedSuites) failures.push('unit  vitest failed with every test passing: look for "Unhandled Errors" above');
    return {
      passed: j.numPassedTests,
      failed: j.numFailedTests + failedSuites + (ok || j.numFailedTests || failedSuites ? 0 : 1),
      skipped: j.numPendingTests + j.numTodoTests,
    };
  });
}
if (want('storybook')) run('storybook build', 'npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static']);
if (want('e2e')) {
  const file = path.join(out, 'playwright.json');
  run('e2e', 'npx', ['playwright', 'test'], (ok) => {
    const j = existsSync(file) ? readJson(file) : null;
    if (!j) return { passed: 0, failed: 1, skipped: 0 };
    const s = j.stats ?? {};
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected' || t.status === 'flaky') {
            const last = (t.results ?? []).find((r) => r.error)?.error?.message;
            failures.push(
              `e2e${t.status === 'flaky' ? ' (flaky, passed on retry)' : ''}  ${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}: ${firstLine(last)}`,
            );
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
    };
    for (const suite of j.suites ?? []) walk(suite, []);
    const failed = (s.unexpected ?? 0) + (s.flaky ?? 0) * 0;
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: failed + (ok || failed ? 0 : 1), skipped: s.skipped ?? 0 };
  });
}

console.log('\n━━━ summary');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(16)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(4)} skipped  ${r.seconds}s`,
  );
}
if (failures.length) {
  console.log('\nfailed or flaky tests:');
  for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
  console.log('');
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
