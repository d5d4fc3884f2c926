import { useCallback, useReducer, useRef } from 'react';
import type { AccountMapping, AccountToMap, ColumnMapping, HeaderCell, ImportIssue, InvoiceMapping } from '@shared/domain/excel';
import type { Draft } from '@shared/domain/workspace';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { api, ApiError, errorMessage } from '@renderer/lib/api';
import { pickFile, saveFile } from '@renderer/lib/files';
import { addInvoices, asFilled, emptyFilled } from '@renderer/features/billing/draft-content';
import type { PeriodRef } from '@renderer/features/billing/usePeriodData';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';

/**
 * An invoice list being read: the file with its suggested columns and the column mapping used (none: recognised).
 * `startFrom`: the draft content before this file was first added, so reading it again with another mapping
 * replaces its invoices instead of adding them twice.
 */
export type InvoiceRun = {
  context: MappingContext;
  mapping: InvoiceMapping | undefined;
  /** The clerk chose the columns in the mapping step. */
  byHand?: boolean;
  startFrom?: FilledTemplate;
};

type Source = { kind: 'template'; fileId: string } | { kind: 'invoices'; run: InvoiceRun; accountMapping: AccountMapping };

export type ImportState =
  | { step: 'idle' }
  | { step: 'busy'; task: 'download' | 'template' | 'invoices' }
  | { step: 'done'; text: string; warnings: ImportIssue[]; columns?: { headers: HeaderCell[]; run: InvoiceRun } }
  | { step: 'issues'; title: string; issues: ImportIssue[]; run?: InvoiceRun }
  | { step: 'map-columns'; context: MappingContext; busy: boolean; error?: string; startFrom?: FilledTemplate }
  | { step: 'map-accounts'; run: InvoiceRun; accounts: AccountToMap[]; issues: ImportIssue[] }
  | { step: 'conflict'; source: Source }
  | { step: 'error'; title: string; message: string };

const asInvoices = (m: ColumnMapping): InvoiceMapping | undefined => (m.kind === 'invoices' ? m : undefined);

const plural = (n: number, one: string, many: string): string => `${String(n)} ${n === 1 ? one : many}`;

type Action = { type: 'set'; state: ImportState } | { type: 'reset' };

const reducer = (_: ImportState, action: Action): ImportState => (action.type === 'reset' ? { step: 'idle' } : action.state);

type Options = {
  where: PeriodRef;
  template: Template | null;
  draft: Draft | null;
  reloadDraft: () => Promise<Draft | null>;
  onSaved: (draft: Draft) => void;
};

/**
 * The Excel side of the draft: download the Erfassungsmappe, read it back, add bookkeeping invoices. Every
 * import is saved as the draft at the revision it started from; a conflict keeps the file, so after reloading
 * the same file is read again against the newer draft and nothing is lost.
 */
