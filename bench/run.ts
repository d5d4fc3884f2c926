/**
 * `npm run bench`: runs every benchmark one after the other (never in parallel, so they do not compete for the
 * two cores), then prints one table of every figure and writes bench/results.json. With names as arguments
 * (`npm run bench -- editor`) only those run, and their rows replace the same benchmarks' rows in results.json.
 * Benchmarks measure; a missed target is shown, it does not fail the command.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES_FILE_ENV, TABLE_HEAD, formatRow } from './figures';
import type { FigureRow } from './figures';

const here = dirname(fileURLToPath(import.meta.url));
const resultsFile = join(here, 'results.json');
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('-bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const scratch = mkdtempSync(join(tmpdir(), 'kb-bench-figures-'));
const figuresFile = join(scratch, 'figures.jsonl');
writeFileSync(figuresFile, '');
const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
    env: { ...process.env, [FIGURES_FILE_ENV]: figuresFile },
  });
  if (r.status !== 0) failed.push(file);
}
const fresh = readFileSync(figuresFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as FigureRow);
rmSync(scratch, { recursive: true, force: true });

const ran = new Set(benches.map((f) => f.replace(/\.ts$/, '')));
const kept =
  only.length > 0 && existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: FigureRow[] }).rows.filter((r) => !ran.has(r.bench))
    : [];
const rows = [...kept, ...fresh].sort((a, b) => a.bench.localeCompare(b.bench));
// One name, one figure: results.json and the table are read by name.
const names = rows.map((r) => r.name);
const shared = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      rows,
    },
    null,
    2,
  )}\n`,
);

console.log('\n=== all figures (bench/results.json)');
for (const line of TABLE_HEAD) console.log(line);
for (const r of rows) console.log(formatRow(r));
const missed = rows.filter((r) => r.met === false);
if (missed.length > 0) console.log(`\n${String(missed.length)} target(s) missed: ${missed.map((r) => r.name).join('; ')}`);
if (failed.length > 0) console.log(`\nbenchmark(s) that failed to run: ${failed.join(', ')}`);
if (shared.length > 0) console.log(`\nfigure name(s) given by more than one row: ${shared.join('; ')}`);
process.exit(failed.length === 0 && shared.length === 0 ? 0 : 1);
