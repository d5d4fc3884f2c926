/** Handlers of the `excel:*` channels: the services read and build workbooks; files come from and go to the FileStore. */
import { appError } from '@shared/domain/app-error';
import { FilledTemplate } from '@shared/msc/billing-input';
import type { FileRef } from '@shared/ipc/contract';
import type { Handlers } from '@main/ipc/gate';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { importInvoices } from '@main/services/excel/invoice-import';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { buildMatchingWorkbook } from '@main/services/excel/matching-export';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import { lastSentRequest } from '@main/app/handlers/units';

type ExcelHandlers = Pick<Handlers, `excel:${string}` & keyof Handlers>;

export function excelHandlers(ws: Workspaces, files: FileStore): ExcelHandlers {
  function bytesOf(fileId: string): Buffer {
    const file = files.get(fileId);
    if (!file) throw appError('VALIDATION', 'Die Datei ist nicht mehr vorhanden. Bitte wählen Sie sie erneut aus.');
    return Buffer.from(file.bytes);
  }

  function offer(name: string, bytes: Uint8Array): FileRef {
    const stored = files.put(name, bytes);
    return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
  }

  return {
    'excel:import-units': ({ fileId, sheet, mapping }) =>
      importUsageUnits(bytesOf(fileId), {
        ...(sheet === undefined ? {} : { sheet }),
        ...(mapping === undefined ? {} : { mapping }),
      }),
    'excel:import-invoices': async ({ connectionId, billingunit, periodTo, fileId, sheet, mapping, accountMapping }) => {
      const buffer = bytesOf(fileId);
      const template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      return importInvoices(buffer, {
        template,
        ...(sheet === undefined ? {} : { sheet }),
        ...(mapping === undefined ? {} : { mapping }),
        ...(accountMapping === undefined ? {} : { accountMapping }),
      });
    },
    'excel:import-template': async ({ connectionId, billingunit, periodTo, fileId }) => {
      const buffer = bytesOf(fileId);
      return importTemplateWorkbook(buffer, await (await ws.client(connectionId)).getTemplate(billingunit, periodTo));
    },
    'excel:export-template': async ({ connectionId, billingunit, periodTo }) => {
      const template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      const draft = await (await ws.workspace(connectionId)).drafts.get(billingunit, periodTo);
      // Only a complete draft can pre-fill the workbook; a half-typed one stays in the app.
      const filled = FilledTemplate.safeParse(draft?.content);
      const bytes = await buildTemplateWorkbook(template, filled.success ? { draft: filled.data } : {});
      return offer(`Erfassungsmappe ${billingunit} bis ${periodTo}.xlsx`, bytes);
    },
    'excel:export-matching': async ({ connectionId, billingunit }) => {
      const sent = lastSentRequest((await ws.workspace(connectionId)).outbox.list(), billingunit);
      const status = await (await ws.client(connectionId)).getSetupStatus(billingunit);
      return offer(`Zuordnung ${billingunit}.xlsx`, await buildMatchingWorkbook(status, sent?.residentialunits ?? []));
    },
  };
}
