/** Writes of the connections part of Einstellungen; each marks the reads it changes as stale. */
import { invalidate, queryClient, useChannelMutation } from '@renderer/lib/queries';

/** Creates or updates a connection; its old health no longer says anything, so it is checked again. */
export function useSaveConnection() {
  return useChannelMutation('connections:save', {
    invalidates: ['connections:list'],
    onSuccess: async (saved) => {
      await invalidate(['connections:check', { id: saved.id }]);
    },
  });
}

export function useRemoveConnection() {
  return useChannelMutation('connections:remove', {
    invalidates: ['connections:list', 'app:problems'],
    onSuccess: (_void, { id }) => {
      queryClient.removeQueries({ queryKey: ['connections:check', { id }] });
    },
  });
}

/** Takes a picked or uploaded certificate file into the data folder; the form then holds the copy's path. */
export function useTakeCertificate() {
  return useChannelMutation('connections:take-certificate');
}
