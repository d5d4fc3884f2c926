import { useCallback, useEffect } from 'react';
import { api, onEvent } from '@renderer/lib/api';
import { useLoad } from '@renderer/features/billing/useLoad';

export type PeriodRef = { connectionId: string; billingunit: string; periodTo: string };

/**
 * What the period screen shows: the MSC's template, the local draft and the archive of checks and submissions.
 * Draft and archive follow workspace events, so a second window's changes show up here too.
 */
export function usePeriodData({ connectionId, billingunit, periodTo }: PeriodRef) {
  const fetchTemplate = useCallback(
    () => api['templates:get']({ connectionId, billingunit, periodTo }),
    [connectionId, billingunit, periodTo],
  );
  const fetchDraft = useCallback(
    () => api['drafts:get']({ connectionId, billingunit, periodTo }),
    [connectionId, billingunit, periodTo],
  );
  const fetchArchive = useCallback(async () => {
    const list = await api['archive:list']({ connectionId, billingunit, periodTo });
    return [...list].sort((a, b) => b.seq - a.seq);
  }, [connectionId, billingunit, periodTo]);

  const template = useLoad(fetchTemplate);
  const draft = useLoad(fetchDraft);
  const archive = useLoad(fetchArchive);
  const { reload: reloadDraft } = draft;
  const { reload: reloadArchive } = archive;

  useEffect(
    () =>
      onEvent('workspace:changed', ({ connectionId: on, event }) => {
        if (on !== connectionId) return;
        const mine = (b: string, p: string): boolean => b === billingunit && p === periodTo;
        if (event.type === 'draft-saved' && mine(event.draft.billingunit, event.draft.periodTo)) void reloadDraft();
        if (event.type === 'draft-discarded' && mine(event.billingunit, event.periodTo)) void reloadDraft();
        if (event.type === 'archive-appended' && mine(event.entry.billingunit, event.entry.periodTo)) void reloadArchive();
      }),
    [connectionId, billingunit, periodTo, reloadDraft, reloadArchive],
  );

  return {
    template: template.loaded,
    draft: draft.loaded,
    /** The history is a convenience: when it cannot be read, the screen works without it. */
    archive: archive.loaded.state === 'ready' ? archive.loaded.value : [],
    setDraft: draft.set,
    reloadTemplate: template.reload,
    reloadDraft,
    reloadArchive: async () => (await reloadArchive()) ?? [],
  };
}
