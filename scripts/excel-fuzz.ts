/**
 * `npm run fuzz:excel [-- <runs per importer> [seed]]`: the full Excel fuzzing, by default 100 mutated workbooks
 * per importer, printing how each importer's runs ended.
 */
import { spawnSync } from 'node:child_process';

const [runs = '100', seed = '20261125'] = process.argv.slice(2);
const r = spawnSync('npx', ['vitest', 'run', 'test/integration/excel-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, KB_EXCEL_FUZZ_RUNS: runs, KB_EXCEL_FUZZ_SEED: seed },
});
process.exit(r.status ?? 1);
