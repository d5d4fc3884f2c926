/**
 * Reads and writes of the Demo-Messdienst panel. An operator action changes what the clerk's other screens show
 * (matching, periods, the Übersicht): each marks those reads stale, besides the workspace events that the main
 * process sends when it asked the followed setups again.
 */
import type { Connection } from '@shared/domain/connection';
import type { Channel } from '@shared/ipc/contract';
import { useQuery } from '@tanstack/react-query';
import { channelQuery, useChannelMutation } from '@renderer/lib/queries';
import { useConnections } from '@renderer/lib/useActiveConnection';

/** The embedded demo connection is the only one the panel may act on. */
export const isDemo = (connection: Connection | undefined): boolean => connection?.target.kind === 'embedded-demo';

/** Whether the connection with this id is the embedded demo (false while the connections load). */
export function useIsDemoConnection(connectionId: string): boolean {
  const connections = useConnections();
  return isDemo(connections.data?.find((c) => c.id === connectionId));
}

/**
 * Always read afresh and every few seconds: manual work appears when the clerk's setup reaches the demo MSC, which
 * no workspace event announces to this panel. The read stays on this machine (the demo runs in-process).
 */
export function useDemoState(connectionId: string | null) {
  return useQuery({
    ...channelQuery('demo:state', { connectionId: connectionId ?? '' }),
    enabled: connectionId !== null,
    staleTime: 0,
    refetchInterval: 3_000,
  });
}

const AFTER_MATCHING: readonly Channel[] = [
  'demo:state',
  'units:setups',
  'units:matching',
  'units:page',
  'units:list',
  'overview:open-periods',
];

export function useResolveManual() {
  return useChannelMutation('demo:resolve', { invalidates: AFTER_MATCHING });
}

export function useAdvanceTimers() {
  return useChannelMutation('demo:advance', { invalidates: AFTER_MATCHING });
}

export function useSetPeriodStatus() {
  return useChannelMutation('demo:period-status', {
    invalidates: ['demo:state', 'periods:list', 'overview:open-periods', 'templates:get'],
  });
}
