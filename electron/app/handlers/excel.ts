/** Handlers of the `excel:*` channels: the services read and build workbooks; files come from and go to the FileStore. */
import { appError } from '@shared/domain/app-error';
import type { MappingKind } from '@shared/domain/connection';
import { ACCOUNT_SKIP } from '@shared/domain/excel';
import type { AccountMapping, ColumnMapping, MappingSuggestion } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import type { FileRef } from '@shared/ipc/contract';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import { importIsolated, prepareWorker } from '@main/services/excel/isolated-import';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { buildMatchingWorkbook } from '@main/services/excel/matching-export';
import { byLetter } from '@main/services/excel/tenant-list';
import type { SuggestOptions } from '@main/services/excel/mapping-suggest';
import type { SettingsStore } from '@main/services/settings/settings-store';
import type { FileStore } from '@main/app/file-store';
import type { Log } from '@main/app/app-context';
import {
  ACCOUNT_COST_TYPES,
  INVOICE_COLUMNS,
  portable,
  portableColumns,
  TENANT_COLUMNS,
  USAGE_UNIT_COLUMNS,
} from '@main/app/mapping-kinds';
import type { Workspaces } from '@main/app/workspaces';
import { sentUnits } from '@main/app/handlers/units';

type ExcelHandlers = Pick<Handlers, `excel:${string}` & keyof Handlers>;

type ImportKind = ColumnMapping['kind'];
/** An uploaded workbook: its bytes and the name the messages give it. */
type Upload = { bytes: Uint8Array; name: string };

