/**
 * The connection the screens work on: the stored choice (preferences), else the demo connection, else the first.
 * Choosing one stores it, so the choice survives reload and restart.
 */
import type { Connection } from '@shared/domain/connection';
import { queryClient, useChannel, useChannelMutation } from '@renderer/lib/queries';

const DEMO_ID = 'demo';

export type ActiveConnection =
  | { state: 'loading' }
  | { state: 'error'; error: Error; reload: () => void }
  | { state: 'none' }
  | { state: 'ready'; connection: Connection; connections: Connection[]; select: (id: string) => void };

export function useConnections() {
  return useChannel('connections:list', undefined);
}

export function usePreferences() {
  return useChannel('preferences:get', undefined, {});
}

export function useUpdatePreferences() {
  return useChannelMutation('preferences:update', {
    onSuccess: (prefs) => {
      queryClient.setQueryData(['preferences:get'], prefs);
    },
  });
}

export function useActiveConnection(): ActiveConnection {
  const connections = useConnections();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  if (connections.isPending || preferences.isPending) return { state: 'loading' };
  const failed = connections.error ?? preferences.error;
  if (failed) {
    return {
      state: 'error',
      error: failed,
      reload: () => {
        void connections.refetch();
        void preferences.refetch();
      },
    };
  }
  const list = connections.data ?? [];
  const chosen = preferences.data?.activeConnectionId;
  const connection = list.find((c) => c.id === chosen) ?? list.find((c) => c.id === DEMO_ID) ?? list[0];
  if (!connection) return { state: 'none' };
  return {
    state: 'ready',
    connection,
    connections: list,
    select: (id) => {
      update.mutate({ activeConnectionId: id });
    },
  };
}
