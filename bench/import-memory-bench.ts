/**
 * Peak resident memory of the app's main process during the usage-unit import of 20,000 rows (worker thread
 * included), against the same process idle with the import code loaded. Each run is a fresh process.
 * Run: npx tsx bench/import-memory-bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, median } from './figures';
import { unitsWorkbook } from './units-workbook';

const RUNS = 3;
const MIB = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));

const dir = await mkdtemp(join(tmpdir(), 'kb-import-memory-'));
try {
  const file = join(dir, 'units.xlsx');
  await writeFile(file, await unitsWorkbook(20_000));
  const peaks: number[] = [];
  const idles: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'import-memory-child.ts'), file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the import process failed: ${r.stderr}`);
    const { idle, peak, ok } = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as {
      idle: number;
      peak: number;
      ok: boolean;
    };
    if (!ok) throw new Error('the 20,000-row import did not succeed');
    peaks.push(peak / MIB);
    idles.push(idle / MIB);
  }
  figure({
    name: 'usage-unit import of 20,000 rows: peak memory of the main process (worker included) vs idle',
    value: median(peaks),
    unit: 'MiB',
    baseline: median(idles),
    target: { max: 1024, of: 'value' },
    runs: RUNS,
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
