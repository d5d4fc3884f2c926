/**
 * `npm run faults [-- <seed>]`: the full fault run (500 usage units of ten properties, 50 binding submissions
 * through the fault-injecting proxy) and its summary: items tried, faults injected by kind, outcomes.
 */
import { spawnSync } from 'node:child_process';

const [seed = '1313'] = process.argv.slice(2);
const r = spawnSync('npx', ['vitest', 'run', 'test/integration/faults/mixed-run.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FAULTS_FULL: '1', FAULTS_SEED: seed },
});
process.exit(r.status ?? 1);
