import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import { json, problem, resetMidResponse, stall, startFakeMsc } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc, Handler } from '@test/unit/msc-client/fake-msc';
import { BU, openPeriod, testClient } from '@test/unit/msc-client/fixtures';

const PERIODS = `/billingunits/${BU}/billingperiods`;
let msc: FakeMsc | undefined;

afterEach(async () => {
  await msc?.close();
  msc = undefined;
});

async function serve(handler: Handler): Promise<FakeMsc> {
  msc = await startFakeMsc(handler);
  return msc;
}

/** Answers the scripted handlers in order, the last one repeating. */
function script(...steps: Handler[]): Handler {
  let i = 0;
  return (req, res) => steps[Math.min(i++, steps.length - 1)]!(req, res);
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

const ok: Handler = (_req, res) => {
  json(res, 200, { billingperiods: [openPeriod()] });
};

describe('GET retries', () => {
  it('retries 5xx with exponential backoff and then succeeds', async () => {
    const s = await serve(
      script(
        (_q, r) => {
          problem(r, 503, 'Wartung');
        },
        (_q, r) => {
          problem(r, 500, 'kaputt');
        },
        ok,
      ),
    );
    const { client, sleeps } = testClient(s.url);
    await expect(client.listBillingPeriods(BU)).resolves.toEqual([openPeriod()]);
    expect(s.hits(PERIODS)).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('gives up after the configured retries with the problem detail in German', async () => {
    const s = await serve((_q, r) => {
      problem(r, 502, 'Upstream weg');
    });
    const { client, sleeps } = testClient(s.url, { retries: 2 });
    const err = await failure(client.listBillingPeriods(BU));
    expect(err.code).toBe('HTTP');
    expect(err.message).toContain('Abruf der Abrechnungszeiträume (Liegenschaft 100200301) fehlgeschlagen');
    expect(err.message).toContain('Upstream weg');
    expect(s.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry a 404 and names the problem', async () => {
    const s = await serve((_q, r) => {
      problem(r, 404, 'Liegenschaft 100200301 unbekannt');
    });
    const err = await failure(testClient(s.url).client.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'HTTP', details: { status: 404 } });
    expect(err.message).toContain('Nicht gefunden');
    expect(s.requests).toHaveLength(1);
  });

  it('retries after a connection reset mid-response', async () => {
    const s = await serve(script(resetMidResponse, ok));
    const { client, sleeps } = testClient(s.url);
    await expect(client.listBillingPeriods(BU)).resolves.toHaveLength(1);
    expect(s.requests).toHaveLength(2);
    expect(sleeps).toEqual([500]);
  });

  it('maps a reset to NETWORK when no retries are left', async () => {
    const s = await serve(resetMidResponse);
    const err = await failure(testClient(s.url, { retries: 0 }).client.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'reset' } });
    expect(err.message).toContain('unterbrochen');
  });

  it('times out a server that never answers', async () => {
    const s = await serve(stall);
    const err = await failure(testClient(s.url, { retries: 0, timeoutMs: 200 }).client.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'TIMEOUT', details: { failure: 'timeout' } });
    expect(err.message).toContain('nicht innerhalb von 0,2 Sekunden');
    expect(err).toMatchObject({ key: 'transport.timeout', params: { seconds: 0.2 } });
  });

  it('times out a body that stalls after the headers, then retries', async () => {
    const s = await serve(
      script((_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"billingperiods":');
      }, ok),
    );
    const { client } = testClient(s.url, { retries: 1, timeoutMs: 200 });
    await expect(client.listBillingPeriods(BU)).resolves.toHaveLength(1);
    expect(s.requests).toHaveLength(2);
  });

  it('reports a refused connection as NETWORK with nothing sent', async () => {
    const s = await serve(ok);
    const url = s.url;
    await s.close();
    msc = undefined;
    const { client, sleeps } = testClient(url, { retries: 1 });
    const err = await failure(client.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(err.message).toContain('nicht erreichbar');
    expect(err).toMatchObject({ key: 'transport.refused', params: { host: new URL(url).host } });
    expect(sleeps).toEqual([500]);
  });

  it('honours Retry-After in seconds on 429', async () => {
    const s = await serve(
      script((_q, r) => {
        problem(r, 429, 'Zu schnell', { headers: { 'retry-after': '7' } });
      }, ok),
    );
    const { client, sleeps } = testClient(s.url);
    await expect(client.listBillingPeriods(BU)).resolves.toHaveLength(1);
    expect(sleeps).toEqual([7000]);
  });

  it('honours Retry-After as an HTTP date against the injected clock', async () => {
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    const s = await serve(
      script((_q, r) => {
        problem(r, 429, 'Zu schnell', { headers: { 'retry-after': new Date(now + 5000).toUTCString() } });
      }, ok),
    );
    const { client, sleeps } = testClient(s.url, {}, () => now);
    await expect(client.listBillingPeriods(BU)).resolves.toHaveLength(1);
    expect(sleeps).toEqual([5000]);
  });

  it('does not sit out an hour-long Retry-After but says when to come back', async () => {
    const s = await serve((_q, r) => {
      problem(r, 429, 'Tageskontingent erschöpft', { headers: { 'retry-after': '3600' } });
    });
    const { client, sleeps } = testClient(s.url);
    const err = await failure(client.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterMs: 3_600_000 } });
    expect(err.message).toContain('in 3600 Sekunden erneut');
    expect(sleeps).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('turns a caller abort into CANCELLED', async () => {
    const s = await serve(stall);
    const controller = new AbortController();
    const p = testClient(s.url, { timeoutMs: 10_000 }).client.listBillingPeriods(BU, { signal: controller.signal });
    await expect.poll(() => s.requests.length).toBe(1);
    controller.abort();
    expect(await failure(p)).toMatchObject({ code: 'CANCELLED' });
  });
});

describe('malformed replies', () => {
  const body =
    (text: string): Handler =>
    (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    };

  it('reports truncated JSON as MSC_RESPONSE', async () => {
    const s = await serve(body('{"billingperiods":[{"from":"2025-01-01","to":"2025-'));
    const err = await failure(testClient(s.url).client.listBillingPeriods(BU));
    expect(err.code).toBe('MSC_RESPONSE');
    expect(err.message).toContain('unvollständig');
    expect(s.requests).toHaveLength(1);
  });

  it('reports non-JSON as MSC_RESPONSE', async () => {
    const s = await serve(body('<html>Proxy-Fehler</html>'));
    const err = await failure(testClient(s.url).client.listBillingPeriods(BU));
    expect(err.code).toBe('MSC_RESPONSE');
    expect(err.message).toContain('kein gültiges JSON');
  });

  it('names the offending field of a schema-invalid reply', async () => {
    const s = await serve((_q, res) => {
      json(res, 200, { billingperiods: [openPeriod(), { ...openPeriod(), status: 'DONE' }] });
    });
    const err = await failure(testClient(s.url).client.listBillingPeriods(BU));
    expect(err.code).toBe('MSC_RESPONSE');
    expect(err.message).toContain('billingperiods[1].status');
  });

  it('reports an empty 200 as MSC_RESPONSE', async () => {
    const s = await serve(body(''));
    const err = await failure(testClient(s.url).client.getTemplate(BU, '2025-12-31'));
    expect(err.code).toBe('MSC_RESPONSE');
    expect(err.message).toContain('leer');
  });
});
