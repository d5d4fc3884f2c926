import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { isSendOutcomeUnknown } from '@main/services/msc-client';
import { json, problem, resetMidResponse, startFakeMsc } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc, Recorded } from '@test/unit/msc-client/fake-msc';
import type { ServerResponse } from 'node:http';
import { BU, TO, filled, oldPeriod, openPeriod, testClient } from '@test/unit/msc-client/fixtures';

const SUBMIT = `/billingunits/${BU}/billingperiods/${TO}`;
const PERIODS = `/billingunits/${BU}/billingperiods`;

/** What the fake MSC does with the n-th SEND (1-based): commit it or not, and how it answers. */
type SendBehaviour = { commit: boolean | 'late'; reply: 'ok' | 'stall' | 'reset' | '502' | 'half' };

type Msc = FakeMsc & { commits: () => number; sends: () => Recorded[] };
let msc: Msc | undefined;

afterEach(async () => {
  await msc?.close();
  msc = undefined;
});

async function serve(
  behaviours: SendBehaviour[],
  /** `broken`: the period reads break once a SEND arrived; `unreadable`: from the start. */
  periods: 'normal' | 'broken' | 'unreadable' = 'normal',
  initial: BillingPeriod = openPeriod(),
): Promise<Msc> {
  let current = initial;
  let commits = 0;
  let sendNo = 0;
  /** A SEND the MSC finishes only after the client has looked at the period: committed when the next SEND arrives. */
  let late: string | undefined;
  const answer = (res: ServerResponse, kind: SendBehaviour['reply'], tid: string): void => {
    if (kind === 'ok') json(res, 200, { transactionid: tid, commissioned: true });
    else if (kind === 'reset') res.socket?.destroy();
    else if (kind === '502') problem(res, 502, 'Gateway');
    else if (kind === 'half') res.writeHead(200, { 'content-type': 'application/json' }).end(`{"transactionid":"${tid}`);
    // 'stall': no answer; the client's deadline fires.
  };
  const fake = await startFakeMsc((req, res) => {
    if (req.path === PERIODS && req.method === 'GET') {
      if (periods === 'unreadable' || (periods === 'broken' && sendNo > 0)) resetMidResponse(req, res);
      else json(res, 200, { billingperiods: [current] });
      return;
    }
    if (req.path === SUBMIT && req.method === 'POST') {
      const b = behaviours[Math.min(sendNo++, behaviours.length - 1)]!;
      if (late !== undefined) {
        commits++;
        current = { ...current, status: 'COMMISSIONED', lastsubmission: { transactionid: late, at: new Date().toISOString() } };
        late = undefined;
      }
      // A SEND that the network loses before the MSC acts (commit: false) never reaches the state check.
      if (b.commit && current.status !== 'OPEN') {
        problem(res, 409, 'Zeitraum bereits beauftragt');
        return;
      }
      const tid = `tx-${String(sendNo)}`;
      if (b.commit === 'late') late = tid;
      else if (b.commit) {
        commits++;
        current = { ...current, status: 'COMMISSIONED', lastsubmission: { transactionid: tid, at: new Date().toISOString() } };
      }
      answer(res, b.reply, tid);
      return;
    }
    problem(res, 404, 'unbekannt');
  });
  msc = { ...fake, commits: () => commits, sends: () => fake.hits(SUBMIT, 'POST') };
  return msc;
}

async function sendFailure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

const client = (s: FakeMsc) => testClient(s.url, { timeoutMs: 300 }).client;