export function useDraftImport({ where, template, draft, reloadDraft, onSaved }: Options) {
  const [state, dispatch] = useReducer(reducer, { step: 'idle' });
  const set = (s: ImportState): void => {
    dispatch({ type: 'set', state: s });
  };
  const mappingRef = useRef<AccountMapping>({});

  const save = useCallback(
    async (content: FilledTemplate, base: Draft | null, source: Source): Promise<Draft | null> => {
      try {
        const saved = await api['drafts:save']({
          connectionId: where.connectionId,
          draft: { billingunit: where.billingunit, periodTo: where.periodTo, content },
          expectedRevision: base?.revision ?? 0,
        });
        onSaved(saved);
        return saved;
      } catch (err) {
        if (err instanceof ApiError && err.error.code === 'CONFLICT') set({ step: 'conflict', source });
        else set({ step: 'error', title: 'Der Entwurf konnte nicht gespeichert werden', message: errorMessage(err) });
        return null;
      }
    },
    [where, onSaved],
  );

  const readTemplate = useCallback(
    async (fileId: string, base: Draft | null) => {
      set({ step: 'busy', task: 'template' });
      const result = await api['excel:import-template']({ ...where, fileId });
      if (!result.ok) {
        set({ step: 'issues', title: 'Die Erfassungsmappe wurde nicht übernommen', issues: result.issues });
        return;
      }
      const saved = await save(result.draft, base, { kind: 'template', fileId });
      if (saved) {
        const text = `Erfassungsmappe eingelesen und als Entwurf gespeichert (Stand ${String(saved.revision)}).`;
        set({ step: 'done', text, warnings: result.warnings });
      }
    },
    [where, save],
  );

  const readInvoices = useCallback(
    async (run: InvoiceRun, accountMapping: AccountMapping, base: Draft | null) => {
      if (!template) return;
      const start = run.startFrom ?? (base === null ? emptyFilled(template) : asFilled(base.content));
      if (!start) {
        set({
          step: 'error',
          title: 'Die Rechnungsliste wurde nicht übernommen',
          message: 'Der Entwurf ist noch unvollständig. Bitte lesen Sie zuerst die Erfassungsmappe ein.',
        });
        return;
      }
      set({ step: 'busy', task: 'invoices' });
      const { fileId } = run.context;
      const result = await api['excel:import-invoices']({
        ...where,
        fileId,
        accountMapping,
        ...(run.mapping === undefined ? {} : { mapping: run.mapping }),
      });
      if (!result.ok) {
        const other = result.issues.filter((i) => i.code !== 'ACCOUNT_UNMAPPED');
        if (result.accounts.length > 0) set({ step: 'map-accounts', run, accounts: result.accounts, issues: other });
        else set({ step: 'issues', title: 'Die Rechnungsliste wurde nicht übernommen', issues: result.issues, run });
        return;
      }
      const saved = await save(addInvoices(start, result), base, { kind: 'invoices', run, accountMapping });
      if (saved) {
        const invoices = result.heatingsysteminvoices.length + result.ancillaryinvoices.length;
        const deliveries = result.deliveries.length;
        const text = `${plural(invoices, 'Rechnung', 'Rechnungen')} und ${plural(deliveries, 'Brennstofflieferung', 'Brennstofflieferungen')} in den Entwurf übernommen (Stand ${String(saved.revision)}).`;
        const columns = { headers: result.summary.headers, run: { ...run, startFrom: start } };
        set({ step: 'done', text, warnings: result.warnings, columns });
      }
    },
    [where, template, save],
  );

  /** Runs an import step and turns anything unexpected into a German notice instead of a stuck screen. */
  const guarded = useCallback(async (title: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      set({ step: 'error', title, message: errorMessage(err) });
    }
  }, []);

  const download = () =>
    guarded('Die Erfassungsmappe konnte nicht erstellt werden', async () => {
      set({ step: 'busy', task: 'download' });
      const file = await api['excel:export-template'](where);
      const saved = await saveFile(file);
      set(saved ? { step: 'done', text: `„${file.name}“ wurde gespeichert.`, warnings: [] } : { step: 'idle' });
    });

  const importTemplate = () =>
    guarded('Die Erfassungsmappe konnte nicht eingelesen werden', async () => {
      const file = await pickFile('excel');
      if (file) await readTemplate(file.fileId, draft);
    });

  /** Picks a bookkeeping export and asks for its columns; recognised (or remembered) columns are read at once. */
  const importInvoices = () =>
    guarded('Die Rechnungsliste konnte nicht eingelesen werden', async () => {
      const file = await pickFile('excel');
      if (!file) return;
      set({ step: 'busy', task: 'invoices' });
      const s = await api['excel:suggest-mapping']({ connectionId: where.connectionId, fileId: file.fileId, kind: 'invoices' });
      if (!s.ok) {
        set({ step: 'issues', title: 'Die Rechnungsliste wurde nicht übernommen', issues: s.issues });
        return;
      }
      const context = { fileId: file.fileId, fileName: file.name, suggestion: s.suggestion, remembered: s.remembered };
      if (s.suggestion.missing.length > 0) set({ step: 'map-columns', context, busy: false });
      else
        await readInvoices(
          { context, mapping: s.remembered ? asInvoices(s.suggestion.mapping) : undefined },
          mappingRef.current,
          draft,
        );
    });

  const mapColumns = (context: MappingContext, startFrom?: FilledTemplate) => {
    set(startFrom ? { step: 'map-columns', context, busy: false, startFrom } : { step: 'map-columns', context, busy: false });
  };

  /** Another sheet or header row in the mapping step: a new suggestion for the same file. */
  const resuggest = (target: { sheet?: string; headerRow?: number }) =>
    guarded('Die Rechnungsliste konnte nicht gelesen werden', async () => {
      if (state.step !== 'map-columns') return;
      const { error: _old, ...mapping } = state;
      const { context } = mapping;
      set({ ...mapping, busy: true });
      const sheet = target.sheet ?? context.suggestion.mapping.sheet;
      const s = await api['excel:suggest-mapping']({
        connectionId: where.connectionId,
        fileId: context.fileId,
        kind: 'invoices',
        ...(sheet === undefined ? {} : { sheet }),
        ...(target.headerRow === undefined ? {} : { headerRow: target.headerRow }),
      });
      if (s.ok) set({ ...mapping, context: { ...context, suggestion: s.suggestion, remembered: s.remembered }, busy: false });
      else set({ ...mapping, busy: false, error: s.issues.map((i) => i.message).join(' ') });
    });

  const applyColumns = (mapping: ColumnMapping) =>
    guarded('Die Rechnungsliste konnte nicht eingelesen werden', async () => {
      if (state.step !== 'map-columns') return;
      const { context, startFrom } = state;
      const run: InvoiceRun = { context, mapping: asInvoices(mapping), byHand: true, ...(startFrom ? { startFrom } : {}) };
      await readInvoices(run, mappingRef.current, draft);
    });

  const mapAccounts = (mapping: AccountMapping) =>
    guarded('Die Rechnungsliste konnte nicht eingelesen werden', async () => {
      if (state.step !== 'map-accounts') return;
      mappingRef.current = { ...mappingRef.current, ...mapping };
      await readInvoices(state.run, mappingRef.current, draft);
    });

  /** After a conflict: take the newer draft, then read the same file again against it. */
  const reloadAndRetry = () =>
    guarded('Der Entwurf konnte nicht neu geladen werden', async () => {
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

  const reloadOnly = () =>
    guarded('Der Entwurf konnte nicht neu geladen werden', async () => {
      await reloadDraft();
      dispatch({ type: 'reset' });
    });

  return {
    state,
    download,
    importTemplate,
    importInvoices,
    mapColumns,
    changeSheet: (sheet: string) => void resuggest({ sheet }),
    changeHeaderRow: (headerRow: number) => void resuggest({ headerRow }),
    applyColumns: (mapping: ColumnMapping) => void applyColumns(mapping),
    mapAccounts: (mapping: AccountMapping) => void mapAccounts(mapping),
    reloadAndRetry,
    reloadOnly,
    dismiss: () => {
      dispatch({ type: 'reset' });
    },
  };
}

export type DraftImport = ReturnType<typeof useDraftImport>;
