/**
 * The connection the screens work on: the stored choice (preferences), else the demo connection, else the first.
 * Choosing one stores it, so the choice survives reload and restart.
 */
import type { Connection } from '@shared/domain/connection';
import type { Preferences } from '@shared/ipc/channels/preferences';
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

/** Optimistic: the choice (a language, a connection) shows at once and is rolled back if it cannot be stored. */
export function useUpdatePreferences() {
  const key = ['preferences:get'];
  return useChannelMutation('preferences:update', {
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, { ...before, ...change });
      return before;
    },
    onError: (_error, _change, before) => {
      if (before) queryClient.setQueryData(key, before);
    },
    onSuccess: (prefs) => {
      queryClient.setQueryData(key, prefs);
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
