/**
 * One figure of `npm run bench`: every benchmark reports its measurements through `figure`, which prints the row
 * and, when run under bench/run.ts, appends it to the run's figures file, so one table and bench/results.json hold
 * every figure of the run. A target bounds either the value itself or its ratio to a baseline measured in the same run.
 */
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

export type Target = { max: number; of: 'value' | 'ratio' };

export type Figure = {
  name: string;
  value: number;
  unit: 'ms' | 'MiB' | 'count';
  /** The same work done by the bare library or a simpler path, measured in the same run. */
  baseline?: number;
  target?: Target;
  /** How many runs the value is the median of (1 for a single measurement). */
  runs?: number;
};

export type FigureRow = {
  bench: string;
  name: string;
  value: number;
  unit: Figure['unit'];
  baseline: number | null;
  ratio: number | null;
  target: string | null;
  met: boolean | null;
  runs: number;
};

export const FIGURES_FILE_ENV = 'KB_BENCH_FIGURES';

const round = (x: number, places: number): number => Number(x.toFixed(places));

export function rowOf(bench: string, f: Figure): FigureRow {
  const ratio = f.baseline === undefined || f.baseline === 0 ? null : round(f.value / f.baseline, 2);
  const measured = f.target?.of === 'ratio' ? ratio : f.value;
  const target =
    f.target === undefined
      ? null
      : f.target.of === 'ratio'
        ? `ratio ≤ ${String(f.target.max)}`
        : `< ${String(f.target.max)} ${f.unit}`;
  const met =
    f.target === undefined || measured === null
      ? null
      : f.target.of === 'ratio'
        ? measured <= f.target.max
        : measured < f.target.max;
  return {
    bench,
    name: f.name,
    value: round(f.value, f.unit === 'ms' && f.value < 100 ? 2 : 0),
    unit: f.unit,
    baseline: f.baseline === undefined ? null : round(f.baseline, f.baseline < 100 ? 2 : 0),
    ratio,
    target,
    met,
    runs: f.runs ?? 1,
  };
}

export function formatRow(r: FigureRow): string {
  const value = `${String(r.value)} ${r.unit}`;
  const baseline = r.baseline === null ? '–' : `${String(r.baseline)} ${r.unit}`;
  const ratio = r.ratio === null ? '–' : `${String(r.ratio)}×`;
  const verdict = r.met === null ? '–' : `${r.target ?? ''} ${r.met ? 'met' : 'MISSED'}`;
  return `| ${r.name} | ${value} | ${baseline} | ${ratio} | ${verdict} |`;
}

export const TABLE_HEAD = ['| figure | value | baseline | ratio | target |', '|---|---|---|---|---|'];

/** The benchmark a figure comes from: the file the process runs (`cold-start-bench`). */
const benchName = basename(process.argv[1] ?? 'bench').replace(/\.ts$/, '');

/** Prints the figure and records it for the run's table. */
export function figure(f: Figure): void {
  const row = rowOf(benchName, f);
  console.log(formatRow(row));
  const file = process.env[FIGURES_FILE_ENV];
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
