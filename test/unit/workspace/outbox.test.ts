import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxItem } from '@shared/domain/workspace';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import {
  appError,
  createFakeSender,
  createManualClock,
  deferred,
  setupFor,
  waitFor,
  type FakeSender,
  useTempWorkspaces,
} from '@test/unit/workspace/helpers';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(sender: FakeSender, concurrency?: number): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender, clock: createManualClock(), concurrency });
  open.push(ws);
  return ws;
}

async function itemsOnDisk(): Promise<OutboxItem[]> {
  const names = (await readdir(join(dir, 'outbox'))).filter((n) => n.endsWith('.json'));
  return Promise.all(names.map(async (n) => OutboxItem.parse(JSON.parse(await readFile(join(dir, 'outbox', n), 'utf8')))));
}

describe('outbox', () => {
  it('persists an item before it is sent, marked as sending', async () => {
    const sender = createFakeSender();
    const seenOnDisk: string[] = [];
    sender.onSend = async (bu) => {
      const onDisk = (await itemsOnDisk()).find((i) => i.billingunit === bu);
      seenOnDisk.push(`${bu}:${onDisk?.state ?? 'missing'}`);
      return { transactionid: 'tx-1' };
    };
    const ws = await openWs(sender);
    const item = await ws.outbox.enqueue(setupFor('111'));
    expect(item.state).toBe('queued');
    expect((await itemsOnDisk()).map((i) => i.state)).toEqual(['queued']);
    expect(sender.sent).toHaveLength(0);

    ws.start();
    await waitFor(() => ws.outbox.get(item.id)?.state === 'sent');
    await ws.outbox.whenIdle();
    expect(seenOnDisk).toEqual(['111:sending']);
    const [stored] = await itemsOnDisk();
    expect(stored).toMatchObject({ state: 'sent', transactionid: 'tx-1', attempts: 1 });
    expect(ws.setups.get('111')).toMatchObject({ transactionid: 'tx-1', outboxItemId: item.id, watching: true });
  });

  it('sends at most `concurrency` items at once and never two of one billing unit together', async () => {
    const sender = createFakeSender();
    const waiting: { bu: string; gate: ReturnType<typeof deferred<{ transactionid: string }>> }[] = [];
    sender.onSend = (bu) => {
      const gate = deferred<{ transactionid: string }>();
      waiting.push({ bu, gate });
      return gate.promise;
    };
    const release = (bu: string) => {
      const i = waiting.findIndex((w) => w.bu === bu);
      waiting.splice(i, 1)[0]!.gate.resolve({ transactionid: `tx-${bu}` });
    };
    const ws = await openWs(sender);
    for (const bu of ['1', '2', '2', '3', '4']) await ws.outbox.enqueue(setupFor(bu));
    ws.start();
    await waitFor(() => sender.sent.length === 2);
    expect(waiting.map((w) => w.bu).sort()).toEqual(['1', '2']);

    // Unit 2's second item waits behind its first, then goes before 3 and 4 because it is older.
    release('2');
    await waitFor(() => sender.sent.length === 3);
    expect(waiting.map((w) => w.bu).sort()).toEqual(['1', '2']);
    release('1');
    release('2');
    await waitFor(() => sender.sent.length === 5);
    expect(waiting.map((w) => w.bu).sort()).toEqual(['3', '4']);
    release('3');
    release('4');
    await ws.outbox.whenIdle();
    expect(sender.maxActive).toBe(2);
    expect(ws.outbox.list().map((i) => i.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('rejects an invalid setup request with a German message and stores nothing', async () => {
    const ws = await openWs(createFakeSender());
    const bad = { ...setupFor('1'), residentialunits: [] };
    const err = await ws.outbox.enqueue(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkspaceError);
    expect((err as WorkspaceError).appError.code).toBe('VALIDATION');
    expect((err as Error).message).toContain('residentialunits: muss mindestens eine Nutzeinheit enthalten');
    expect(await itemsOnDisk()).toEqual([]);
  });

  it('marks transient failures retryable and retries them; refusals are not retried', async () => {
    const sender = createFakeSender();
    sender.onSend = (bu) =>
      Promise.reject(
        bu === '1' ? appError('NETWORK', 'Messdienst nicht erreichbar') : appError('MSC', 'Liegenschaft unbekannt', 404),
      );
    const ws = await openWs(sender);
    const a = await ws.outbox.enqueue(setupFor('1'));
    const b = await ws.outbox.enqueue(setupFor('2'));
    ws.start();
    await waitFor(() => ws.outbox.list().every((i) => i.state === 'failed'));
    await ws.outbox.whenIdle();
    expect(ws.outbox.get(a.id)).toMatchObject({ state: 'failed', attempts: 1, failure: { code: 'NETWORK', retryable: true } });
    expect(ws.outbox.get(b.id)).toMatchObject({ state: 'failed', failure: { code: 'MSC', status: 404, retryable: false } });

    await expect(ws.outbox.retry(b.id)).rejects.toThrow('Erneutes Senden ändert nichts: Liegenschaft unbekannt');
    sender.onSend = () => Promise.resolve({ transactionid: 'tx-ok' });
    const requeued = await ws.outbox.retryFailed();
    expect(requeued.map((i) => i.id)).toEqual([a.id]);
    await waitFor(() => ws.outbox.get(a.id)?.state === 'sent');
    expect(ws.outbox.get(a.id)).toMatchObject({ attempts: 2, transactionid: 'tx-ok' });
    expect(ws.outbox.get(b.id)?.state).toBe('failed');
  });

  it('retries transient failures by itself with growing pauses, then leaves the item to the clerk', async () => {
    const sender = createFakeSender();
    sender.onSend = () => Promise.reject(appError('NETWORK', 'Messdienst nicht erreichbar'));
    const clock = createManualClock();
    const ws = await createWorkspace({ dir, sender, clock, autoRetry: { firstDelayMs: 1000, maxDelayMs: 3000, maxAttempts: 4 } });
    open.push(ws);
    const item = await ws.outbox.enqueue(setupFor('5'));
    ws.start();

    const pauses: number[] = [];
    for (let attempt = 1; attempt < 4; attempt++) {
      await waitFor(() => ws.outbox.get(item.id)?.state === 'failed' && ws.outbox.get(item.id)?.attempts === attempt);
      const failed = ws.outbox.get(item.id);
      expect(failed).toMatchObject({ state: 'failed', failure: { retryable: true } });
      expect(failed?.state === 'failed' ? failed.nextAttemptAt : undefined).toBeDefined();
      pauses.push(clock.runNext());
    }
    await waitFor(() => ws.outbox.get(item.id)?.attempts === 4 && ws.outbox.get(item.id)?.state === 'failed');
    expect(pauses).toEqual([1000, 2000, 3000]);
    const last = ws.outbox.get(item.id);
    expect(last?.state === 'failed' ? last.nextAttemptAt : 'not failed').toBeUndefined();
    expect(clock.pendingCount()).toBe(0);
    expect(sender.sent).toHaveLength(4);
  });

  it('retries by itself after a restart, but never a refusal', async () => {
    const failing = createFakeSender();
    failing.onSend = (bu) =>
      Promise.reject(bu === '1' ? appError('TIMEOUT', 'Zeitüberschreitung') : appError('MSC', 'Liegenschaft unbekannt', 404));
    const first = await createWorkspace({ dir, sender: failing, clock: createManualClock() });
    const transient = await first.outbox.enqueue(setupFor('1'));
    const refused = await first.outbox.enqueue(setupFor('2'));
    first.start();
    await waitFor(() => first.outbox.list().every((i) => i.state === 'failed'));
    await first.close();

    const sender = createFakeSender();
    const clock = createManualClock();
    const second = await createWorkspace({ dir, sender, clock });
    open.push(second);
    second.start();
    expect(clock.pendingCount()).toBe(1);
    clock.runNext();
    await waitFor(() => second.outbox.get(transient.id)?.state === 'sent');
    expect(second.outbox.get(refused.id)?.state).toBe('failed');
    expect(sender.sent.map((s) => s.billingunit)).toEqual(['1']);
  });

  it('folds an older failed setup into a newer one for the same unit, so every unit sent arrives (issue 14.2)', async () => {
    // Arrange: unit WE-1 fails to go out (the MSC is unreachable)
    const sender = createFakeSender();
    sender.onSend = () => Promise.reject(appError('NETWORK', 'nicht erreichbar'));
    const ws = await openWs(sender);
    const old = await ws.outbox.enqueue(setupFor('7'));
    ws.start();
    await waitFor(() => ws.outbox.get(old.id)?.state === 'failed');

    // Act: the connection works again and the clerk sends WE-2 of the same property
    sender.onSend = () => Promise.resolve({ transactionid: 'new' });
    const newer = await ws.outbox.enqueue(setupFor('7', 'WE-2'));
    await waitFor(() => ws.outbox.get(newer.id)?.state === 'sent');
    await ws.outbox.whenIdle();

    // Assert: both units went out in the newer setup; nothing is left failed with a retry time in the past
    const lastSent = sender.sent.at(-1)?.request.residentialunits.map((u) => u.residentialunitPmnumber);
    expect(lastSent?.sort()).toEqual(['WE-1', 'WE-2']);
    expect(ws.outbox.list().map((i) => i.state)).toEqual(['sent']);
    expect((await itemsOnDisk()).map((i) => i.id)).toEqual([newer.id]);
  });

  it('sends an older setup that failed after a newer one was queued, with the units the newer one lacks', async () => {
    // Arrange: WE-1 is on its way when the clerk queues WE-2; then WE-1's send fails
    const sender = createFakeSender();
    const first = deferred<{ transactionid: string }>();
    sender.onSend = () => first.promise;
    const ws = await openWs(sender);
    const old = await ws.outbox.enqueue(setupFor('7'));
    ws.start();
    await waitFor(() => ws.outbox.get(old.id)?.state === 'sending');
    const newer = await ws.outbox.enqueue(setupFor('7', 'WE-2'));
    sender.onSend = () => Promise.resolve({ transactionid: 'ok' });
    first.reject(appError('MSC', 'abgelehnt', 400));
    await waitFor(() => ws.outbox.get(newer.id)?.state === 'sent' && ws.outbox.get(old.id)?.state === 'failed');

    // Act: the clerk presses "Erneut senden" (the failure was not transient)
    const retried = await ws.outbox.retry(old.id, { force: true });
    await waitFor(() => ws.outbox.get(retried.id)?.state === 'sent');

    // Assert: WE-1 went out, alone, after WE-2
    const units = sender.sent.map((s) => s.request.residentialunits.map((u) => u.residentialunitPmnumber).join('+'));
    expect(units).toEqual(['WE-1', 'WE-2', 'WE-1']);
  });

  it('resumes after a restart: items caught in sending are queued again and sent', async () => {
    const hanging = createFakeSender();
    hanging.onSend = () => new Promise(() => undefined);
    const first = await createWorkspace({ dir, sender: hanging, clock: createManualClock() });
    const item = await first.outbox.enqueue(setupFor('42'));
    const untouched = await first.outbox.enqueue(setupFor('43'));
    first.start();
    await waitFor(async () => (await itemsOnDisk()).filter((i) => i.state === 'sending').length === 2);
    // `first` is abandoned here without close(), as after a crash.

    const sender = createFakeSender();
    const second = await openWs(sender);
    expect(second.outbox.list().map((i) => [i.id, i.state, i.attempts])).toEqual([
      [item.id, 'queued', 1],
      [untouched.id, 'queued', 1],
    ]);
    expect(sender.sent).toHaveLength(0);
    second.start();
    await waitFor(() => second.outbox.list().every((i) => i.state === 'sent'));
    await second.outbox.whenIdle();
    expect(sender.sent.map((s) => s.billingunit).sort()).toEqual(['42', '43']);
    expect(second.outbox.get(item.id)?.attempts).toBe(2);
  });

  it('keeps sent items on record, removes neither one being sent nor one sent, and announces changes', async () => {
    const sender = createFakeSender();
    const gate = deferred<{ transactionid: string }>();
    sender.onSend = () => gate.promise;
    const ws = await openWs(sender);
    const seen: string[] = [];
    const off = ws.subscribe((e) => {
      if (e.type === 'outbox-item-changed') seen.push(e.item.state);
      if (e.type === 'outbox-item-removed') seen.push('removed');
    });
    const item = await ws.outbox.enqueue(setupFor('5'));
    ws.start();
    await waitFor(() => ws.outbox.get(item.id)?.state === 'sending');
    await expect(ws.outbox.remove(item.id)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
    gate.resolve({ transactionid: 't' });
    await ws.outbox.whenIdle();
    await expect(ws.outbox.remove(item.id)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
    off();
    await ws.outbox.enqueue(setupFor('6'));
    expect(seen).toEqual(['queued', 'sending', 'sent']);
    expect(ws.outbox.get(item.id)?.state).toBe('sent');
    expect((await itemsOnDisk()).map((i) => i.billingunit).sort()).toEqual(['5', '6']);
  });
});
