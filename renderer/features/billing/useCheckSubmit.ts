import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { Action, CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { Draft } from '@shared/domain/workspace';
import { saveFile } from '@renderer/lib/files';
import { currentLanguage } from '@renderer/i18n/index';
import { keyOf, queryClient } from '@renderer/lib/queries';
import { asFilled } from '@renderer/features/billing/draft-content';
import { useCheckReport, useCheckTemplate, useSubmitTemplate } from '@renderer/features/billing/mutations';
import { submitReducer } from '@renderer/features/billing/submit-steps';
import { useLastCheck } from '@renderer/features/billing/queries';
import type { PeriodRef } from '@renderer/features/billing/queries';

/** The newest answer of the MSC on a draft revision: a test check, or a rejected submission. */
export type LastCheck = {
  revision: number;
  /** The checked submission while it is the draft's current revision; an older revision's content is not at hand. */
  filled: FilledTemplate | undefined;
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

type Options = {
  where: PeriodRef;
  draft: Draft | null;
  template: Template;
  /** This period's archive, newest first. */
  archive: readonly ArchiveSummary[];
  refetchArchive: () => Promise<ArchiveSummary[]>;
};

/**
 * Test checks, the binding submission (confirmed, never twice at once) and check reports of the archive. The last
 * check is the one the main process keeps per period (`drafts:last-check`), whichever door ran it, so it is still
 * shown after leaving the page or restarting, and a revision whose check found errors stays blocked.
 */
export function useCheckSubmit({ where, draft, template, archive, refetchArchive }: Options) {
  const stored = useLastCheck(where);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [rejected, setRejected] = useState<LastCheck | null>(null);
  const [submit, dispatch] = useReducer(submitReducer, { step: 'closed' });
  const [reportError, setReportError] = useState<unknown>(null);
  const running = useRef(false);
  const { mutateAsync: checkTemplate } = useCheckTemplate();
  const { mutateAsync: submitTemplate } = useSubmitTemplate();
  const { mutateAsync: checkReport } = useCheckReport();

  const validateId = archive.find((e) => e.action === 'VALIDATE')?.id;
  const last = useMemo<LastCheck | null>(() => {
    const kept = stored.data;
    if (!kept) return null;
    const filled = draft?.revision === kept.revision ? (asFilled(draft.content, template) ?? undefined) : undefined;
    const messages = kept.outcome.result === 'passed' ? [] : kept.outcome.messages;
    return { revision: kept.revision, filled, messages, archiveId: validateId, source: 'check' };
  }, [stored.data, draft, template, validateId]);
  const check: CheckState = checking
    ? { state: 'checking' }
    : checkError !== null
      ? { state: 'error', error: checkError }
      : last
        ? { state: 'done', last }
        : { state: 'none' };
  /** The MSC's newest word on the draft as it is now: a rejected submission of it, else its last check. */
  const current = [rejected, last].find((c) => c !== null && c.revision === draft?.revision) ?? null;

  const newestArchiveId = useCallback(
    async (actions: readonly Action[]): Promise<string | undefined> =>
      (await refetchArchive()).find((e) => actions.includes(e.action))?.id,
    [refetchArchive],
  );

  const runCheck = useCallback(
    async (filled: FilledTemplate, revision: number) => {
      if (running.current) return;
      running.current = true;
      setChecking(true);
      setCheckError(null);
      setRejected(null);
      try {
        await checkTemplate({ ...where, filled, draftRevision: revision });
      } catch (err) {
        setCheckError(err);
      } finally {
        running.current = false;
        setChecking(false);
      }
    },
    [where, checkTemplate],
  );

  const runSubmit = useCallback(
    async (filled: FilledTemplate, revision: number, ignoreWarnings: boolean) => {
      if (running.current) return;
      running.current = true;
      dispatch({ type: 'start', ignoreWarnings });
      try {
        const outcome = await submitTemplate({ ...where, filled, ignoreWarnings, draftRevision: revision });
        dispatch({ type: 'finished', outcome });
        if (outcome.status === 'rejected') {
          const archiveId = await newestArchiveId(['SEND', 'SEND_AND_IGNORE_WARNINGS']);
          setRejected({ revision, filled, messages: outcome.messages, archiveId, source: 'submit' });
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
        await saveFile(await checkReport({ connectionId: where.connectionId, archiveId, format, language: currentLanguage() }));
      } catch (err) {
        setReportError(err);
      }
    },
    [where.connectionId, checkReport],
  );

  return {
    check,
    current,
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
