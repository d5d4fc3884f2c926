import { useCallback, useReducer, useRef } from 'react';
import type { AccountMapping, AccountToMap, ColumnMapping, HeaderCell, ImportIssue, InvoiceMapping } from '@shared/domain/excel';
import type { Draft, DraftContent } from '@shared/domain/workspace';
import type { InvoiceImportResult } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { ApiError } from '@renderer/lib/api';
import { pickFile, saveFile } from '@renderer/lib/files';
import { addInvoices, emptyFilled, keptExtras } from '@renderer/features/billing/draft-content';
import type { ImportedRows } from '@renderer/features/billing/draft-content';
import type { ImportedFile } from '@renderer/features/billing/import-duplicates';
import { earlierImport, splitDuplicates, withImportedFile } from '@renderer/features/billing/import-duplicates';
import {
  useExportTemplate,
  useImportInvoices,
  useImportTemplate,
  useSaveDraft,
  useSuggestMapping,
} from '@renderer/features/billing/mutations';
import type { PeriodRef } from '@renderer/features/billing/queries';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';

/**
 * An invoice list being read: the file with its suggested columns and the column mapping used (none: recognised).
 * `startFrom`: the draft content before this file was first added, so reading it again with another mapping
 * replaces its invoices instead of adding them twice.
 */
export type InvoiceRun = {
  context: MappingContext;
  mapping: InvoiceMapping | undefined;
  byHand?: boolean;
  startFrom?: DraftContent;
};

type Source = { kind: 'template'; fileId: string } | { kind: 'invoices'; run: InvoiceRun; accountMapping: AccountMapping };
export type ImportTask = 'download' | 'template' | 'invoices' | 'reload';

/** What a finished step did, said by the screen in the clerk's language. */
export type ImportDone =
  | { kind: 'downloaded'; name: string }
  | { kind: 'template'; revision: number }
  | { kind: 'invoices'; invoices: number; deliveries: number; revision: number; skipped: number };

/** A list read again: the rows are held back until the clerk says whether to add them all, only new ones or none. */
export type Repeat = {
  earlier: ImportedFile | undefined;
  duplicates: number;
  fresh: ImportedRows;
  result: Extract<InvoiceImportResult, { ok: true }>;
  run: InvoiceRun;
  accountMapping: AccountMapping;
  start: DraftContent;
  base: Draft | null;
};

export type ImportState =
  | { step: 'idle' }
  | { step: 'busy'; task: ImportTask }
  | { step: 'done'; done: ImportDone; warnings: ImportIssue[]; columns?: { headers: HeaderCell[]; run: InvoiceRun } }
  | { step: 'issues'; task: 'template' | 'invoices'; issues: ImportIssue[]; run?: InvoiceRun }
  | { step: 'map-columns'; context: MappingContext; busy: boolean; issues?: ImportIssue[]; startFrom?: DraftContent }
  | { step: 'map-accounts'; run: InvoiceRun; accounts: AccountToMap[]; issues: ImportIssue[] }
  | { step: 'conflict'; source: Source }
  | { step: 'repeat'; repeat: Repeat }
  | { step: 'error'; task: ImportTask | 'save'; error: unknown };

const asInvoices = (m: ColumnMapping): InvoiceMapping | undefined => (m.kind === 'invoices' ? m : undefined);

type Action = { type: 'set'; state: ImportState } | { type: 'reset' };
const reducer = (_: ImportState, action: Action): ImportState => (action.type === 'reset' ? { step: 'idle' } : action.state);

type Options = { where: PeriodRef; template: Template | null; draft: Draft | null; reloadDraft: () => Promise<Draft | null> };

/**
 * The Excel side of the draft: download the Erfassungsmappe, read it back, add bookkeeping invoices. Every
 * import is saved as the draft at the revision it started from; a conflict keeps the file, so after reloading
 * the same file is read again against the newer draft and nothing is lost.
 */
