/**
 * Excel fuzzing (issue 13): mutated workbooks through the usage-unit, invoice-list, tenant-list and template importers, run as
 * the app runs them (importIsolated: a worker thread with its heap limit and timeout). Each ends in a valid import
 * or in errors that say what is wrong, within 10 s and with the process under 1 GiB; none hangs or crashes.
 * `npm test` runs a short form; `npm run fuzz:excel` the full one (scripts/excel-fuzz.ts: 100 per importer, a
 * summary of the outcomes).
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { importIsolated } from '@main/services/excel/isolated-import';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { baseTemplate } from '@test/fixtures/billing-input-base';
import { invoiceWorkbook, usageUnitWorkbook, workbookOf } from '@test/fixtures/excel/workbooks';
import { mutations } from '@test/support/workbook-fuzz';

const FULL = process.env.KB_EXCEL_FUZZ_RUNS !== undefined;
const RUNS = Number(process.env.KB_EXCEL_FUZZ_RUNS ?? '10');
const SEED = Number(process.env.KB_EXCEL_FUZZ_SEED ?? '20261125');
const GIB = 1024 * 1024 * 1024;
const template = baseTemplate();

type Outcome = { ok: boolean; issues: { severity: string; code: string; message: string }[] };

const IMPORTERS = {
  units: { base: usageUnitWorkbook, run: (b: Buffer, file: string) => importIsolated('units', {}, b, file) },
  invoices: { base: invoiceWorkbook, run: (b: Buffer, file: string) => importIsolated('invoices', { template }, b, file) },
  tenants: {
    base: () =>
      workbookOf('Mieter', [
        ['Wohnungs-Nr.', 'Mieternummer', 'Vorname', 'Name', 'Einzug', 'Auszug'],
        ...Array.from({ length: 40 }, (_, i) => [
          String(i + 1).padStart(4, '0'),
          `P-${String(i)}`,
          'Erika',
          `Muster ${String(i)}`,
          new Date(Date.UTC(2015 + (i % 10), i % 12, 1)),
          i % 3 === 0 ? '30.06.2025' : null,
        ]),
      ]),
    run: (b: Buffer, file: string) => importIsolated('tenants', {}, b, file),
  },
  template: {
    base: () => buildTemplateWorkbook(template),
    run: (b: Buffer, file: string) => importIsolated('template', { template }, b, file),
  },
} as const;

describe.each(Object.keys(IMPORTERS) as (keyof typeof IMPORTERS)[])('fuzzed workbooks through the %s importer', (kind) => {
  it(`${String(RUNS)} mutations each end in an import or a clear error within 10 s and 1 GiB`, async () => {
    const importer = IMPORTERS[kind];
    const cases = mutations(await importer.base(), SEED + kind.length, RUNS);
    const outcomes: string[] = [];
    for (const [i, { name, bytes }] of cases.entries()) {
      const file = `Fuzz ${kind} ${String(i)}.xlsx`;
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const started = performance.now();
      let result: Outcome;
      try {
        result = (await importer.run(bytes, file)) as Outcome;
      } finally {
        clearInterval(sampler);
      }
      const ms = performance.now() - started;
      const what = `${file} (${name})`;
      expect(ms, what).toBeLessThan(10_000);
      expect(peak, what).toBeLessThan(GIB);
      if (!result.ok) {
        expect(result.issues.filter((x) => x.severity === 'error').length, what).toBeGreaterThan(0);
        for (const issue of result.issues) {
          expect(issue.code, what).toMatch(/^[A-Z_]+$/);
          expect(issue.message.length, what).toBeGreaterThan(10);
        }
      }
      outcomes.push(result.ok ? 'imported' : (result.issues[0]?.code ?? '?'));
    }
    if (FULL) {
      const tally = new Map<string, number>();
      for (const o of outcomes) tally.set(o, (tally.get(o) ?? 0) + 1);
      const counts = [...tally].map(([o, count]) => `${o} ${String(count)}`);
      console.log(`${kind}: ${String(outcomes.length)} mutated workbooks: ${counts.join(', ')}`);
    }
    // Mostly refusals, but not all the same one: the mutations reach different parts of the reader.
    expect(new Set(outcomes).size).toBeGreaterThan(1);
  }, 600_000);
});
