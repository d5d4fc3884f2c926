/**
 * A setup POST held past the client timeout and delivered late: the outbox has meanwhile sent the setup again, so
 * the demo MSC receives it twice and the late copy's transaction is the newest. The MSC holds the units either way;
 * the app must not keep waiting for a matching result of the transaction the late copy superseded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mscState, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';
import type { ProxiedRequest } from '@test/support/fault-proxy';

const BILLINGUNIT = '100200301';
const isSetupPost = (req: ProxiedRequest) => req.method === 'POST' && req.path.startsWith('/billingunitsetup/');

describe('a setup delivered late, after the outbox sent it again', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it('is held by the MSC and its matching ends COMPLETED in the app too', async () => {
    // Arrange: the first setup POST is held 1.6 s against a 1 s timeout; the outbox retries after 100 ms
    world = await startFaultWorld({
      plan: (req) => (isSetupPost(req) && req.nth === 1 ? { kind: 'hold', ms: 1600 } : { kind: 'pass' }),
      timing: {
        mscLimits: { timeoutMs: 1000, retries: 1 },
        outboxAutoRetry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 },
      },
    });
    const { h, connectionId, proxy } = world;
    const request = {
      billingunitMscnumber: BILLINGUNIT,
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT' as const,
      residentialunits: [{ residentialunitPmnumber: 'LE-KH42-0001' }, { residentialunitPmnumber: 'LE-KH42-0002' }],
    };

    // Act
    const item = await h['units:send-setup']({ connectionId, request });
    await until(async () => (await h['units:outbox']({ connectionId }))[0]?.state === 'sent', 5000, 'the retry is sent');
    await proxy.whenIdle();

    // Assert: delivered twice (in arrival order at the proxy: the held one first, the MSC got it last); the MSC holds
    // the units and the app's view ends COMPLETED
    const posts = proxy.records().filter((r) => r.method === 'POST' && r.url.startsWith('/billingunitsetup/'));
    expect(posts.map((r) => [r.rule.kind, r.upstreamStatus, r.outcome])).toEqual([
      ['hold', 202, 'client-gone'],
      ['pass', 202, 'answered'],
    ]);
    const held = (await mscState(world)).setups[BILLINGUNIT]?.units.map((u) => u.residentialunitPmnumber);
    expect(held).toEqual(['LE-KH42-0001', 'LE-KH42-0002']);
    await until(
      async () => {
        const tracked = await h['units:refresh-setup']({ connectionId, billingunit: BILLINGUNIT });
        return tracked.status?.setupstatus === 'COMPLETED' && !tracked.watching;
      },
      3000,
      'the app sees the matching completed',
    );
    const [outboxItem] = await h['units:outbox']({ connectionId });
    expect(outboxItem).toMatchObject({ id: item.id, state: 'sent', attempts: 2 });
  });
});
