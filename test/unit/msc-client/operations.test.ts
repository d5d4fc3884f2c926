import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import type { PathProfile } from '@shared/msc/operations';
import { createMscClient } from '@main/services/msc-client';
import { json, problem, startFakeMsc } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc, Handler } from '@test/unit/msc-client/fake-msc';
import {
  BU,
  TO,
  filled,
  openPeriod,
  setupRequest,
  setupStatus,
  summary,
  template,
  testClient,
} from '@test/unit/msc-client/fixtures';

let msc: FakeMsc | undefined;

afterEach(async () => {
  await msc?.close();
  msc = undefined;
});

async function serve(handler: Handler): Promise<FakeMsc> {
  msc = await startFakeMsc(handler);
  return msc;
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

/** Answers any contract path with a valid body, so only the paths the client chose are under test. */
const anyValid: Handler = (req, res) => {
  if (req.method === 'POST' && req.query.get('action') === 'VALIDATE') res.writeHead(204).end();
  else if (req.method === 'POST' && req.query.has('action')) json(res, 200, { transactionid: 'tx', commissioned: true });
  else if (req.method === 'POST') json(res, 202, { transactionid: 'setup-1' });
  else if (req.path.endsWith('/billingperiods')) json(res, 200, { billingperiods: [openPeriod()] });
  else if (req.path.endsWith(TO)) json(res, 200, template);
  else if (/billingunits$/.test(req.path))
    json(res, 200, { totalentries: 1, offset: 0, limit: 100, billingunits: [summary(BU)] });
  else json(res, 200, setupStatus());
};

describe('paths per profile', () => {
  const expected: Record<PathProfile, string[]> = {
    seed: [
      `POST /billingunitsetup/${BU}`,
      `GET /billingunitsetup/${BU}`,
      'GET /billingunits',
      `GET /billingunits/${BU}`,
      `GET /billingunits/${BU}/billingperiods`,
      `GET /billingunits/${BU}/billingperiods/${TO}`,
      `POST /billingunits/${BU}/billingperiods/${TO}?action=VALIDATE`,
      // The binding SEND reads the period's status right before it (send-safely.ts).
      `GET /billingunits/${BU}/billingperiods`,
      `POST /billingunits/${BU}/billingperiods/${TO}?action=SEND`,
    ],
    'bved-v1': [
      `POST /billingunitdata/v1/billingunits/setup/${BU}`,
      `GET /billingunitdata/v1/billingunits/setup/${BU}`,
      'GET /billingunitdata/v1/billingunits',
      `GET /billingunitdata/v1/billingunits/setup/${BU}`,
      `GET /billinginput/v1/billingunits/${BU}/billingperiods`,
      `GET /billinginput/v1/billingunits/${BU}/billingperiods/${TO}`,
      `POST /billinginput/v1/billingunits/${BU}/billingperiods/${TO}?action=VALIDATE`,
      `GET /billinginput/v1/billingunits/${BU}/billingperiods`,
      `POST /billinginput/v1/billingunits/${BU}/billingperiods/${TO}?action=SEND`,
    ],
  };

  it.each(['seed', 'bved-v1'] as const)('%s', async (profile) => {
    const s = await serve(anyValid);
    const { client } = testClient(s.url, { profile });
    await client.sendSetup(BU, setupRequest);
    await client.getSetupStatus(BU);
    await client.listBillingUnits();
    await client.getMatchingResult(BU);
    await client.listBillingPeriods(BU);
    await client.getTemplate(BU, TO);
    await client.validate(BU, TO, filled);
    await client.send(BU, TO, filled, { ignoreWarnings: false });
    const seen = s.requests.map(
      (r) => `${r.method} ${r.path}${r.query.has('action') ? `?action=${r.query.get('action')!}` : ''}`,
    );
    expect(seen).toEqual(expected[profile]);
    expect(JSON.parse(s.requests[0]!.body)).toEqual(setupRequest);
    expect(s.requests[0]!.headers['content-type']).toBe('application/json');
  });
});

describe('operations', () => {
  it('pages through all billing units using totalentries', async () => {
    const all = ['100000001', '100000002', '100000003', '100000004', '100000005'].map(summary);
    const s = await serve((req, res) => {
      const offset = Number(req.query.get('offset'));
      const limit = Number(req.query.get('limit'));
      json(res, 200, { totalentries: all.length, offset, limit, billingunits: all.slice(offset, offset + limit) });
    });
    const got: string[] = [];
    for await (const u of testClient(s.url).client.iterateBillingUnits({ limit: 2, status: 'OPEN' }))
      got.push(u.billingunitMscnumber);
    expect(got).toEqual(all.map((u) => u.billingunitMscnumber));
    expect(s.requests.map((r) => r.query.toString())).toEqual([
      'offset=0&limit=2&status=OPEN',
      'offset=2&limit=2&status=OPEN',
      'offset=4&limit=2&status=OPEN',
    ]);
  });

  it('rejects an out-of-range overview query before sending', async () => {
    const s = await serve(anyValid);
    const err = await failure(testClient(s.url).client.listBillingUnits({ limit: 500 }));
    expect(err.code).toBe('VALIDATION');
    expect(err.message).toContain('limit: darf höchstens 100 sein');
    expect(s.requests).toHaveLength(0);
  });

  it('derives unmatched from the sent request when the MSC omits it', async () => {
    const matched = [{ residentialunitMscnumber: '0001', residentialunitPmnumber: 'WE-01' }];
    const s = await serve((_q, res) => {
      json(res, 200, setupStatus({ setupstatus: 'COMPLETED', matched }));
    });
    const { client } = testClient(s.url);
    const fromRequest = await client.getMatchingResult(BU, setupRequest);
    expect(fromRequest.unmatchedDerived).toBe(true);
    expect(fromRequest.unmatched).toEqual([
      { residentialunitPmnumber: 'WE-02', reason: 'NOT_FOUND' },
      { residentialunitPmnumber: 'WE-03', reason: 'NOT_FOUND' },
    ]);
    const fromList = await client.getMatchingResult(BU, ['WE-01', 'WE-03', 'WE-03']);
    expect(fromList.unmatched).toEqual([{ residentialunitPmnumber: 'WE-03', reason: 'NOT_FOUND' }]);
    const without = await client.getMatchingResult(BU);
    expect(without).toMatchObject({ unmatchedDerived: false });
    expect(without.unmatched).toBeUndefined();
  });

  it('keeps the MSC’s own unmatched list and derives nothing before COMPLETED', async () => {
    const own = [{ residentialunitPmnumber: 'WE-02', reason: 'AMBIGUOUS' as const }];
    let status = setupStatus({ setupstatus: 'COMPLETED', matched: [], unmatched: own });
    const s = await serve((_q, res) => {
      json(res, 200, status);
    });
    const { client } = testClient(s.url);
    expect(await client.getMatchingResult(BU, setupRequest)).toMatchObject({ unmatched: own, unmatchedDerived: false });
    status = setupStatus({ setupstatus: 'IN_PROGRESS' });
    const pending = await client.getMatchingResult(BU, setupRequest);
    expect(pending.unmatched).toBeUndefined();
  });

  it('validate: 204 is ok, 400 with messages lists them, 400 without messages is an error', async () => {
    const messages = [{ type: 'ERROR', shortmessage: 'ENERGYMIX_SUM', message: 'Summe ist 90 %', path: 'energysources[0]' }];
    let mode: 'ok' | 'messages' | 'bare' = 'ok';
    const s = await serve((_q, res) => {
      if (mode === 'ok') res.writeHead(204).end();
      else if (mode === 'messages') problem(res, 400, 'Prüfung', { messages });
      else problem(res, 400, 'Parameter action fehlt');
    });
    const { client } = testClient(s.url);
    expect(await client.validate(BU, TO, filled)).toEqual({ ok: true });
    mode = 'messages';
    expect(await client.validate(BU, TO, filled)).toEqual({ ok: false, messages });
    mode = 'bare';
    const err = await failure(client.validate(BU, TO, filled));
    expect(err.code).toBe('VALIDATION');
    expect(err.message).toContain('Parameter action fehlt');
  });

  it('checks input before sending: bad unit number, bad date, invalid filled template', async () => {
    const s = await serve(anyValid);
    const { client } = testClient(s.url);
    expect((await failure(client.listBillingPeriods('12-34'))).message).toContain(
      'Liegenschaftsnummer: muss eine Liegenschaftsnummer',
    );
    expect((await failure(client.getTemplate(BU, '31.12.2025'))).message).toContain('Zeitraum-Ende: muss ein Datum');
    const bad = { ...filled, currency: 'USD' } as unknown as typeof filled;
    expect((await failure(client.send(BU, TO, bad, { ignoreWarnings: false }))).message).toContain('currency: muss EUR sein');
    const dup = { ...setupRequest, residentialunits: [{ residentialunitPmnumber: 'A' }, { residentialunitPmnumber: 'A' }] };
    expect((await failure(client.sendSetup(BU, dup))).message).toContain('residentialunits[1].residentialunitPmnumber');
    expect((await failure(client.sendSetup('100200302', setupRequest))).code).toBe('VALIDATION');
    expect(s.requests).toHaveLength(0);
  });

  it('health reports latency and the API version', async () => {
    let now = 1_000;
    const s = await serve((_q, res) => {
      now += 42;
      json(res, 200, { totalentries: 3, offset: 0, limit: 1, billingunits: [summary(BU)] });
    });
    const report = await testClient(s.url, {}, () => now).client.health();
    expect(report).toEqual({ latencyMs: 42, apiVersion: '1.0.1', expectedApiVersion: '1.0.1', totalBillingUnits: 3 });
    expect(s.requests[0]!.query.get('limit')).toBe('1');
  });
});

describe('injected fetch', () => {
  it('works with Node’s global fetch in place of undici’s', async () => {
    const s = await serve(anyValid);
    const client = createMscClient({ baseUrl: s.url, profile: 'seed', auth: { kind: 'none' } }, { fetch: globalThis.fetch });
    await expect(client.listBillingPeriods(BU)).resolves.toEqual([openPeriod()]);
  });
});

describe('setup POST retry policy', () => {
  it('does not retry a 5xx (the first request may still be running)', async () => {
    const s = await serve((_q, res) => {
      problem(res, 503, 'Wartung');
    });
    const err = await failure(testClient(s.url).client.sendSetup(BU, setupRequest));
    expect(err.code).toBe('HTTP');
    expect(s.requests).toHaveLength(1);
  });

  it('retries when the connection was refused, i.e. nothing was sent', async () => {
    const probe = await startFakeMsc(anyValid);
    const { port, url } = probe;
    await probe.close();
    const sleeps: number[] = [];
    const client = createMscClient(
      { baseUrl: url, profile: 'seed', auth: { kind: 'none' } },
      {
        // The MSC comes up during the first backoff.
        sleep: async (ms) => {
          sleeps.push(ms);
          msc ??= await startFakeMsc(anyValid, undefined, port);
        },
      },
    );
    await expect(client.sendSetup(BU, setupRequest)).resolves.toEqual({ transactionid: 'setup-1' });
    expect(sleeps).toEqual([500]);
    expect(msc!.requests).toHaveLength(1);
  });
});
