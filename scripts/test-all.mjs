// The whole test suite: type checks, the production build, unit + integration tests (vitest), end-to-end tests
// (Playwright, browser mode; Electron too where its binary exists). Prints "N passed, N failed" last.
// Run through scripts/with-keyring.sh so tests get a private, unlocked Secret Service.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countPlaywright(label, file, ok) {
  const report = readJson(file);
  if (!report?.stats) {
    failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped: skip = 0 } = report.stats;
  passed += expected + flaky;
  failed += unexpected;
  skipped += skip;
  if (unexpected || !ok) failures.push(label);
  if (!ok && !unexpected) failed++; // the runner itself failed (e.g. global set-up)
}

/** The Electron executable if its binary was installed, else null (read the way node_modules/electron does). */
function installedElectronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const binary = join(dir, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

mkdirSync('test-results', { recursive: true });
const only = process.argv[2]; // optional: typecheck | unit | e2e

if (!only || only === 'typecheck') {
  check('typecheck (main, preload, sim, bench, e2e)', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
  check('typecheck (renderer, Vue files included)', 'npx', ['vue-tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  check('build (electron-vite: main, preload, renderer)', 'npx', ['electron-vite', 'build']);
}

if (!only || only === 'unit') {
  rmSync('test-results/unit.json', { force: true });
  const ok = run('unit and integration tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json']);
  const report = readJson('test-results/unit.json');
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTests || !ok) failures.push('vitest');
    if (!ok && !report.numFailedTests) failed++; // a suite failed to load
  } else {
    failed++;
    failures.push('vitest (no report)');
  }
}

if (!only || only === 'e2e') {
  rmSync('test-results/e2e.json', { force: true });
  const ok = run('end-to-end, browser mode (Playwright + /usr/bin/chromium)', 'npx', ['playwright', 'test'], { QD_E2E_TARGET: 'web', PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' });
  countPlaywright('e2e (browser mode)', 'test-results/e2e.json', ok);

  // Not require('electron'): since Electron 45 that tries to download a missing binary, which fails offline.
  const electronBinary = installedElectronBinary();
  if (electronBinary) {
    rmSync('test-results/e2e-electron.json', { force: true });
    const okElectron = run('end-to-end, desktop app (Playwright Electron)', 'npx', ['playwright', 'test'], { QD_E2E_TARGET: 'electron', PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e-electron.json' });
    countPlaywright('e2e (electron)', 'test-results/e2e-electron.json', okElectron);
  } else {
    console.log('\n=== end-to-end, desktop app: SKIPPED — no Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); the same specs ran in browser mode above.');
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
