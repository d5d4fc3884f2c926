import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrackedSetup, type WorkspaceEvent } from '@shared/domain/workspace';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import {
  appError,
  createFakeSender,
  createManualClock,
  setupFor,
  statusOf,
  tempDir,
  waitFor,
  type FakeSender,
  type ManualClock,
} from '@test/unit/workspace/helpers';

let dir: string;
let cleanup: () => Promise<void>;
const open: Workspace[] = [];
const SENT_AT = '2025-03-01T08:00:00.000Z';

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await cleanup();
});

async function openWs(clock: ManualClock, sender: FakeSender, watch?: { initialDelayMs?: number; maxDelayMs?: number }) {
  const ws = await createWorkspace({ dir, sender, clock, watch });
  open.push(ws);
  return ws;
}

/** Runs the next poll timer and waits until that poll has been answered and the next one scheduled. */
async function runPoll(clock: ManualClock, sender: FakeSender, ws: Workspace, bu: string): Promise<number> {
  await waitFor(() => clock.pendingCount() === 1);
  const calls = sender.statusCalls.length;
  const delay = clock.runNext();
  await waitFor(() => sender.statusCalls.length === calls + 1);
  await waitFor(() => clock.pendingCount() === 1 || ws.setups.get(bu)?.watching === false);
  return delay;
}

describe('setup watcher', () => {
  it('polls with doubling backoff up to the maximum while nothing changes', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    const ws = await openWs(clock, sender);
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: SENT_AT });
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) delays.push(await runPoll(clock, sender, ws, '9'));
    // The first answer is a change (nothing known before), so backoff starts after it.
    expect(delays).toEqual([2_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(ws.setups.get('9')).toMatchObject({ watching: true, delayMs: 60_000, status: { setupstatus: 'OPEN' } });
  });

  it('announces every status change and stops at COMPLETED, keeping the matching result', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    const answers = [
      statusOf('9', 'OPEN'),
      statusOf('9', 'IN_PROGRESS', '2025-03-01T08:01:00Z'),
      statusOf('9', 'IN_PROGRESS', '2025-03-01T08:01:00Z'),
    ];
    const completed = {
      ...statusOf('9', 'COMPLETED', '2025-03-01T08:05:00Z'),
      matched: [{ residentialunitMscnumber: '0001', residentialunitPmnumber: 'WE-1' }],
    };
    sender.onStatus = () => Promise.resolve(answers.shift() ?? completed);
    const ws = await openWs(clock, sender);
    const changes: string[] = [];
    ws.subscribe((e: WorkspaceEvent) => {
      if (e.type === 'setup-status-changed') changes.push(`${e.previous ?? '-'}→${e.setup.status?.setupstatus ?? '?'}`);
    });
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: SENT_AT });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) delays.push(await runPoll(clock, sender, ws, '9'));

    expect(changes).toEqual(['-→OPEN', 'OPEN→IN_PROGRESS', 'IN_PROGRESS→COMPLETED']);
    expect(delays).toEqual([2_000, 2_000, 2_000, 4_000]);
    expect(clock.pendingCount()).toBe(0);
    const onDisk = TrackedSetup.parse(JSON.parse(await readFile(join(dir, 'setups', '9.json'), 'utf8')));
    expect(onDisk).toMatchObject({
      watching: false,
      status: { setupstatus: 'COMPLETED', matched: [{ residentialunitPmnumber: 'WE-1' }] },
    });
  });

  it('keeps watching when COMPLETED belongs to an earlier transaction', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    sender.onStatus = () => Promise.resolve({ ...statusOf('9', 'COMPLETED'), transactionid: 'older' });
    const ws = await openWs(clock, sender);
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'mine', sentAt: SENT_AT });
    await runPoll(clock, sender, ws, '9');
    expect(ws.setups.get('9')?.watching).toBe(true);
  });

  it('stops at COMPLETED of a transaction the MSC took after its own (a late copy held by the network)', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    sender.onStatus = () => Promise.resolve({ ...statusOf('9', 'COMPLETED', '2025-03-01T08:00:02Z'), transactionid: 'late' });
    const ws = await openWs(clock, sender);
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'mine', sentAt: SENT_AT });
    await runPoll(clock, sender, ws, '9');
    expect(ws.setups.get('9')).toMatchObject({ watching: false, status: { setupstatus: 'COMPLETED', transactionid: 'late' } });
  });

  it('records a failed poll, backs off and recovers', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    sender.onStatus = () => Promise.reject(appError('NETWORK', 'Messdienst nicht erreichbar'));
    const ws = await openWs(clock, sender, { initialDelayMs: 1_000, maxDelayMs: 3_000 });
    ws.start();
    await ws.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: SENT_AT });
    const delays = [
      await runPoll(clock, sender, ws, '9'),
      await runPoll(clock, sender, ws, '9'),
      await runPoll(clock, sender, ws, '9'),
    ];
    expect(delays).toEqual([1_000, 2_000, 3_000]);
    expect(ws.setups.get('9')?.lastError).toMatchObject({ code: 'NETWORK', retryable: true });
    sender.onStatus = () => Promise.resolve(statusOf('9', 'COMPLETED'));
    await runPoll(clock, sender, ws, '9');
    expect(ws.setups.get('9')).not.toHaveProperty('lastError');
    expect(ws.setups.get('9')?.watching).toBe(false);
  });

  it('starts watching after an outbox send and resumes open setups after a restart', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    const first = await createWorkspace({ dir, sender, clock });
    first.start();
    await first.outbox.enqueue(setupFor('31'));
    await waitFor(() => first.setups.get('31') !== undefined);
    await first.close();
    expect(sender.statusCalls).toHaveLength(0);

    const again = createFakeSender(clock);
    again.onStatus = () => Promise.resolve(statusOf('31', 'COMPLETED'));
    const ws = await openWs(clock, again);
    expect(ws.setups.get('31')).toMatchObject({ transactionid: 'tx-1', watching: true });
    ws.start();
    await runPoll(clock, again, ws, '31');
    expect(again.statusCalls.map((c) => c.billingunit)).toEqual(['31']);
    expect(ws.setups.get('31')?.status?.setupstatus).toBe('COMPLETED');
  });

  it('checkNow polls at once; unsubscribed listeners hear nothing more', async () => {
    const clock = createManualClock();
    const sender = createFakeSender(clock);
    const ws = await openWs(clock, sender);
    const heard: WorkspaceEvent['type'][] = [];
    const off = ws.subscribe((e) => heard.push(e.type));
    await ws.setups.track({ billingunit: '9', transactionid: 'tx', sentAt: SENT_AT });
    const checked = await ws.setups.checkNow('9');
    expect(checked.status?.setupstatus).toBe('OPEN');
    expect(heard).toEqual(['setup-status-changed']);
    off();
    sender.onStatus = () => Promise.resolve(statusOf('9', 'IN_PROGRESS', '2025-03-01T09:00:00Z'));
    await ws.setups.checkNow('9');
    expect(heard).toHaveLength(1);
    await expect(ws.setups.checkNow('1')).rejects.toMatchObject({
      appError: { code: 'CONFLICT', details: { reason: 'not-found' } },
    });
  });
});
