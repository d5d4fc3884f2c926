/** Reads and writes of the team database: this desk's status, joining and leaving, the clerk's name, the takeover. */
import { useEffect } from 'react';
import { api } from '@renderer/lib/api';
import { invalidate, useChannel, useChannelMutation } from '@renderer/lib/queries';

/** Mode, connection, clerk and whether the database answers; kept fresh by the `team:status` event. */
export function useTeamStatus() {
  return useChannel('team:status', undefined);
}

/** Joining, leaving or a new name changes where every screen reads from: everything is read again. */
const rereadAll = () => invalidate();

export function useSaveTeamDb() {
  return useChannelMutation('team:save', { onSuccess: rereadAll });
}

export function useLeaveTeamDb() {
  return useChannelMutation('team:leave', { onSuccess: rereadAll });
}

export function useSetClerk() {
  return useChannelMutation('team:set-clerk', { invalidates: ['team:status'] });
}

export function useTakeoverState(connectionId: string | undefined) {
  return useChannel('team:takeover-state', connectionId === undefined ? null : { connectionId });
}

export function useTakeOver() {
  return useChannelMutation('team:take-over', { onSuccess: rereadAll });
}

/** Announces this desk in the period every 15 s while the editor is open, and withdraws when it closes. */
export function usePresence(where: { connectionId: string; billingunit: string; periodTo: string }, team: boolean) {
  const { connectionId, billingunit, periodTo } = where;
  useEffect(() => {
    if (!team) return;
    return () => {
      void api['team:presence']({ connectionId, billingunit, periodTo, open: false }).catch(() => undefined);
    };
  }, [team, connectionId, billingunit, periodTo]);
  return useChannel('team:presence', team ? { connectionId, billingunit, periodTo, open: true } : null, {
    refetchInterval: PRESENCE_BEAT_MS,
  });
}

export const PRESENCE_BEAT_MS = 15_000;
