/**
 * Usage-unit import of a 20,000-row sheet: (a) the exceljs streaming reader alone reading every row of the file,
 * (a2) the same on the repacked input our importer hands exceljs, (b) our whole import (read, map, validate).
 * Target: (b) within 1.2× of (a2), the same input, so the ratio is our own cost; (b) against (a) is shown beside it.
 * Run: npx tsx bench/excel-import-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { openXlsx } from '@main/services/excel/xlsx-package';
import { figure } from './figures';
import { streamingReaderAlone, unitsWorkbook } from './units-workbook';

const ROWS = 20_000;
const ROWS_TEXT = '20,000';
const RUNS = 7;
const WARMUP = 1;

async function wholeImport(buf: Buffer): Promise<number> {
  const r = await importUsageUnits(buf);
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.units.length;
}

type Case = { label: string; run: () => Promise<number>; times: number[]; count: number };

/** Runs the cases interleaved, so that load from other processes hits all of them alike. */
async function measure(cases: Case[]): Promise<void> {
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const c of cases) {
      const t0 = performance.now();
      c.count = await c.run();
      if (i >= WARMUP) c.times.push(performance.now() - t0);
    }
  }
}

function median(c: Case): number {
  const sorted = [...c.times].sort((a, b) => a - b);
  const ms = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`${c.label}: ${sorted.map((t) => t.toFixed(0)).join(', ')} ms, ${String(c.count)} rows`);
  return ms;
}

const t0 = performance.now();
const buf = await unitsWorkbook(ROWS);
console.log(`generated ${String(ROWS)} rows: ${(buf.length / 1024).toFixed(0)} KiB in ${(performance.now() - t0).toFixed(0)} ms`);
// The importer feeds exceljs a repacked zip (shared parts first, one sheet, checked and stored unpacked),
// which spares exceljs its temp files; against that input (a2) the ratio is our own cost of mapping and validating.
const opened = openXlsx(buf);
if (!opened.ok) throw new Error(opened.issue.message);
const sheet = opened.pkg.sheets[0];
if (!sheet) throw new Error('no sheet');
const prepared = opened.pkg.prepareSheet(sheet);
if (!prepared.ok) throw new Error(prepared.issue.message);
const repacked = prepared.zip;
const make = (label: string, run: () => Promise<number>): Case => ({ label, run, times: [], count: 0 });
const cases = [
  make('(a) exceljs streaming reader alone', () => streamingReaderAlone(buf)),
  make('(a2) exceljs streaming reader alone, repacked input', () => streamingReaderAlone(repacked)),
  make('(b) importUsageUnits (read, map, validate)', () => wholeImport(buf)),
];
await measure(cases);
const [a, a2, b] = cases.map(median) as [number, number, number];
figure({
  name: `usage-unit import of ${ROWS_TEXT} rows (one property): exceljs streaming read alone, original file`,
  value: a,
  unit: 'ms',
  runs: RUNS,
});
figure({
  name: `usage-unit import of ${ROWS_TEXT} rows (one property): exceljs streaming read alone, repacked input`,
  value: a2,
  unit: 'ms',
  runs: RUNS,
});
figure({
  name: `usage-unit import of ${ROWS_TEXT} rows (read, map, validate) vs exceljs on the original file`,
  value: b,
  unit: 'ms',
  baseline: a,
  runs: RUNS,
});
figure({
  name: `usage-unit import of ${ROWS_TEXT} rows (read, map, validate) vs exceljs on the same repacked input`,
  value: b,
  unit: 'ms',
  baseline: a2,
  target: { max: 1.2, of: 'ratio' },
  runs: RUNS,
});
