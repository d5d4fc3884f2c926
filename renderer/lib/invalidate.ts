import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Marks cached reads stale and reads again what is on screen, so that what changed shows. TanStack lets a first
 * read still on its way stand in for the new one (it joins it rather than start again), although the main
 * process may have answered that read before the change: such a read is invalidated once more when it lands,
 * else the screen would keep the old answer until the next event (seen as an empty outbox after a send).
 */
export function invalidateReads(client: QueryClient, queryKey?: QueryKey): Promise<void> {
  for (const query of client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    if (query.state.data !== undefined) continue;
    const again = () => client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    void query.promise?.then(again, again);
  }
  return client.invalidateQueries({ queryKey });
}
