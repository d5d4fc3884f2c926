/**
 * The binding-submission policy (issue 19, item 16) with an injected clock, real pending-send and check files and a
 * scripted MSC client: what is refused, what is archived, and how an unclear SEND is settled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { AppErrorException } from '@shared/domain/app-error';
import type { ArchiveResult } from '@shared/domain/workspace';
import type { BillingPeriod, CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import type { SendOutcome } from '@main/services/msc-client/send-safely';
import { createBindingSubmissions, type BindingSubmissions } from '@main/services/billing/binding-submission';
import type { Period } from '@main/services/billing/submission-record';
import { openCheckStates, type CheckStates } from '@main/services/workspace/check-states';
import { openPendingSends, type PendingSend, type PendingSends } from '@main/services/workspace/pending-sends';
import { createListeners } from '@main/services/workspace/events';
import { createManualClock, tempDir, waitFor, type ManualClock } from '@test/unit/workspace/helpers';

const HOUR = 60 * 60_000;
const where: Period = { connectionId: 'demo', billingunit: '100200302', periodTo: '2025-12-31' };
const filled: FilledTemplate = {
  currency: 'EUR',
  expectedvat: 'GROSS',
  energysources: [],
  heatingsysteminvoices: [],
  ancillaryinvoices: [],
  billingrecipients: [],
};
const warning: CheckMessage = { type: 'WARNING', shortmessage: 'GAP', message: 'Lücke', path: 'billingrecipients' };
const error: CheckMessage = { type: 'ERROR', shortmessage: 'SUM', message: 'Summe falsch', path: 'energysources' };
const open: BillingPeriod = { from: '2025-01-01', to: '2025-12-31', status: 'OPEN' };

type Recorded = { action: string; request: unknown; result: ArchiveResult; acceptedWarnings?: CheckMessage[] };

let dir: string;
let cleanup: () => Promise<void>;
let service: BindingSubmissions | undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  service?.close();
  await cleanup();
});

/** The SEND's outcome became unknown, as the MSC client reports it (the period had no submission before). */
function unknownOutcome(clock: ManualClock): AppErrorException {
  return new AppErrorException({
    code: 'TIMEOUT',
    message: 'Ob die Abrechnung beauftragt wurde, ist noch UNBEKANNT.',
    key: 'send.outcomeUnknown',
    details: { outcome: 'unknown', attemptStartedAt: new Date(clock.now()).toISOString(), lastSubmissionBefore: null },
  });
}

async function arrange(send: () => Promise<SendOutcome>, clock = createManualClock()) {
  const files = { clock, report: () => undefined };
  const pendingSends: PendingSends = await openPendingSends({ dir: join(dir, 'pending-sends'), files });
  const checks: CheckStates = await openCheckStates({ dir: join(dir, 'checks'), clock, files });
  const archived: Recorded[] = [];
  const sent: string[] = [];
  const state = { period: open };
  const client = {
    send: (_bu: string, _to: string, _f: FilledTemplate, o: { ignoreWarnings: boolean }) => {
      sent.push(o.ignoreWarnings ? 'SEND_AND_IGNORE_WARNINGS' : 'SEND');
      return send();
    },
    validate: () => Promise.resolve({ ok: false as const, messages: [warning] }),
    listBillingPeriods: () => Promise.resolve([state.period]),
  };
  service = createBindingSubmissions({
    client: () => Promise.resolve(client),
    workspace: () => Promise.resolve({ pendingSends, checks }),
    record: (_p, action, request, result, acceptedWarnings) => {
      archived.push({ action, request, result, ...(acceptedWarnings ? { acceptedWarnings } : {}) });
      return Promise.resolve();
    },
    log: () => undefined,
    clock,
    reconcile: { intervalMs: 60_000, settleAfterMs: 5 * 60_000 },
  });
  /** Runs the reconciler's timers until the unclear SEND is settled; returns the monotonic time that took. */
  const settle = async () => {
    const from = clock.monotonic();
    for (let i = 0; i < 100 && pendingSends.get(where.billingunit, where.periodTo); i++) {
      await waitFor(() => clock.pendingCount() > 0 || !pendingSends.get(where.billingunit, where.periodTo));
      if (clock.pendingCount() > 0) clock.runNext();
      await waitFor(() => clock.pendingCount() > 0 || !pendingSends.get(where.billingunit, where.periodTo));
    }
    return clock.monotonic() - from;
  };
  return { service, clock, pendingSends, checks, archived, sent, state, settle };
}

const submit = (s: BindingSubmissions, over: { ignoreWarnings?: boolean; draftRevision?: number } = {}) =>
  s.submit({ ...where, filled, ignoreWarnings: over.ignoreWarnings ?? false, draftRevision: over.draftRevision });

