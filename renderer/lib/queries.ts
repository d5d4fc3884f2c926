/**
 * TanStack Query over the IPC contract: one query per read channel, keyed by the channel and its input, so
 * every screen that shows the same data shares one cache entry, and workspace events invalidate keys instead of
 * patching state by hand (see useWorkspaceEvents). Components use feature hooks built on these, never `api`.
 */
import { QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import { api } from '@renderer/lib/api';
import { invalidateReads } from '@renderer/lib/invalidate';

/** How long a read counts as fresh: a screen opened within it shows the cached answer without reading again. */
export const FRESH_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    // The main process already retries what is safe to retry; a second layer would only delay the error.
    queries: { retry: false, staleTime: FRESH_MS, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Marks the reads under `queryKey` (all without one) as stale; see invalidateReads. */
export const invalidate = (queryKey?: readonly unknown[]): Promise<void> => invalidateReads(queryClient, queryKey);

type Call<C extends Channel> = (input: Input<C>) => Promise<Output<C>>;
const call = <C extends Channel>(channel: C): Call<C> => api[channel];

/** The query key of a channel call: `[channel, input]`; `[channel]` alone matches every input of it. */
export const keyOf = <C extends Channel>(channel: C, input?: Input<C>) =>
  (input === undefined ? [channel] : [channel, input]) as readonly unknown[];

export function channelQuery<C extends Channel>(channel: C, input: Input<C>) {
  return queryOptions({ queryKey: keyOf(channel, input), queryFn: () => call(channel)(input) });
}

/** Reads a channel; `input: null` means there is nothing to read yet (the query waits). */
export function useChannel<C extends Channel>(channel: C, input: Input<C> | null, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: keyOf(channel, input ?? undefined),
    queryFn: () => call(channel)(input as Input<C>),
    enabled: input !== null,
    ...options,
  });
}

/** Writes through a channel and, when it succeeded, marks the listed channels' cached reads as stale. */
export function useChannelMutation<C extends Channel>(
  channel: C,
  options: { invalidates?: readonly Channel[] } & Omit<UseMutationOptions<Output<C>, Error, Input<C>>, 'mutationFn'> = {},
) {
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<Output<C>, Error, Input<C>>({
    mutationKey: [channel],
    mutationFn: (input) => call(channel)(input),
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((c) => invalidate([c])));
      await onSuccess?.(...args);
    },
    ...rest,
  });
}
