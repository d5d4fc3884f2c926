import { useCallback, useEffect, useState } from 'react';
import type { Draft } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import type { ArchiveSummary } from '@shared/ipc/contract';
import { api, errorMessage, onEvent } from '@renderer/lib/api';
import type { Loaded } from '@renderer/features/billing/useBillingUnits';

export type PeriodRef = { connectionId: string; billingunit: string; periodTo: string };

/**
 * What the period screen shows: the MSC's template, the local draft and the archive of checks and submissions.
 * Draft and archive follow workspace events, so a second window's changes show up here too.
 */
export function usePeriodData(where: PeriodRef) {
  const { connectionId, billingunit, periodTo } = where;
  const [template, setTemplate] = useState<Loaded<Template>>({ state: 'loading' });
  const [draft, setDraft] = useState<Loaded<Draft | null>>({ state: 'loading' });
  const [archive, setArchive] = useState<ArchiveSummary[]>([]);

  const reloadTemplate = useCallback(async () => {
    try {
      setTemplate({ state: 'ready', value: await api['templates:get']({ connectionId, billingunit, periodTo }) });
    } catch (err) {
      setTemplate({ state: 'error', message: errorMessage(err) });
    }
  }, [connectionId, billingunit, periodTo]);

  const reloadDraft = useCallback(async (): Promise<Draft | null> => {
    try {
      const value = await api['drafts:get']({ connectionId, billingunit, periodTo });
      setDraft({ state: 'ready', value });
      return value;
    } catch (err) {
      setDraft({ state: 'error', message: errorMessage(err) });
      return null;
    }
  }, [connectionId, billingunit, periodTo]);

  const reloadArchive = useCallback(async (): Promise<ArchiveSummary[]> => {
    try {
      const list = await api['archive:list']({ connectionId, billingunit, periodTo });
      const newestFirst = [...list].sort((a, b) => b.seq - a.seq);
      setArchive(newestFirst);
      return newestFirst;
    } catch {
      // The history is a convenience; the screen works without it.
      return [];
    }
  }, [connectionId, billingunit, periodTo]);

  useEffect(() => {
    void reloadTemplate();
    void reloadDraft();
    void reloadArchive();
    return onEvent('workspace:changed', ({ connectionId: on, event }) => {
      if (on !== connectionId) return;
      const mine = (b: string, p: string): boolean => b === billingunit && p === periodTo;
      if (event.type === 'draft-saved' && mine(event.draft.billingunit, event.draft.periodTo)) void reloadDraft();
      if (event.type === 'draft-discarded' && mine(event.billingunit, event.periodTo)) void reloadDraft();
      if (event.type === 'archive-appended' && mine(event.entry.billingunit, event.entry.periodTo)) void reloadArchive();
    });
  }, [connectionId, billingunit, periodTo, reloadTemplate, reloadDraft, reloadArchive]);

  return { template, draft, archive, setDraft, reloadTemplate, reloadDraft, reloadArchive };
}
