import { useCallback, useReducer, useRef, useState } from 'react';
import type { Action, CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { Draft } from '@shared/domain/workspace';
import { saveFile } from '@renderer/lib/files';
import { keyOf, queryClient } from '@renderer/lib/queries';
import { asFilled } from '@renderer/features/billing/draft-content';
import { useCheckReport, useCheckTemplate, useSubmitTemplate } from '@renderer/features/billing/mutations';
import { submitReducer } from '@renderer/features/billing/submit-steps';
import type { PeriodRef } from '@renderer/features/billing/queries';

/** The newest answer of the MSC on a draft revision: a test check, or a rejected submission. */
export type LastCheck = {
  revision: number;
  filled: FilledTemplate;
  messages: CheckMessage[];
  archiveId: string | undefined;
  source: 'check' | 'submit';
};

export type CheckState =
  { state: 'none' } | { state: 'checking' } | { state: 'done'; last: LastCheck } | { state: 'error'; error: unknown };

/** The draft as last saved or read, complete enough to send; null otherwise. */
function savedDraft(where: PeriodRef): { filled: FilledTemplate; revision: number } | null {
  const draft = queryClient.getQueryData<Draft | null>(keyOf('drafts:get', where));
  const template = queryClient.getQueryData<Template>(keyOf('templates:get', where));
  const filled = draft ? asFilled(draft.content, template) : null;
  return draft && filled ? { filled, revision: draft.revision } : null;
}

export const countOf = (messages: readonly CheckMessage[], type: CheckMessage['type']): number =>
  messages.filter((m) => m.type === type).length;

type Options = { where: PeriodRef; refetchArchive: () => Promise<ArchiveSummary[]> };

/** Test checks, the binding submission (confirmed, never twice at once) and check reports of the archive. */
export function useCheckSubmit({ where, refetchArchive }: Options) {
  const [check, setCheck] = useState<CheckState>({ state: 'none' });
  const [submit, dispatch] = useReducer(submitReducer, { step: 'closed' });
  const [reportError, setReportError] = useState<unknown>(null);
  const running = useRef(false);
  const { mutateAsync: checkTemplate } = useCheckTemplate();
  const { mutateAsync: submitTemplate } = useSubmitTemplate();
  const { mutateAsync: checkReport } = useCheckReport();

  const newestArchiveId = useCallback(
    async (actions: readonly Action[]): Promise<string | undefined> =>
      (await refetchArchive()).find((e) => actions.includes(e.action))?.id,
    [refetchArchive],
  );

  const runCheck = useCallback(
    async (filled: FilledTemplate, revision: number) => {
      if (running.current) return;
      running.current = true;
      setCheck({ state: 'checking' });
      try {
        const outcome = await checkTemplate({ ...where, filled });
        const messages = outcome.result === 'passed' ? [] : outcome.messages;
        const archiveId = await newestArchiveId(['VALIDATE']);
        setCheck({ state: 'done', last: { revision, filled, messages, archiveId, source: 'check' } });
      } catch (err) {
        setCheck({ state: 'error', error: err });
      } finally {
        running.current = false;
      }
    },
    [where, newestArchiveId, checkTemplate],
  );

  const runSubmit = useCallback(
    async (filled: FilledTemplate, revision: number, ignoreWarnings: boolean) => {
      if (running.current) return;
      running.current = true;
      dispatch({ type: 'start', ignoreWarnings });
      try {
        const outcome = await submitTemplate({ ...where, filled, ignoreWarnings });
        dispatch({ type: 'finished', outcome });
        if (outcome.status === 'rejected') {
          const archiveId = await newestArchiveId(['SEND', 'SEND_AND_IGNORE_WARNINGS']);
          setCheck({ state: 'done', last: { revision, filled, messages: outcome.messages, archiveId, source: 'submit' } });
        }
      } catch (err) {
        dispatch({ type: 'failed', error: err });
        await refetchArchive();
      } finally {
        running.current = false;
      }
    },
    [where, newestArchiveId, refetchArchive, submitTemplate],
  );

  const saveReport = useCallback(
    async (archiveId: string, format: 'pdf' | 'excel') => {
      setReportError(null);
      try {
        await saveFile(await checkReport({ connectionId: where.connectionId, archiveId, format }));
      } catch (err) {
        setReportError(err);
      }
    },
    [where.connectionId, checkReport],
  );

  return {
    check,
    submit,
    reportError,
    /** Checks the newest saved draft (read at the click, so an import that just finished is never missed). */
    runCheck: () => {
      const latest = savedDraft(where);
      if (latest) void runCheck(latest.filled, latest.revision);
    },
    runSubmit: (ignoreWarnings: boolean) => {
      const latest = savedDraft(where);
      if (latest) void runSubmit(latest.filled, latest.revision, ignoreWarnings);
    },
    saveReport: (archiveId: string, format: 'pdf' | 'excel') => void saveReport(archiveId, format),
    openSubmit: () => {
      dispatch({ type: 'open' });
    },
    cancelSubmit: () => {
      dispatch({ type: 'cancel' });
    },
  };
}

export type CheckSubmit = ReturnType<typeof useCheckSubmit>;