export function useDraftImport({ where, template, draft, reloadDraft }: Options) {
  const [state, dispatch] = useReducer(reducer, { step: 'idle' });
  const set = (s: ImportState): void => {
    dispatch({ type: 'set', state: s });
  };
  const mappingRef = useRef<AccountMapping>({});
  const { mutateAsync: saveDraft } = useSaveDraft();
  const { mutateAsync: exportTemplate } = useExportTemplate();
  const { mutateAsync: importTemplate } = useImportTemplate();
  const { mutateAsync: suggestMapping } = useSuggestMapping();
  const { mutateAsync: importInvoices } = useImportInvoices();

  const save = useCallback(
    async (content: DraftContent, base: Draft | null, source: Source): Promise<Draft | null> => {
      try {
        return await saveDraft({
          connectionId: where.connectionId,
          draft: { billingunit: where.billingunit, periodTo: where.periodTo, content },
          expectedRevision: base?.revision ?? 0,
        });
      } catch (err) {
        if (err instanceof ApiError && err.error.code === 'CONFLICT') set({ step: 'conflict', source });
        else set({ step: 'error', task: 'save', error: err });
        return null;
      }
    },
    [where, saveDraft],
  );

  const readTemplate = useCallback(
    async (fileId: string, base: Draft | null) => {
      set({ step: 'busy', task: 'template' });
      const result = await importTemplate({ ...where, fileId });
      if (!result.ok) {
        set({ step: 'issues', task: 'template', issues: result.issues });
        return;
      }
      // The workbook holds the template's fields only; what the app keeps beside them stays in the draft.
      const saved = await save({ ...keptExtras(base?.content), ...result.draft }, base, { kind: 'template', fileId });
      if (saved) set({ step: 'done', done: { kind: 'template', revision: saved.revision }, warnings: result.warnings });
    },
    [where, save, importTemplate],
  );

  /** Saves the rows with the file remembered, so the next reading of the same list is recognised. */
  const addRows = useCallback(
    async ({ result, run, accountMapping, start, base }: Repeat, rows: ImportedRows) => {
      const file = { sha256: result.sha256, name: run.context.fileName, at: new Date().toISOString() };
      const content = withImportedFile(addInvoices(start, rows), file);
      const saved = await save(content, base, { kind: 'invoices', run, accountMapping });
      if (!saved) return;
      const invoices = rows.heatingsysteminvoices.length + rows.ancillaryinvoices.length;
      const { deliveries } = rows;
      set({
        step: 'done',
        done: { kind: 'invoices', invoices, deliveries: deliveries.length, revision: saved.revision, skipped: result.skipped },
        warnings: result.warnings,
        columns: { headers: result.summary.headers, run: { ...run, startFrom: start } },
      });
    },
    [save],
  );

  const readInvoices = useCallback(
    async (run: InvoiceRun, accountMapping: AccountMapping, base: Draft | null) => {
      if (!template) return;
      const start = run.startFrom ?? base?.content ?? emptyFilled(template);
      set({ step: 'busy', task: 'invoices' });
      const mapping = run.mapping === undefined ? {} : { mapping: run.mapping };
      const result = await importInvoices({ ...where, fileId: run.context.fileId, accountMapping, ...mapping });
      if (!result.ok) {
        const other = result.issues.filter((i) => i.code !== 'ACCOUNT_UNMAPPED');
        if (result.accounts.length > 0) set({ step: 'map-accounts', run, accounts: result.accounts, issues: other });
        else set({ step: 'issues', task: 'invoices', issues: result.issues, run });
        return;
      }
      // Reading the same file again with other columns replaces its rows (startFrom): that is no repeat.
      const earlier = run.startFrom ? undefined : earlierImport(start, result.sha256);
      const { fresh, duplicates } = splitDuplicates(start, result);
      const repeat = { earlier, duplicates, fresh, result, run, accountMapping, start, base };
      if (earlier !== undefined || duplicates > 0) set({ step: 'repeat', repeat });
      else await addRows(repeat, result);
    },
    [where, template, addRows, importInvoices],
  );

  /** Runs an import step and turns anything unexpected into a notice instead of a stuck screen. */
  const guarded = async (task: ImportTask, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      set({ step: 'error', task, error: err });
    }
  };
  const busy = state.step === 'busy' || (state.step === 'map-columns' && state.busy);

  const download = () =>
    guarded('download', async () => {
      set({ step: 'busy', task: 'download' });
      const file = await exportTemplate(where);
      const saved = await saveFile(file);
      set(saved ? { step: 'done', done: { kind: 'downloaded', name: file.name }, warnings: [] } : { step: 'idle' });
    });

  const readTemplateFile = () =>
    guarded('template', async () => {
      const file = await pickFile('excel');
      if (file) await readTemplate(file.fileId, draft);
    });

  /** Picks a bookkeeping export and asks for its columns; recognised (or remembered) columns are read at once. */
  const readInvoiceFile = () =>
    guarded('invoices', async () => {
      const file = await pickFile('excel');
      if (!file) return;
      set({ step: 'busy', task: 'invoices' });
      const s = await suggestMapping({ connectionId: where.connectionId, fileId: file.fileId, kind: 'invoices' });
      if (!s.ok) {
        set({ step: 'issues', task: 'invoices', issues: s.issues });
        return;
      }
      const context = { fileId: file.fileId, fileName: file.name, suggestion: s.suggestion, remembered: s.remembered };
      if (s.suggestion.missing.length > 0) set({ step: 'map-columns', context, busy: false });
      else {
        const mapping = s.remembered ? asInvoices(s.suggestion.mapping) : undefined;
        await readInvoices({ context, mapping }, mappingRef.current, draft);
      }
    });

  const mapColumns = (context: MappingContext, startFrom?: DraftContent) => {
    set(startFrom ? { step: 'map-columns', context, busy: false, startFrom } : { step: 'map-columns', context, busy: false });
  };

  /** Another sheet or header row in the mapping step: a new suggestion for the same file. */
  const resuggest = (target: { sheet?: string; headerRow?: number }) =>
    guarded('invoices', async () => {
      if (state.step !== 'map-columns') return;
      const { issues: _old, ...mapping } = state;
      const { context } = mapping;
      set({ ...mapping, busy: true });
      const sheet = target.sheet ?? context.suggestion.mapping.sheet;
      const s = await suggestMapping({
        connectionId: where.connectionId,
        fileId: context.fileId,
        kind: 'invoices',
        ...(sheet === undefined ? {} : { sheet }),
        ...(target.headerRow === undefined ? {} : { headerRow: target.headerRow }),
      });
      if (s.ok) set({ ...mapping, context: { ...context, suggestion: s.suggestion, remembered: s.remembered }, busy: false });
      else set({ ...mapping, busy: false, issues: s.issues });
    });

  const applyColumns = (mapping: ColumnMapping) =>
    guarded('invoices', async () => {
      if (state.step !== 'map-columns') return;
      const { context, startFrom } = state;
      const run: InvoiceRun = { context, mapping: asInvoices(mapping), byHand: true, ...(startFrom ? { startFrom } : {}) };
      await readInvoices(run, mappingRef.current, draft);
    });

  const mapAccounts = (mapping: AccountMapping) =>
    guarded('invoices', async () => {
      if (state.step !== 'map-accounts') return;
      mappingRef.current = { ...mappingRef.current, ...mapping };
      await readInvoices(state.run, mappingRef.current, draft);
    });

  /** After a conflict: take the newer draft, then read the same file again against it. */
  const reloadAndRetry = () =>
    guarded('reload', async () => {
      if (state.step !== 'conflict') return;
      const { source } = state;
      const latest = await reloadDraft();
      if (source.kind === 'template') await readTemplate(source.fileId, latest);
      else {
        // The newer draft is someone else's work: add to it rather than rebuild from before this file.
        const { startFrom: _before, ...run } = source.run;
        await readInvoices(run, source.accountMapping, latest);
      }
    });

  /** The clerk's answer to a repeated list: every row again, or only the rows not yet in the draft. */
  const answerRepeat = (only: 'all' | 'new') =>
    guarded('invoices', async () => {
      if (state.step !== 'repeat') return;
      const { repeat } = state;
      set({ step: 'busy', task: 'invoices' });
      await addRows(repeat, only === 'all' ? repeat.result : repeat.fresh);
    });

  const reloadOnly = () =>
    guarded('reload', async () => {
      await reloadDraft();
      dispatch({ type: 'reset' });
    });

  // Busy steps ignore a second click instead of disabling the button, so the keyboard focus stays where it was.
  return {
    state,
    busy,
    download: () => {
      if (!busy) void download();
    },
    importTemplate: () => {
      if (!busy) void readTemplateFile();
    },
    importInvoices: () => {
      if (!busy) void readInvoiceFile();
    },
    mapColumns,
    changeSheet: (sheet: string) => void resuggest({ sheet }),
    changeHeaderRow: (headerRow: number) => void resuggest({ headerRow }),
    applyColumns: (mapping: ColumnMapping) => void applyColumns(mapping),
    mapAccounts: (mapping: AccountMapping) => void mapAccounts(mapping),
    reloadAndRetry: () => void reloadAndRetry(),
    reloadOnly: () => void reloadOnly(),
    addAllAgain: () => void answerRepeat('all'),
    addNewOnly: () => void answerRepeat('new'),
    dismiss: () => {
      dispatch({ type: 'reset' });
    },
  };
}

export type DraftImport = ReturnType<typeof useDraftImport>;
