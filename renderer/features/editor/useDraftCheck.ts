/**
 * The MSC test check of the editor's draft: the pending save is flushed first, so the check belongs to the saved
 * revision, and the outcome is kept by the main process for that revision (`drafts:last-check`).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { DraftContent } from '@shared/domain/workspace';
import { locate } from '@shared/domain/draft-location';
import { asFilled } from '@renderer/features/billing/draft-content';
import { useCheckTemplate } from '@renderer/features/billing/mutations';
import { useLastCheck } from '@renderer/features/billing/queries';
import { useLocalMessages } from '@renderer/features/editor/useLocalMessages';
import type { EditorModel } from '@renderer/features/editor/useEditor';
import type { PeriodRef } from '@renderer/features/editor/locations';
import type { ListedMessage } from '@renderer/features/editor/message-groups';

export function useDraftCheck(where: PeriodRef, model: EditorModel, content: DraftContent) {
  const last = useLastCheck(where);
  const { mutateAsync, isPending, error } = useCheckTemplate();
  const [incomplete, setIncomplete] = useState(false);
  const running = useRef(false);
  const revision = model.draft.data?.revision;
  const { status } = model.autosave;
  // Kept locally while the team database is gone: the last check belongs to the saved stand, not to what is typed.
  const unsaved = status === 'pending' || status === 'saving' || status === 'offline';
  const current = last.data !== undefined && last.data !== null && last.data.revision === revision && !unsaved ? last.data : null;

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      await model.autosave.flush();
      const filled = asFilled(content, model.template.data);
      setIncomplete(filled === null);
      const draftRevision = model.autosave.revision.current;
      if (filled === null || draftRevision === undefined || draftRevision === 0) return;
      await mutateAsync({ ...where, filled, draftRevision });
    } finally {
      running.current = false;
    }
  }, [content, model.autosave, model.template.data, mutateAsync, where]);

  const mscMessages = useMemo<ListedMessage[]>(() => {
    if (current === null || current.outcome.result === 'passed') return [];
    return current.outcome.messages.map((m) => ({
      type: m.type,
      rule: m.shortmessage,
      text: m.message,
      lang: 'de',
      path: m.path,
      loc: locate(m.path, content),
    }));
  }, [current, content]);

  const localMessages = useLocalMessages(model);

  return { last, current, run, isPending, error, incomplete, mscMessages, localMessages, unsaved };
}
