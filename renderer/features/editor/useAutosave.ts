/**
 * Autosave: every change is saved ~500 ms after the last keystroke through `drafts:save` with the revision it was
 * based on. Until the save is confirmed, the content also sits in sessionStorage, and a pending save is flushed
 * when the page is hidden or left, so a reload mid-typing finds every typed value. A stale revision (another
 * window saved meanwhile) is a conflict the clerk resolves; nothing typed is dropped before that. While the team
 * database is out of reach the status is `offline`: the input is kept in this window and the team notes save it when
 * the database is back (still based on the revision it started from).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DraftContent } from '@shared/domain/workspace';
import { ApiError } from '@renderer/lib/api';
import { useSaveDraft } from '@renderer/features/billing/mutations';
import type { PeriodRef } from '@renderer/features/editor/locations';

const DELAY_MS = 500;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'conflict' | 'error' | 'offline';
type Unsaved = { base: number; content: DraftContent };

const storageKey = (ref: PeriodRef) => `kb.editor.unsaved:${ref.connectionId}/${ref.billingunit}/${ref.periodTo}`;

export function readUnsaved(ref: PeriodRef): Unsaved | null {
  try {
    const raw = sessionStorage.getItem(storageKey(ref));
    return raw === null ? null : (JSON.parse(raw) as Unsaved);
  } catch {
    return null;
  }
}

export function useAutosave(ref: PeriodRef, content: DraftContent | null, changes: number, baseRevision: number | undefined) {
  const { mutateAsync } = useSaveDraft();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const revision = useRef<number | undefined>(baseRevision);
  const latest = useRef<{ content: DraftContent | null; changes: number }>({ content, changes });
  const saved = useRef(0);
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  // Offline, each keystroke's save fails at once: the badge keeps saying "kept locally" instead of flickering.
  const offline = useRef(false);

  const again = useRef<() => void>(() => undefined);

  // Before the save effect below runs, so a save always sends the newest content on the right revision.
  useLayoutEffect(() => {
    if (revision.current === undefined && baseRevision !== undefined) revision.current = baseRevision;
    latest.current = { content, changes };
  });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const { content: now, changes: count } = latest.current;
    if (now === null || count <= saved.current || saving.current || blocked.current || revision.current === undefined) return;
    saving.current = true;
    if (!offline.current) setStatus('saving');
    try {
      const draft = await mutateAsync({
        connectionId: ref.connectionId,
        draft: { billingunit: ref.billingunit, periodTo: ref.periodTo, content: now },
        expectedRevision: revision.current,
      });
      revision.current = draft.revision;
      saved.current = count;
      offline.current = false;
      if (latest.current.changes === count) {
        sessionStorage.removeItem(storageKey(ref));
        setStatus('saved');
      } else {
        timer.current = setTimeout(() => {
          again.current();
        }, DELAY_MS);
      }
    } catch (err) {
      const conflict = err instanceof ApiError && err.error.code === 'CONFLICT';
      blocked.current = conflict;
      offline.current = err instanceof ApiError && err.error.key === 'team.offline';
      setError(err);
      setStatus(conflict ? 'conflict' : offline.current ? 'offline' : 'error');
    } finally {
      saving.current = false;
    }
  }, [mutateAsync, ref]);

  useLayoutEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  useEffect(() => {
    if (content === null || changes === 0 || changes <= saved.current) return;
    try {
      sessionStorage.setItem(storageKey(ref), JSON.stringify({ base: revision.current ?? 0, content } satisfies Unsaved));
    } catch {
      // A full sessionStorage only loses the reload safety net; the save itself still runs.
    }
    if (!blocked.current && !offline.current) setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DELAY_MS);
  }, [content, changes, flush, ref]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onLeave = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      clearTimeout(timer.current);
      void flush();
    };
  }, [flush]);

  /** After a conflict: keep my input and save it over the newer revision `serverRevision`. */
  const keepMine = useCallback(
    (serverRevision: number) => {
      revision.current = serverRevision;
      blocked.current = false;
      saved.current = 0;
      void flush();
    },
    [flush],
  );

  /** After a conflict: drop my unsaved input and continue from the newer revision the caller loads. */
  const takeTheirs = useCallback(
    (serverRevision: number) => {
      sessionStorage.removeItem(storageKey(ref));
      revision.current = serverRevision;
      blocked.current = false;
      saved.current = 0;
      setStatus('idle');
    },
    [ref],
  );

  return { status, error, flush, keepMine, takeTheirs, revision };
}