describe('binding submission policy', () => {
  it('archives a commission with the warnings the clerk accepted, a rejection and an earlier commission', async () => {
    const replies: SendOutcome[] = [
      { status: 'commissioned', transactionid: 'tx-1', confirmedBy: 'reply' },
      { status: 'rejected', messages: [error] },
      { status: 'already-commissioned', transactionid: 'tx-0' },
    ];
    const { service: s, archived } = await arrange(() => Promise.resolve(replies.shift()!));

    await submit(s, { ignoreWarnings: true });
    await submit(s);
    await submit(s);

    expect(archived).toEqual([
      {
        action: 'SEND_AND_IGNORE_WARNINGS',
        request: filled,
        result: { kind: 'commissioned', transactionid: 'tx-1' },
        acceptedWarnings: [warning],
      },
      { action: 'SEND', request: filled, result: { kind: 'messages', messages: [error] } },
      {
        action: 'SEND',
        request: filled,
        result: { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' },
      },
    ]);
  });

  it('refuses a revision whose last test check found errors, and only that revision', async () => {
    const {
      service: s,
      checks,
      sent,
    } = await arrange(() => Promise.resolve({ status: 'commissioned', transactionid: 'tx-1', confirmedBy: 'reply' }));
    await checks.record({
      billingunit: where.billingunit,
      periodTo: where.periodTo,
      revision: 3,
      outcome: { result: 'messages', messages: [error] },
    });

    await expect(submit(s, { draftRevision: 3 })).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'send.checkHasErrors', params: { errors: 1 } },
    });
    expect(sent).toEqual([]);
    await expect(submit(s, { draftRevision: 4 })).resolves.toMatchObject({ status: 'commissioned' });
  });

  it('keeps an unclear SEND, refuses a second submission meanwhile and archives the commission that shows', async () => {
    const clock = createManualClock();
    const {
      service: s,
      pendingSends,
      archived,
      sent,
      state,
      settle,
    } = await arrange(() => Promise.reject(unknownOutcome(clock)), clock);

    await expect(submit(s, { ignoreWarnings: true })).rejects.toMatchObject({ appError: { key: 'send.outcomeUnknown' } });
    expect(pendingSends.get(where.billingunit, where.periodTo)).toMatchObject({
      action: 'SEND_AND_IGNORE_WARNINGS',
      lastSubmissionBefore: null,
      acceptedWarnings: [warning],
    });
    await expect(submit(s)).rejects.toMatchObject({ appError: { code: 'CONFLICT', key: 'send.pending' } });
    expect(sent).toEqual(['SEND_AND_IGNORE_WARNINGS']);
    state.period = { ...open, status: 'COMMISSIONED', lastsubmission: { transactionid: 'tx-held', at: '2020-01-01T00:00:00Z' } };
    await settle();

    // The MSC's time of the commission says nothing: its transaction id differs from the one before, so it is ours.
    expect(archived.map((a) => a.result)).toEqual([
      expect.objectContaining({ kind: 'failed', code: 'TIMEOUT' }),
      { kind: 'commissioned', transactionid: 'tx-held' },
    ]);
    expect(archived[1]?.acceptedWarnings).toEqual([warning]);
    expect(pendingSends.list()).toEqual([]);
  });

  it('records "not commissioned" once the period stayed open for the window, even with the clock set back an hour', async () => {
    const clock = createManualClock();
    const { service: s, archived, settle, sent } = await arrange(() => Promise.reject(unknownOutcome(clock)), clock);
    await expect(submit(s)).rejects.toMatchObject({ appError: { key: 'send.outcomeUnknown' } });
    clock.shiftWall(-HOUR);

    const waited = await settle();

    expect(waited).toBe(5 * 60_000);
    expect(archived.at(-1)?.result).toMatchObject({ kind: 'failed', code: 'NETWORK' });
    expect(JSON.stringify(archived.at(-1)?.result)).toContain('NICHT beauftragt');
    await expect(submit(s)).rejects.toMatchObject({ appError: { key: 'send.outcomeUnknown' } });
    expect(sent).toEqual(['SEND', 'SEND']);
  });

  it('after a restart follows up a kept SEND and tells an earlier commission apart by its transaction id', async () => {
    const clock = createManualClock();
    const {
      service: s,
      pendingSends,
      archived,
      state,
      settle,
    } = await arrange(() => Promise.reject(new Error('not used')), clock);
    await pendingSends.put({
      billingunit: where.billingunit,
      periodTo: where.periodTo,
      action: 'SEND',
      startedAt: new Date(clock.now()).toISOString(),
      lastSubmissionBefore: 'tx-colleague',
      request: filled,
    });
    // A colleague's commission, stamped by the MSC after our start: still not ours.
    state.period = {
      ...open,
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: 'tx-colleague', at: new Date(clock.now() + 60_000).toISOString() },
    };

    s.resume(where.connectionId, pendingSends);
    await settle();

    expect(archived).toEqual([
      {
        action: 'SEND',
        request: filled,
        result: { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' },
      },
    ]);
    expect(pendingSends.list()).toEqual([]);
  });

  it('follows a SEND another desk left stranded while the workspace is open, once however often it is handed over', async () => {
    const {
      service: s,
      clock,
      pendingSends,
      archived,
      state,
      settle,
    } = await arrange(() => Promise.reject(new Error('not used')));
    const handOver = createListeners<PendingSend>();
    s.resume(where.connectionId, { list: () => [], onStranded: handOver.subscribe });
    expect(clock.pendingCount()).toBe(0);
    // The colleague's desk died mid-SEND; the MSC commissioned the period meanwhile.
    const stranded: PendingSend = {
      billingunit: where.billingunit,
      periodTo: where.periodTo,
      action: 'SEND',
      startedAt: new Date(clock.now()).toISOString(),
      lastSubmissionBefore: null,
      request: filled,
    };
    await pendingSends.put(stranded);
    state.period = { ...open, status: 'COMMISSIONED', lastsubmission: { transactionid: 'tx-a', at: stranded.startedAt } };

    handOver.emit(stranded);
    handOver.emit(stranded);
    expect(clock.pendingCount()).toBe(1);
    await settle();

    expect(archived).toEqual([{ action: 'SEND', request: filled, result: { kind: 'commissioned', transactionid: 'tx-a' } }]);
    // Settled, it is followed again should it be handed over once more (a desk that began settling it died).
    await waitFor(() => {
      handOver.emit(stranded);
      return clock.pendingCount() > 0;
    });
    expect(clock.pendingCount()).toBe(1);
  });
});
