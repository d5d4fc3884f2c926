import { useCallback, useReducer, useRef, useState } from 'react';
import type { CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import type { ArchiveSummary, SubmitOutcome } from '@shared/ipc/contract';
import { api, errorMessage } from '@renderer/lib/api';
import { saveFile } from '@renderer/lib/files';
import type { PeriodRef } from '@renderer/features/billing/usePeriodData';

/** The newest answer of the MSC on a draft revision: a test check, or a rejected submission. */
export type LastCheck = {
  revision: number;
  filled: FilledTemplate;
  messages: CheckMessage[];
  archiveId: string | undefined;
  source: 'check' | 'submit';
};

export type CheckState =
  { state: 'none' } | { state: 'checking' } | { state: 'done'; last: LastCheck } | { state: 'error'; message: string };

export type SubmitState =
  | { step: 'closed' }
  | { step: 'confirm' }
  | { step: 'submitting'; ignoreWarnings: boolean }
  | { step: 'outcome'; outcome: SubmitOutcome }
  | { step: 'error'; message: string };

type SubmitAction =
  | { type: 'open' }
  | { type: 'cancel' }
  | { type: 'start'; ignoreWarnings: boolean }
  | { type: 'finished'; outcome: SubmitOutcome }
  | { type: 'failed'; message: string };

function submitReducer(state: SubmitState, action: SubmitAction): SubmitState {
  switch (action.type) {
    case 'open':
      return state.step === 'submitting' ? state : { step: 'confirm' };
    case 'cancel':
      return state.step === 'submitting' ? state : { step: 'closed' };
    case 'start':
      return state.step === 'confirm' ? { step: 'submitting', ignoreWarnings: action.ignoreWarnings } : state;
    case 'finished':
      return { step: 'outcome', outcome: action.outcome };
    case 'failed':
      return { step: 'error', message: action.message };
  }
}

export const countOf = (messages: readonly CheckMessage[], type: CheckMessage['type']): number =>
  messages.filter((m) => m.type === type).length;

type Options = {
  where: PeriodRef;
  reloadArchive: () => Promise<ArchiveSummary[]>;
  onSubmitted: () => Promise<unknown>;
};

/** Test checks, the binding submission (confirmed, never twice at once) and check reports of the archive. */
export function useCheckSubmit({ where, reloadArchive, onSubmitted }: Options) {
  const [check, setCheck] = useState<CheckState>({ state: 'none' });
  const [submit, dispatch] = useReducer(submitReducer, { step: 'closed' });
  const [reportError, setReportError] = useState<string | null>(null);
  const running = useRef(false);

  const newestArchiveId = useCallback(
    async (actions: readonly string[]): Promise<string | undefined> =>
      (await reloadArchive()).find((e) => actions.includes(e.action))?.id,
    [reloadArchive],
  );

  const runCheck = useCallback(
    async (filled: FilledTemplate, revision: number) => {
      setCheck({ state: 'checking' });
      try {
        const outcome = await api['templates:check']({ ...where, filled });
        const messages = outcome.result === 'passed' ? [] : outcome.messages;
        const archiveId = await newestArchiveId(['VALIDATE']);
        setCheck({ state: 'done', last: { revision, filled, messages, archiveId, source: 'check' } });
      } catch (err) {
        setCheck({ state: 'error', message: errorMessage(err) });
      }
    },
    [where, newestArchiveId],
  );

  const runSubmit = useCallback(
    async (filled: FilledTemplate, revision: number, ignoreWarnings: boolean) => {
      if (running.current) return;
      running.current = true;
      dispatch({ type: 'start', ignoreWarnings });
      try {
        const outcome = await api['templates:submit']({ ...where, filled, ignoreWarnings });
        dispatch({ type: 'finished', outcome });
        if (outcome.status === 'rejected') {
          const archiveId = await newestArchiveId(['SEND', 'SEND_AND_IGNORE_WARNINGS']);
          setCheck({ state: 'done', last: { revision, filled, messages: outcome.messages, archiveId, source: 'submit' } });
        } else {
          await onSubmitted();
          await reloadArchive();
        }
      } catch (err) {
        dispatch({ type: 'failed', message: errorMessage(err) });
        await reloadArchive();
      } finally {
        running.current = false;
      }
    },
    [where, newestArchiveId, onSubmitted, reloadArchive],
  );

  const saveReport = useCallback(
    async (archiveId: string, format: 'pdf' | 'excel') => {
      setReportError(null);
      try {
        const file = await api['reports:check']({ connectionId: where.connectionId, archiveId, format });
        await saveFile(file);
      } catch (err) {
        setReportError(errorMessage(err));
      }
    },
    [where.connectionId],
  );

  return {
    check,
    submit,
    reportError,
    runCheck,
    runSubmit,
    saveReport,
    openSubmit: () => {
      dispatch({ type: 'open' });
    },
    cancelSubmit: () => {
      dispatch({ type: 'cancel' });
    },
  };
}
