// `npm test`: type-check, lint, unit/integration tests (Vitest) and end-to-end tests (Playwright),
// then one closing line `N passed, N failed[, N skipped]` that sums both runners.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tmp = mkdtempSync(join(tmpdir(), 'kb-test-'));
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
const bin = (name) => join('node_modules', '.bin', name);

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const browserReady = run('browser for end-to-end tests', 'bash', ['scripts/ensure-chromium.sh']);
// Without PostgreSQL the team-workspace tests say why they could not run; everything else still runs.
run('PostgreSQL for the team-workspace tests', 'bash', ['scripts/ensure-postgres.sh']);
let ok = true;

ok = run('type-check', bin('tsc'), ['-p', 'tsconfig.node.json']) && ok;
ok = run('type-check (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json']) && ok;
ok = run('lint', bin('eslint'), ['.']) && ok;
ok = run('format', bin('prettier'), ['--check', '.']) && ok;

const vitestOut = join(tmp, 'vitest.json');
ok =
  run('unit and integration tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestOut}`,
  ]) && ok;
const v = readJson(vitestOut);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
} else {
  totals.failed += 1;
}

const pwOut = join(tmp, 'playwright.json');
ok =
  browserReady &&
  run('end-to-end tests', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut }) &&
  ok;
const p = readJson(pwOut);
if (p) {
  totals.passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  totals.failed += p.stats.unexpected ?? 0;
  totals.skipped += p.stats.skipped ?? 0;
} else {
  totals.failed += 1;
}

if (!ok && totals.failed === 0) totals.failed = 1; // a failed type-check or lint counts as a failure
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
