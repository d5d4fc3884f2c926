/** The imports that run in the import worker: what each takes and returns, and running one on a file's bytes. */
import type { InvoiceImportResult, TemplateImportResult, UsageUnitImportResult } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { importInvoices, type InvoiceImportOptions } from '@main/services/excel/invoice-import';
import { suggestMapping, type SuggestOptions, type SuggestResult } from '@main/services/excel/mapping-suggest';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { importUsageUnits, type UsageUnitImportOptions } from '@main/services/excel/usage-unit-import';

export type ImportJobs = {
  units: { input: Omit<UsageUnitImportOptions, 'file'>; output: UsageUnitImportResult };
  invoices: { input: Omit<InvoiceImportOptions, 'file'>; output: InvoiceImportResult };
  template: { input: { template: Template }; output: TemplateImportResult };
  suggest: {
    input: { kind: 'usage-units' | 'invoices'; sheet?: string; extra?: Omit<SuggestOptions, 'file'> };
    output: SuggestResult;
  };
};
export type ImportOp = keyof ImportJobs;
export type ImportJob = { [K in ImportOp]: { op: K; input: ImportJobs[K]['input'] } }[ImportOp];

/** Runs one import; `file` is the name the messages give the file. */
export async function runImportJob(job: ImportJob, buffer: Buffer, file: string): Promise<ImportJobs[ImportOp]['output']> {
  switch (job.op) {
    case 'units':
      return importUsageUnits(buffer, { ...job.input, file });
    case 'invoices':
      return importInvoices(buffer, { ...job.input, file });
    case 'template':
      return importTemplateWorkbook(buffer, job.input.template, { file });
    case 'suggest':
      return suggestMapping(buffer, job.input.kind, job.input.sheet, { ...job.input.extra, file });
  }
}
