/**
 * Every outbox error a clerk can see carries an i18n key (issue 19: outbox errors had only a German message), and
 * items stored before that still read. The texts for the keys are checked in both languages in
 * test/unit/renderer/outbox-failure-text.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { OutboxItem } from '@shared/domain/workspace';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import {
  createFakeSender,
  createManualClock,
  deferred,
  setupFor,
  waitFor,
  type FakeSender,
  useTempWorkspaces,
} from '@test/unit/workspace/helpers';
import { setupRequestExample } from '@test/fixtures/msc-examples';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(sender: FakeSender): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender, clock: createManualClock() });
  open.push(ws);
  return ws;
}

const keyOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'no error',
    (e: unknown) => (e as { appError?: { key?: string } }).appError?.key,
  );

describe('stored send failures', () => {
  it("keep the client's key and parameters", () => {
    const err = Object.assign(new Error('refused'), {
      appError: {
        code: 'NETWORK',
        message: 'Der Messdienst (127.0.0.1:9) ist nicht erreichbar (Verbindung abgelehnt).',
        key: 'transport.refused',
        params: { host: '127.0.0.1:9' },
      },
    });
    expect(describeSendFailure(err)).toEqual({
      code: 'NETWORK',
      message: 'Der Messdienst (127.0.0.1:9) ist nicht erreichbar (Verbindung abgelehnt).',
      key: 'transport.refused',
      params: { host: '127.0.0.1:9' },
      retryable: true,
    });
  });

  it('name an unexpected failure with a key and its technical text as parameter', () => {
    expect(describeSendFailure(new TypeError('fetch failed'))).toMatchObject({
      code: 'INTERNAL',
      key: 'send.unexpected',
      params: { text: 'fetch failed' },
      retryable: true,
    });
  });

  it('name a reply without transaction id with a key, and leave it retryable', async () => {
    const sender = createFakeSender();
    sender.onSend = () => Promise.resolve({ transactionid: '' });
    const ws = await openWs(sender);
    const item = await ws.outbox.enqueue(setupFor('7'));
    ws.start();
    await waitFor(() => ws.outbox.get(item.id)?.state === 'failed');
    expect(ws.outbox.get(item.id)).toMatchObject({ failure: { key: 'send.noTransactionId', retryable: true } });
  });

  it('stored before failures had keys still read, with their German message', () => {
    const old = {
      id: 'a',
      seq: 1,
      billingunit: setupRequestExample.billingunitMscnumber,
      request: setupRequestExample,
      createdAt: '2025-03-01T08:00:00.000Z',
      updatedAt: '2025-03-01T08:00:05.000Z',
      attempts: 1,
      state: 'failed',
      failure: { code: 'NETWORK', message: 'Der Messdienst ist nicht erreichbar.', retryable: true },
    };
    expect(OutboxItem.parse(old)).toEqual(old);
  });
});

describe("the outbox's refusals", () => {
  it('each carry a key', async () => {
    const sender = createFakeSender();
    const gate = deferred<{ transactionid: string }>();
    sender.onSend = () => gate.promise;
    const ws = await openWs(sender);
    expect(await keyOf(ws.outbox.enqueue({ ...setupFor('1'), residentialunits: [] }))).toBe('input.invalid');
    expect(await keyOf(ws.outbox.retry('missing'))).toBe('outbox.notFound');
    const item = await ws.outbox.enqueue(setupFor('5'));
    expect(await keyOf(ws.outbox.retry(item.id))).toBe('outbox.retryNotFailed');
    ws.start();
    await waitFor(() => ws.outbox.get(item.id)?.state === 'sending');
    expect(await keyOf(ws.outbox.remove(item.id))).toBe('outbox.removeSending');
    gate.resolve({ transactionid: 't' });
    await ws.outbox.whenIdle();
    expect(await keyOf(ws.outbox.remove(item.id))).toBe('outbox.removeSent');

    sender.onSend = () =>
      Promise.reject(Object.assign(new Error('404'), { appError: { code: 'HTTP', message: 'unbekannt', status: 404 } }));
    const refused = await ws.outbox.enqueue(setupFor('6'));
    await waitFor(() => ws.outbox.get(refused.id)?.state === 'failed');
    expect(await keyOf(ws.outbox.retry(refused.id))).toBe('outbox.retryUseless');
  });
});
