/**
 * Issue 19, item 10: the system clock set back one hour (by the clerk or a time sync) must not make the outbox or
 * the setup watcher wait that hour. Their waits run on the monotonic clock; wall time only labels what is stored.
 */
import { describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import type { OsrSender } from '@main/services/workspace/osr-deliveries';
import { PROPERTY, tenantChange } from '@test/integration/osr/fixtures';
import {
  appError,
  createFakeSender,
  createManualClock,
  setupFor,
  statusOf,
  waitFor,
  type FakeSender,
  type ManualClock,
  useTempWorkspaces,
} from '@test/unit/workspace/helpers';

const HOUR = 60 * 60_000;

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(clock: ManualClock, sender: FakeSender): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender, clock });
  open.push(ws);
  return ws;
}

/** Runs timers until `done`; returns the monotonic time that took (what the clerk would have waited). */
async function waitedUntil(clock: ManualClock, done: () => boolean): Promise<number> {
  const from = clock.monotonic();
  for (let i = 0; i < 5 && !done(); i++) {
    await waitFor(() => clock.pendingCount() > 0 || done());
    if (done()) break;
    clock.runNext();
    await waitFor(() => done() || clock.pendingCount() > 0);
  }
  expect(done()).toBe(true);
  return clock.monotonic() - from;
}

describe('with the clock set back one hour', () => {
  it('the outbox retries a failed setup after a restart within its backoff, not an hour later', async () => {
    // Arrange: a setup fails in transit (retry due 30 s later), the app is closed and the clock set back an hour
    const clock = createManualClock();
    const failing = createFakeSender();
    failing.onSend = () => Promise.reject(appError('TIMEOUT', 'Zeitüberschreitung'));
    const first = await createWorkspace({ dir, sender: failing, clock });
    const item = await first.outbox.enqueue(setupFor('1'));
    first.start();
    await waitFor(() => first.outbox.get(item.id)?.state === 'failed');
    await first.close();
    clock.shiftWall(-HOUR);

    // Act
    const sender = createFakeSender();
    const ws = await openWs(clock, sender);
    ws.start();
    const waited = await waitedUntil(clock, () => ws.outbox.get(item.id)?.state === 'sent');

    // Assert
    expect(waited).toBeLessThanOrEqual(30_000);
    expect(sender.sent.map((s) => s.billingunit)).toEqual(['1']);
  });

  it('an On-Site-Roles delivery that failed is retried after a restart within its backoff', async () => {
    // Arrange
    const clock = createManualClock();
    const failing: OsrSender = { deliverOnSiteRoles: () => Promise.reject(appError('TIMEOUT', 'Zeitüberschreitung')) };
    const first = await createWorkspace({ dir, sender: createFakeSender(), osrSender: failing, clock });
    await first.osr.save({ billingunit: PROPERTY, residentialunit: '0002', roles: tenantChange() });
    await first.osr.deliver(PROPERTY, '0002');
    first.start();
    await waitFor(() => first.osr.get(PROPERTY, '0002')?.delivery?.state === 'failed');
    await first.close();
    clock.shiftWall(-HOUR);

    // Act
    const delivered: string[] = [];
    const osrSender: OsrSender = {
      deliverOnSiteRoles: (_bu, unit) => {
        delivered.push(unit);
        return Promise.resolve({ status: 'accepted', transactionid: 'tx', acceptedat: '2025-03-01T07:00:00Z', messages: [] });
      },
    };
    const ws = await createWorkspace({ dir, sender: createFakeSender(), osrSender, clock });
    open.push(ws);
    ws.start();
    const waited = await waitedUntil(clock, () => ws.osr.get(PROPERTY, '0002')?.delivered !== undefined);

    // Assert
    expect(waited).toBeLessThanOrEqual(30_000);
    expect(delivered).toEqual(['0002']);
  });

  it('the setup watcher polls within its interval when the clock is set back while it waits', async () => {
    // Arrange
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    sender.onStatus = () => Promise.resolve(statusOf('9', 'COMPLETED'));
    const ws = await openWs(clock, sender);
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: new Date(clock.now()).toISOString() });

    // Act
    clock.shiftWall(-HOUR);
    const waited = await waitedUntil(clock, () => ws.setups.get('9')?.watching === false);

    // Assert: the first poll 2 s after sending, as without the jump
    expect(waited).toBe(2_000);
    expect(sender.statusCalls).toHaveLength(1);
  });

  it('the setup watcher resumes an open setup after a restart within its interval', async () => {
    // Arrange: a setup is watched, the app closed and the clock set back an hour
    const clock = createManualClock();
    const first = await createWorkspace({ dir, sender: createFakeSender(clock), clock });
    await first.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: new Date(clock.now()).toISOString() });
    await first.close();
    clock.shiftWall(-HOUR);

    // Act
    const sender = createFakeSender(clock);
    sender.onStatus = () => Promise.resolve(statusOf('9', 'COMPLETED'));
    const ws = await openWs(clock, sender);
    ws.start();
    const waited = await waitedUntil(clock, () => ws.setups.get('9')?.watching === false);

    // Assert
    expect(waited).toBeLessThanOrEqual(2_000);
    expect(sender.statusCalls).toHaveLength(1);
  });
});
