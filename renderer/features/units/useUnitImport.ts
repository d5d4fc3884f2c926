/**
 * Reading a usage-unit list into the wizard: pick a file, ask for its columns, read it with progress (the first
 * rows show long before the end) and cancel on request. The main process reads in a worker thread, so the page
 * only receives progress events and, at the end, the rows.
 */
import { useCallback, useRef } from 'react';
import type { Dispatch } from 'react';
import type { ColumnMapping, ImportIssue, UsageUnitMapping } from '@shared/domain/excel';
import type { ChangedRow } from '@shared/ipc/channels/setup-wizard';
import { ApiError, onEvent } from '@renderer/lib/api';
import { pickFile } from '@renderer/lib/files';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useCancelImport, useImportUnits, usePrepareImport, useSuggestMapping } from '@renderer/features/units/mutations';
import type { WizardAction, WizardState } from '@renderer/features/units/setup-wizard';
import { checkAhead } from '@renderer/features/units/check-cache';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';
import { fileWarnings, previewRowsOf, valuesOf, withChanges, type PreviewSource } from '@renderer/features/units/import-rows';

/** The clerk's changes to lay over the rows once read (a preview restored after a reload). */
export type Restore = { changed: readonly ChangedRow[]; removed: readonly number[] };

const newJobId = (): string => `import-${crypto.randomUUID()}`;

/** A file the clerk picked, known to the main process by id. */
type Picked = { fileId: string; fileName: string };

export function useUnitImport(connectionId: string, state: WizardState, dispatch: Dispatch<WizardAction>) {
  const errorMessage = useErrorText();
  const { mutateAsync: importUnits } = useImportUnits();
  const { mutateAsync: suggest } = useSuggestMapping();
  const { mutate: cancelImport } = useCancelImport();
  const { mutate: prepare } = usePrepareImport();
  /** The read that may still change the wizard; a cancelled or replaced one is ignored when it answers. */
  const current = useRef<string | undefined>(undefined);

  /** The file's columns could not all be found: the mapping step, or its issues when even that cannot be offered. */
  const toMapping = useCallback(
    async (file: Picked, jobId: string, issues: ImportIssue[]) => {
      const s = await suggest({ connectionId, fileId: file.fileId, kind: 'usage-units' });
      if (current.current !== jobId) return;
      if (!s.ok) {
        dispatch({ type: 'import-issues', fileName: file.fileName, issues });
        return;
      }
      const context = { ...file, suggestion: s.suggestion, remembered: s.remembered };
      if (s.suggestion.missing.length > 0) dispatch({ type: 'map-columns', context });
      else dispatch({ type: 'import-issues', fileName: file.fileName, issues, mapping: context });
    },
    [connectionId, suggest, dispatch],
  );

  /**
   * Reads the file into the preview in one pass: with the given mapping, else the remembered one when the file has
   * its columns, else the columns recognised by their headers. `mapped`: the mapping step the mapping came from.
   */
  const runImport = useCallback(
    async (file: Picked, mapping: UsageUnitMapping | undefined, mapped?: MappingContext, restore?: Restore) => {
      const jobId = newJobId();
      current.current = jobId;
      dispatch({ type: 'reading', fileName: file.fileName, jobId });
      const off = onEvent('excel:import-progress', (progress) => {
        if (progress.jobId === jobId) dispatch({ type: 'progress', jobId, progress });
      });
      try {
        const result = await importUnits({ connectionId, fileId: file.fileId, jobId, ...(mapping ? { mapping } : {}) });
        if (current.current !== jobId) return;
        if (!result.ok) {
          if (mapped) dispatch({ type: 'import-issues', fileName: file.fileName, issues: result.issues, mapping: mapped });
          else await toMapping(file, jobId, result.issues);
          return;
        }
        const context: MappingContext = mapped ?? { ...file, suggestion: result.suggestion, remembered: result.remembered };
        const read = previewRowsOf(result);
        const rows = restore ? withChanges(read, restore.changed, restore.removed) : read;
        await checkAhead(rows, result.fields.includes('partnerPmnumber'));
        if (current.current !== jobId) return;
        const source: PreviewSource = {
          context,
          byHand: mapped !== undefined,
          fields: result.fields,
          headers: result.summary.headers,
          warnings: fileWarnings(result.issues),
          summary: result.summary,
          original: new Map(result.rows.map((r) => [r.row, valuesOf(result.fields, r)])),
          ...(mapping ? { mapping } : {}),
        };
        dispatch({ type: 'previewed', source, rows });
      } catch (err) {
        if (current.current !== jobId) return;
        if (err instanceof ApiError && err.error.code === 'CANCELLED') dispatch({ type: 'start-notice', notice: 'cancelled' });
        // The file lives only as long as the app runs; after a restart the clerk picks it again.
        else if (restore) dispatch({ type: 'start-notice', notice: 'fileGone', fileName: file.fileName });
        else dispatch({ type: 'read-failed', message: errorMessage(err) });
      } finally {
        off();
        if (current.current === jobId) current.current = undefined;
      }
    },
    [connectionId, importUnits, toMapping, dispatch, errorMessage],
  );

  /** Picks a file and reads it; the worker that reads it starts while the clerk is still choosing. */
  const importExcel = useCallback(async () => {
    prepare({});
    try {
      const file = await pickFile('excel');
      if (file) await runImport({ fileId: file.fileId, fileName: file.name }, undefined);
    } catch (err) {
      dispatch({ type: 'read-failed', message: errorMessage(err) });
    }
  }, [prepare, runImport, dispatch, errorMessage]);

  /** Another sheet or header row: a new suggestion for the same file. */
  const resuggest = useCallback(
    async (where: { sheet?: string; headerRow?: number }) => {
      if (state.step !== 'mapping') return;
      const { context } = state;
      dispatch({ type: 'mapping-busy' });
      try {
        const sheet = where.sheet ?? context.suggestion.mapping.sheet;
        const s = await suggest({
          connectionId,
          fileId: context.fileId,
          kind: 'usage-units',
          ...(sheet === undefined ? {} : { sheet }),
          ...(where.headerRow === undefined ? {} : { headerRow: where.headerRow }),
        });
        if (s.ok) dispatch({ type: 'map-columns', context: { ...context, suggestion: s.suggestion, remembered: s.remembered } });
        else dispatch({ type: 'mapping-failed', message: s.issues.map((i) => i.message).join(' ') });
      } catch (err) {
        dispatch({ type: 'mapping-failed', message: errorMessage(err) });
      }
    },
    [connectionId, state, suggest, dispatch, errorMessage],
  );

  const applyMapping = useCallback(
    (mapping: ColumnMapping) => {
      if (state.step !== 'mapping' || mapping.kind !== 'usage-units') return;
      const { context } = state;
      void runImport({ fileId: context.fileId, fileName: context.fileName }, mapping, context);
    },
    [state, runImport],
  );

  /** Stops reading at once; the main process ends its worker. */
  const cancel = useCallback(() => {
    const running = current.current;
    current.current = undefined;
    if (running !== undefined) cancelImport({ jobId: running });
    dispatch({ type: 'start-notice', notice: 'cancelled' });
  }, [cancelImport, dispatch]);

  return { runImport, importExcel, resuggest, applyMapping, cancel };
}