describe('binding SEND', () => {
  it('reports a normal acceptance from the reply', async () => {
    const s = await serve([{ commit: true, reply: 'ok' }]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'commissioned',
      transactionid: 'tx-1',
      confirmedBy: 'reply',
    });
    expect(s.sends()[0]!.query.get('action')).toBe('SEND');
  });

  it('sends SEND_AND_IGNORE_WARNINGS when warnings are accepted', async () => {
    const s = await serve([{ commit: true, reply: 'ok' }]);
    await client(s).send(BU, TO, filled, { ignoreWarnings: true });
    expect(s.sends()[0]!.query.get('action')).toBe('SEND_AND_IGNORE_WARNINGS');
  });

  it('after a timeout where the MSC DID commission, reports that submission and never sends again', async () => {
    const s = await serve([{ commit: true, reply: 'stall' }]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'commissioned',
      transactionid: 'tx-1',
      confirmedBy: 'status',
    });
    expect(s.sends()).toHaveLength(1);
    expect(s.commits()).toBe(1);
    expect(s.hits(PERIODS)).toHaveLength(2); // the baseline right before, and the status after
  });

  it('after a gateway 502 where the MSC did NOT commission, retries exactly once', async () => {
    const s = await serve([
      { commit: false, reply: '502' },
      { commit: true, reply: 'ok' },
    ]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toMatchObject({
      status: 'commissioned',
      transactionid: 'tx-2',
      confirmedBy: 'reply',
    });
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${PERIODS}`,
      `POST ${SUBMIT}`,
      `GET ${PERIODS}`,
      `POST ${SUBMIT}`,
    ]);
    expect(s.commits()).toBe(1);
  });

  it('recognises its own late-finished SEND behind a 409 on the retry', async () => {
    const s = await serve([
      { commit: 'late', reply: '502' },
      { commit: true, reply: 'ok' },
    ]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'commissioned',
      transactionid: 'tx-1',
      confirmedBy: 'status',
    });
    expect(s.sends()).toHaveLength(2);
    expect(s.commits()).toBe(1);
  });

  it('treats a gateway 502 as a lost reply and learns the commission from the period', async () => {
    const s = await serve([{ commit: true, reply: '502' }]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toMatchObject({
      status: 'commissioned',
      confirmedBy: 'status',
    });
    expect(s.sends()).toHaveLength(1);
  });

  it('learns the commission from the period when the acceptance arrives cut short, and never sends again', async () => {
    const s = await serve([{ commit: true, reply: 'half' }]);
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'commissioned',
      transactionid: 'tx-1',
      confirmedBy: 'status',
    });
    expect(s.sends()).toHaveLength(1);
  });

  it('raises an explicit "outcome unknown" error when the status cannot be learned', async () => {
    const s = await serve([{ commit: false, reply: 'stall' }], 'broken');
    const err = await sendFailure(client(s).send(BU, TO, filled, { ignoreWarnings: false }));
    expect(isSendOutcomeUnknown(err)).toBe(true);
    expect(err.code).toBe('TIMEOUT');
    expect(err.message).toContain('UNBEKANNT');
    expect(err.message).toContain('nicht erneut');
    expect(s.sends()).toHaveLength(1);
    expect(s.hits(PERIODS)).toHaveLength(5); // the baseline, then the status GET itself was retried 3 times
  });

  it('sends nothing when the period status cannot be read beforehand, and says so', async () => {
    const s = await serve([{ commit: true, reply: 'ok' }], 'unreadable');
    const err = await sendFailure(client(s).send(BU, TO, filled, { ignoreWarnings: false }));
    expect(isSendOutcomeUnknown(err)).toBe(false);
    expect(err).toMatchObject({ key: 'send.statusUnreadable' });
    expect(err.message).toContain('NICHT gesendet');
    expect(s.sends()).toHaveLength(0);
  });

  it('takes a commission for its own whatever the clocks say: ours set forward two hours (issue 19.10)', async () => {
    const s = await serve([{ commit: true, reply: 'stall' }]);
    const ahead = testClient(s.url, { timeoutMs: 300 }, () => Date.now() + 2 * 60 * 60_000).client;
    await expect(ahead.send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'commissioned',
      transactionid: 'tx-1',
      confirmedBy: 'status',
    });
  });

  it("does not take a colleague's commission of half an hour ago for its own with our clock set back an hour", async () => {
    const colleague = openPeriod({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: 'tx-colleague', at: new Date(Date.now() - 30 * 60_000).toISOString() },
    });
    const s = await serve([{ commit: false, reply: 'reset' }], 'normal', colleague);
    const behind = testClient(s.url, { timeoutMs: 300 }, () => Date.now() - 60 * 60_000).client;
    await expect(behind.send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'already-commissioned',
      transactionid: 'tx-colleague',
    });
  });

  it.each([
    ['held past the timeout (issue 14.3)', { commit: 'late', reply: 'stall' }],
    ['reset after it may have arrived', { commit: false, reply: 'reset' }],
  ] as const)('reports a SEND %s as outcome unknown, never as not commissioned, and does not send it again', async (_l, b) => {
    const s = await serve([b]);
    const err = await sendFailure(client(s).send(BU, TO, filled, { ignoreWarnings: false }));
    expect(isSendOutcomeUnknown(err)).toBe(true);
    expect(err).toMatchObject({ key: 'send.outcomeUnknown', details: { outcome: 'unknown' } });
    expect(err.message).not.toContain('NICHT beauftragt');
    expect(s.sends()).toHaveLength(1);
  });

  it('reports outcome unknown, not "not commissioned", when both tries through a failing gateway are lost', async () => {
    const s = await serve([{ commit: false, reply: '502' }]);
    const err = await sendFailure(client(s).send(BU, TO, filled, { ignoreWarnings: false }));
    expect(isSendOutcomeUnknown(err)).toBe(true);
    expect(s.sends()).toHaveLength(2);
    expect(s.commits()).toBe(0);
  });

  it('reports a period commissioned before the attempt as already-commissioned', async () => {
    const s = await serve([{ commit: false, reply: 'reset' }], 'normal', { ...oldPeriod, to: TO, from: '2025-01-01' });
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({
      status: 'already-commissioned',
      transactionid: 'tx-2024',
    });
    expect(s.sends()).toHaveLength(1);
  });

  it('maps 409 to already-commissioned', async () => {
    const s = await serve([{ commit: true, reply: 'ok' }], 'normal', { ...openPeriod(), status: 'COMMISSIONED' });
    await expect(client(s).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({ status: 'already-commissioned' });
  });

  it('returns the check messages of a rejected SEND', async () => {
    const messages = [
      { type: 'WARNING', shortmessage: 'RECIPIENT_GAP', message: 'Lücke bei Nutzer 0001', path: 'billingrecipients' },
    ];
    msc = Object.assign(
      await startFakeMsc((q, res) => {
        if (q.method === 'GET') json(res, 200, { billingperiods: [openPeriod()] });
        else problem(res, 400, 'Prüfung nicht bestanden', { messages });
      }),
      { commits: () => 0, sends: () => [] },
    );
    await expect(client(msc).send(BU, TO, filled, { ignoreWarnings: false })).resolves.toEqual({ status: 'rejected', messages });
  });

  it('never sends when the connection is refused and says nothing was transmitted', async () => {
    const s = await serve([{ commit: true, reply: 'ok' }]);
    const url = s.url;
    await s.close();
    msc = undefined;
    const err = await sendFailure(testClient(url).client.send(BU, TO, filled, { ignoreWarnings: false }));
    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(err.message).toContain('keine Daten übertragen');
  });
});
