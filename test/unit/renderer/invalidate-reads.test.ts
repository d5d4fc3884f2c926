/**
 * A change announced while the first read of a screen is still on its way must show: that read may have been
 * answered before the change (seen as "0 Sendungen im Postausgang" right after a send).
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { invalidateReads } from '@renderer/lib/invalidate';

/** A read that has arrived at the main process and waits for the test to let its answer land. */
type Waiting = { land: () => void };

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  let stored: string[] = [];
  const pending: Waiting[] = [];
  // Each read answers with what was stored when it arrived, but only when the test lets it land.
  const queryFn = () => {
    const answer = [...stored];
    return new Promise<string[]>((resolve) =>
      pending.push({
        land: () => {
          resolve(answer);
        },
      }),
    );
  };
  const observer = new QueryObserver(client, { queryKey: ['units:outbox', { connectionId: 'demo' }], queryFn });
  const off = observer.subscribe(() => undefined);
  const land = async () => {
    while (pending.length > 0) pending.shift()?.land();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { client, observer, off, land, store: (v: string[]) => (stored = v) };
}

describe('invalidateReads', () => {
  it('reads again after a first read that was answered before the change', async () => {
    const s = setup();
    s.store(['item-1']);
    void invalidateReads(s.client, ['units:outbox']);
    // Let every read land, and those started meanwhile too.
    for (let i = 0; i < 5; i += 1) await s.land();
    expect(s.observer.getCurrentResult().data).toEqual(['item-1']);
    s.off();
  });

  it('a read that already has data is simply started again', async () => {
    const s = setup();
    await s.land();
    expect(s.observer.getCurrentResult().data).toEqual([]);
    s.store(['item-2']);
    void invalidateReads(s.client, ['units:outbox']);
    for (let i = 0; i < 5; i += 1) await s.land();
    expect(s.observer.getCurrentResult().data).toEqual(['item-2']);
    s.off();
  });

  it('leaves reads of other channels alone', async () => {
    const s = setup();
    await s.land();
    s.store(['item-3']);
    void invalidateReads(s.client, ['units:setups']);
    await s.land();
    expect(s.observer.getCurrentResult().data).toEqual([]);
    expect(s.client.getQueryState(['units:outbox', { connectionId: 'demo' }])?.isInvalidated).toBe(false);
    s.off();
  });
});