export function excelHandlers(
  ws: Workspaces,
  files: FileStore,
  settings: SettingsStore,
  log: Log,
  hub?: EventHub,
): ExcelHandlers {
  /** Imports the page can still cancel, by the id it gave them. */
  const running = new Map<string, AbortController>();

  function uploadOf(fileId: string): Upload {
    const file = files.get(fileId);
    if (!file)
      throw appError('VALIDATION', { key: 'file.gone' }, 'Die Datei ist nicht mehr vorhanden. Bitte wählen Sie sie erneut aus.');
    return { bytes: file.bytes, name: file.name };
  }

  // Every workbook is read in a worker thread with heap and time limits: a crafted file cannot stall the bridge.
  const suggest = (upload: Upload, kind: ImportKind, sheet: string | undefined, extra: Omit<SuggestOptions, 'file'>) =>
    importIsolated('suggest', { kind, ...(sheet === undefined ? {} : { sheet }), extra }, upload.bytes, upload.name, { log });

  function offer(name: string, bytes: Uint8Array): FileRef {
    const stored = files.put(name, bytes);
    return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
  }

  /** The remembered column mapping with the suggestion it makes, when every header text of it is in this file's header row. */
  async function rememberedFit(
    connectionId: string,
    kind: ImportKind,
    upload: Upload,
    sheet: string | undefined,
  ): Promise<{ mapping: ColumnMapping; suggestion: MappingSuggestion } | undefined> {
    const remembered: ColumnMapping | undefined =
      kind === 'usage-units'
        ? await settings.getMapping(connectionId, USAGE_UNIT_COLUMNS)
        : await settings.getMapping(connectionId, INVOICE_COLUMNS);
    if (!remembered) return undefined;
    const fit = await suggest(upload, kind, sheet, { columns: remembered.columns });
    return fit.ok && fit.suggestion.missing.length === 0 ? { mapping: remembered, suggestion: fit.suggestion } : undefined;
  }

  /** Remembering is a convenience: an import that worked is not failed for it. */
  async function remember<T>(connectionId: string, kind: MappingKind<T>, mapping: T): Promise<void> {
    try {
      await settings.rememberMapping(connectionId, kind, mapping);
    } catch (err) {
      log(`Zuordnung „${kind.name}“ für ${connectionId} nicht gemerkt`, err);
    }
  }

  /** Remembered accounts whose cost type this period has agreed, under the clerk's fresh answers. */
  async function accountsFor(connectionId: string, template: Template, given: AccountMapping = {}): Promise<AccountMapping> {
    const agreed = new Set(template.costtypes.map((c) => c.key));
    const remembered = Object.entries((await settings.getMapping(connectionId, ACCOUNT_COST_TYPES)) ?? {});
    const kept = remembered.filter(([, code]) => code === ACCOUNT_SKIP || agreed.has(code));
    return { ...Object.fromEntries(kept), ...given };
  }

  return {
    'excel:suggest-mapping': async ({ connectionId, fileId, kind, sheet, headerRow }) => {
      const upload = uploadOf(fileId);
      const fit = headerRow === undefined ? await rememberedFit(connectionId, kind, upload, sheet) : undefined;
      if (fit) return { ok: true, suggestion: fit.suggestion, remembered: true };
      const fresh = await suggest(upload, kind, sheet, headerRow === undefined ? {} : { headerRow });
      if (fresh.ok) return { ...fresh, remembered: false };
      if (headerRow !== undefined || !fresh.issues.every((i) => i.code === 'HEADER_NOT_FOUND')) return fresh;
      // No header the app knows: offer the first row for mapping by hand instead of a dead end.
      const byHand = await suggest(upload, kind, sheet, { headerRow: 1 });
      return byHand.ok ? { ...byHand, remembered: false } : fresh;
    },
    'excel:import-units': async ({ connectionId, fileId, sheet, mapping, jobId }) => {
      const upload = uploadOf(fileId);
      const abort = new AbortController();
      if (jobId !== undefined) running.set(jobId, abort);
      try {
        // One pass over the file: the worker takes the remembered columns when the file has them all.
        const remembered = mapping ? undefined : await settings.getMapping(connectionId, USAGE_UNIT_COLUMNS);
        const options = {
          ...(sheet === undefined ? {} : { sheet }),
          ...(mapping === undefined ? {} : { mapping }),
          ...(remembered === undefined ? {} : { preferred: remembered.columns }),
        };
        const result = await importIsolated('units', options, upload.bytes, upload.name, {
          log,
          signal: abort.signal,
          ...(jobId === undefined || !hub
            ? {}
            : {
                onProgress: (p) => {
                  hub.emit('excel:import-progress', { jobId, ...p });
                },
              }),
        });
        if (result.ok && mapping) await remember(connectionId, USAGE_UNIT_COLUMNS, portable(mapping, result.summary.headers));
        return result;
      } finally {
        if (jobId !== undefined) running.delete(jobId);
      }
    },
    'excel:prepare-import': () => {
      prepareWorker();
      return Promise.resolve();
    },
    'excel:cancel-import': ({ jobId }) => {
      running.get(jobId)?.abort();
      return Promise.resolve();
    },
    'excel:import-invoices': async ({ connectionId, billingunit, periodTo, fileId, sheet, mapping, accountMapping }) => {
      const upload = uploadOf(fileId);
      const template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      const fit = mapping ? undefined : await rememberedFit(connectionId, 'invoices', upload, sheet);
      const used = mapping ?? (fit?.mapping.kind === 'invoices' ? fit.mapping : undefined);
      const accounts = await accountsFor(connectionId, template, accountMapping);
      const options = {
        template,
        ...(sheet === undefined ? {} : { sheet }),
        ...(used === undefined ? {} : { mapping: used }),
        accountMapping: accounts,
      };
      const result = await importIsolated('invoices', options, upload.bytes, upload.name, { log });
      if (!result.ok) return result;
      if (used) await remember(connectionId, INVOICE_COLUMNS, portable(used, result.summary.headers));
      if (Object.keys(accounts).length > 0) {
        const all = (await settings.getMapping(connectionId, ACCOUNT_COST_TYPES)) ?? {};
        await remember(connectionId, ACCOUNT_COST_TYPES, { ...all, ...accounts });
      }
      return result;
    },
    'excel:import-template': async ({ connectionId, billingunit, periodTo, fileId }) => {
      const upload = uploadOf(fileId);
      const template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      return importIsolated('template', { template }, upload.bytes, upload.name, { log });
    },
    'excel:export-template': async ({ connectionId, billingunit, periodTo }) => {
      const template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      const draft = await (await ws.workspace(connectionId)).drafts.get(billingunit, periodTo);
      // The draft as typed, also half-filled: every value goes into its cell, so editing in Excel loses nothing.
      const bytes = await buildTemplateWorkbook(template, draft ? { draft: draft.content } : {});
      return offer(`Erfassungsmappe ${billingunit} bis ${periodTo}.xlsx`, bytes);
    },
    'excel:import-tenants': async ({ connectionId, fileId, sheet, headerRow, columns }) => {
      const upload = uploadOf(fileId);
      // A fresh file is read with the columns chosen last time, when it has them all (the ERP exports alike).
      const remembered =
        columns === undefined && headerRow === undefined ? await settings.getMapping(connectionId, TENANT_COLUMNS) : undefined;
      const input = {
        ...(sheet === undefined ? {} : { sheet }),
        ...(headerRow === undefined ? {} : { headerRow }),
        ...(columns === undefined ? {} : { columns }),
        ...(remembered === undefined ? {} : { preferred: remembered.columns }),
      };
      const result = await importIsolated('tenants', input, upload.bytes, upload.name, { log });
      // Chosen columns are remembered once they read the list's rows.
      if (result.ok && columns !== undefined && result.rows.length > 0) {
        await remember(connectionId, TENANT_COLUMNS, { columns: portableColumns(byLetter(columns), result.headers) });
      }
      return result;
    },
    'excel:export-matching': async ({ connectionId, billingunit }) => {
      const sent = sentUnits((await ws.workspace(connectionId)).outbox.list(), billingunit);
      const status = await (await ws.client(connectionId)).getSetupStatus(billingunit);
      return offer(`Zuordnung ${billingunit}.xlsx`, await buildMatchingWorkbook(status, sent));
    },
  };
}
