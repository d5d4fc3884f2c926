/**
 * The Erfassungsmappe of a large property: export of the template with a filled draft (2,000 recipients × their
 * distribution values, 500 invoices) and its import back into a draft, as "Als Excel bearbeiten" and "Aus Excel
 * übernehmen" do. Run: npx tsx bench/template-workbook-bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { DraftContent } from '@shared/domain/workspace';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { largeSubmission } from '@test/fixtures/billing-input';
import { figure, median } from './figures';

const RUNS = 5;
const { template, submission } = largeSubmission(2000, 500);
// A filled template is a draft whose every value is already in the MSC's form.
const draft = submission as unknown as DraftContent;

const exports: number[] = [];
const imports: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const workbook = await buildTemplateWorkbook(template, { draft });
  exports.push(performance.now() - t0);
  bytes = workbook.length;
  const t1 = performance.now();
  const back = await importTemplateWorkbook(workbook, template, { file: 'Erfassungsmappe.xlsx' });
  imports.push(performance.now() - t1);
  if (!back.ok) throw new Error(`the exported workbook did not import: ${back.issues[0]?.message ?? ''}`);
}
console.log(`Erfassungsmappe: ${String(Math.round(bytes / 1024))} KiB`);
figure({ name: 'Erfassungsmappe export: 2,000 recipients, 500 invoices', value: median(exports), unit: 'ms', runs: RUNS });
figure({ name: 'Erfassungsmappe import: 2,000 recipients, 500 invoices', value: median(imports), unit: 'ms', runs: RUNS });
