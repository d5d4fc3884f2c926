/** The imports that run in the import worker: what each takes and returns, and running one on a file's bytes. */
import type { InvoiceImportResult, TemplateImportResult } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import type { UnitRowsProgress, UnitRowsResult } from '@shared/ipc/channels/excel';
import { importInvoices, type InvoiceImportOptions } from '@main/services/excel/invoice-import';
import { suggestMapping, type SuggestOptions, type SuggestResult } from '@main/services/excel/mapping-suggest';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { readUsageUnitRows, type UsageUnitImportOptions } from '@main/services/excel/usage-unit-import';
import { readTenantList, type TenantListOptions } from '@main/services/excel/tenant-list';
import type { TenantListResult } from '@shared/ipc/channels/excel';

export type ImportJobs = {
  units: { input: Omit<UsageUnitImportOptions, 'file' | 'onProgress'>; output: UnitRowsResult };
  invoices: { input: Omit<InvoiceImportOptions, 'file'>; output: InvoiceImportResult };
  template: { input: { template: Template }; output: TemplateImportResult };
  tenants: { input: Omit<TenantListOptions, 'file'>; output: TenantListResult };
  suggest: {
    input: { kind: 'usage-units' | 'invoices'; sheet?: string; extra?: Omit<SuggestOptions, 'file'> };
    output: SuggestResult;
  };
};
export type ImportOp = keyof ImportJobs;
export type ImportJob = { [K in ImportOp]: { op: K; input: ImportJobs[K]['input'] } }[ImportOp];

/** What a running import reports before its result (only the usage-unit list reports progress). */
export type ImportProgress = UnitRowsProgress;

/** Runs one import; `file` is the name the messages give the file. */
export async function runImportJob(
  job: ImportJob,
  buffer: Buffer,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportJobs[ImportOp]['output']> {
  switch (job.op) {
    case 'units':
      return readUsageUnitRows(buffer, { ...job.input, file, ...(onProgress ? { onProgress } : {}) });
    case 'invoices':
      return importInvoices(buffer, { ...job.input, file });
    case 'template':
      return importTemplateWorkbook(buffer, job.input.template, { file });
    case 'tenants':
      return readTenantList(buffer, { ...job.input, file });
    case 'suggest':
      return suggestMapping(buffer, job.input.kind, job.input.sheet, { ...job.input.extra, file });
  }
}
