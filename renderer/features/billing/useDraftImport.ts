import { useCallback, useReducer, useRef } from 'react';
import type { AccountMapping, AccountToMap, ImportIssue } from '@shared/domain/excel';
import type { Draft } from '@shared/domain/workspace';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { api, ApiError, errorMessage } from '@renderer/lib/api';
import { pickFile, saveFile } from '@renderer/lib/files';
import { addInvoices, asFilled, emptyFilled } from '@renderer/features/billing/draft-content';
import type { PeriodRef } from '@renderer/features/billing/usePeriodData';

type Source = { kind: 'template'; fileId: string } | { kind: 'invoices'; fileId: string; accountMapping: AccountMapping };

export type ImportState =
  | { step: 'idle' }
  | { step: 'busy'; task: 'download' | 'template' | 'invoices' }
  | { step: 'done'; text: string; warnings: ImportIssue[] }
  | { step: 'issues'; title: string; issues: ImportIssue[] }
  | { step: 'map-accounts'; fileId: string; accounts: AccountToMap[]; issues: ImportIssue[] }
  | { step: 'conflict'; source: Source }
  | { step: 'error'; title: string; message: string };

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
    async (fileId: string, accountMapping: AccountMapping, base: Draft | null) => {
      if (!template) return;
      const start = base === null ? emptyFilled(template) : asFilled(base.content);
      if (!start) {
        set({
          step: 'error',
          title: 'Die Rechnungsliste wurde nicht übernommen',
          message: 'Der Entwurf ist noch unvollständig. Bitte lesen Sie zuerst die Erfassungsmappe ein.',
        });
        return;
      }
      set({ step: 'busy', task: 'invoices' });
      const result = await api['excel:import-invoices']({ ...where, fileId, accountMapping });
      if (!result.ok) {
        const other = result.issues.filter((i) => i.code !== 'ACCOUNT_UNMAPPED');
        if (result.accounts.length > 0) set({ step: 'map-accounts', fileId, accounts: result.accounts, issues: other });
        else set({ step: 'issues', title: 'Die Rechnungsliste wurde nicht übernommen', issues: result.issues });
        return;
      }
      const saved = await save(addInvoices(start, result), base, { kind: 'invoices', fileId, accountMapping });
      if (saved) {
        const invoices = result.heatingsysteminvoices.length + result.ancillaryinvoices.length;
        const deliveries = result.deliveries.length;
        const text = `${plural(invoices, 'Rechnung', 'Rechnungen')} und ${plural(deliveries, 'Brennstofflieferung', 'Brennstofflieferungen')} in den Entwurf übernommen (Stand ${String(saved.revision)}).`;
        set({ step: 'done', text, warnings: result.warnings });
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

  const importInvoices = () =>
    guarded('Die Rechnungsliste konnte nicht eingelesen werden', async () => {
      const file = await pickFile('excel');
      if (file) await readInvoices(file.fileId, mappingRef.current, draft);
    });

  const mapAccounts = (fileId: string, mapping: AccountMapping) =>
    guarded('Die Rechnungsliste konnte nicht eingelesen werden', async () => {
      mappingRef.current = { ...mappingRef.current, ...mapping };
      await readInvoices(fileId, mappingRef.current, draft);
    });

  /** After a conflict: take the newer draft, then read the same file again against it. */
  const reloadAndRetry = () =>
    guarded('Der Entwurf konnte nicht neu geladen werden', async () => {
      if (state.step !== 'conflict') return;
      const { source } = state;
      const latest = await reloadDraft();
      if (source.kind === 'template') await readTemplate(source.fileId, latest);
      else await readInvoices(source.fileId, source.accountMapping, latest);
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
    mapAccounts,
    reloadAndRetry,
    reloadOnly,
    dismiss: () => {
      dispatch({ type: 'reset' });
    },
  };
}
