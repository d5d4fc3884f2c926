/**
 * Main-process events turned into fresh screens and toasts: each event marks the cached reads it affects as
 * stale (TanStack Query refetches what is on screen) and the noteworthy ones show a toast.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, EventPayload } from '@shared/ipc/contract';
import { eventsConnected, onEvent, onEventsConnected } from '@renderer/lib/api';
import { invalidate, queryClient } from '@renderer/lib/queries';
import { showToast } from '@renderer/lib/toast';

type WorkspaceEventType = EventPayload<'workspace:changed'>['event']['type'];

const STALE_AFTER: Readonly<Record<WorkspaceEventType, readonly Channel[]>> = {
  'outbox-item-changed': ['units:outbox'],
  'outbox-item-removed': ['units:outbox'],
  'setup-status-changed': ['units:setups', 'units:matching', 'units:list', 'units:page', 'overview:open-periods'],
  'draft-saved': ['drafts:list', 'drafts:get', 'overview:open-periods'],
  'draft-discarded': ['drafts:list', 'drafts:get'],
  // Every test check is archived after its outcome was kept: another desk's check shows here too (issue 19).
  'archive-appended': ['archive:list', 'periods:list', 'overview:open-periods', 'drafts:last-check'],
  // An accepted OSR delivery changes the recipients of the MSC's templates of open periods.
  'osr-unit-changed': ['osr:units', 'osr:records', 'templates:get'],
  'osr-log-appended': ['osr:history'],
  // The MSC billed a period: its status, its result and the Übersicht's deadlines change.
  'result-stored': ['results:get', 'results:list', 'periods:list', 'overview:open-periods'],
  problem: ['app:problems'],
};

const markStale = (channels: readonly Channel[]) => {
  for (const c of channels) void invalidate([c]);
};

/** Subscribes for the app's lifetime; true once events arrive (the app counts as ready only then). */
export function useWorkspaceEvents(): boolean {
  const { t } = useTranslation();
  const [connected, setConnected] = useState(eventsConnected);
  useEffect(() => {
    // Whatever happened while the stream was not connected (a reconnection, or reads that could not wait for its
    // first opening) was not announced: read everything on screen again.
    const offConnected = onEventsConnected((missed) => {
      setConnected(true);
      if (missed) void invalidate();
    });
    const offWorkspace = onEvent('workspace:changed', ({ event }) => {
      markStale(STALE_AFTER[event.type]);
      const status = event.type === 'setup-status-changed' ? event.setup.status?.setupstatus : undefined;
      if (event.type === 'setup-status-changed' && status === 'COMPLETED' && event.previous !== 'COMPLETED') {
        showToast({
          color: 'green',
          title: t('toast.matchingCompletedTitle'),
          message: t('toast.matchingCompleted', { billingunit: event.setup.billingunit }),
        });
      }
      if (event.type === 'result-stored') {
        showToast({
          color: 'green',
          title: t('toast.billedTitle'),
          message: t('toast.billed', { billingunit: event.entry.billingunit, count: event.recipients }),
        });
      }
    });
    const offChecked = onEvent('billing:checked', (e) => {
      markStale(['archive:list', 'periods:list', 'drafts:last-check']);
      const key = `toast.${e.action === 'VALIDATE' ? 'check' : 'submit'}.${e.result}`;
      const counts = t('toast.counts', {
        errors: t('toast.errors', { count: e.errors }),
        warnings: t('toast.warnings', { count: e.warnings }),
      });
      showToast({
        color: e.result === 'failed' || e.errors > 0 ? 'red' : e.warnings > 0 ? 'yellow' : 'green',
        title: t(`${key}.title`),
        message: t(`${key}.message`, { billingunit: e.billingunit, counts }),
      });
    });
    const offStatus = onEvent('connection:status', ({ connectionId, health }) => {
      queryClient.setQueryData(['connections:check', { id: connectionId }], health);
    });
    // The team database went away or came back (or this desk joined or left it): the banner follows at once, and on
    // the return every screen reads again from the database.
    const offTeam = onEvent('team:status', (status) => {
      const before = queryClient.getQueryData<{ online: boolean; mode: string }>(['team:status']);
      queryClient.setQueryData(['team:status'], status);
      // Also told when another desk changed the office's connections (electron/app/connection-engine.ts).
      if (status.mode === 'team') void queryClient.invalidateQueries({ queryKey: ['connections:list'] });
      if (status.online && (before?.online === false || before?.mode !== status.mode)) void invalidate();
    });
    return () => {
      offConnected();
      offWorkspace();
      offChecked();
      offStatus();
      offTeam();
    };
  }, [t]);
  return connected;
}
