/**
 * The Übersicht's reads, for every connection at once. Each is the same query (channel + input) the other
 * screens use, so they share the cache and the workspace events keep them fresh.
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Connection } from '@shared/domain/connection';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import { channelQuery } from '@renderer/lib/queries';
import { useActiveConnection, useConnections, useUpdatePreferences } from '@renderer/lib/useActiveConnection';

export type Read<C extends Channel> = UseQueryResult<Output<C>>;

export type ConnectionReads = {
  connection: Connection;
  units: Read<'units:list'>;
  setups: Read<'units:setups'>;
  outbox: Read<'units:outbox'>;
  archive: Read<'archive:list'>;
};

function useForEach<C extends 'units:list' | 'units:setups' | 'units:outbox' | 'archive:list' | 'overview:open-periods'>(
  channel: C,
  connections: readonly Connection[],
): Read<C>[] {
  const queries = connections.map((c) => channelQuery<C>(channel, { connectionId: c.id } as Input<C>));
  return useQueries({ queries });
}

export function useDashboardReads() {
  const connections = useConnections();
  const list = connections.data ?? [];
  const units = useForEach('units:list', list);
  const setups = useForEach('units:setups', list);
  const outbox = useForEach('units:outbox', list);
  const archive = useForEach('archive:list', list);
  const reads = list.map((connection, i): ConnectionReads => ({
    connection,
    units: units[i] as Read<'units:list'>,
    setups: setups[i] as Read<'units:setups'>,
    outbox: outbox[i] as Read<'units:outbox'>,
    archive: archive[i] as Read<'archive:list'>,
  }));
  return { connections, reads };
}

export function useOpenPeriods(connections: readonly Connection[]) {
  return useForEach('overview:open-periods', connections);
}

/**
 * Follows a link that concerns one connection: a list screen shows the active connection, so another one is made
 * active first. A route with the connection in it needs no switch (its `:connectionId` wins).
 */
export function useOpenForConnection() {
  const navigate = useNavigate();
  const active = useActiveConnection();
  const update = useUpdatePreferences();
  const activeId = active.state === 'ready' ? active.connection.id : undefined;
  return {
    activeId,
    open: (connectionId: string, to: string) => {
      if (connectionId === activeId) {
        void navigate(to);
        return;
      }
      update.mutate(
        { activeConnectionId: connectionId },
        {
          onSuccess: () => {
            void navigate(to);
          },
        },
      );
    },
  };
}
