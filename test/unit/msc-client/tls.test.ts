import { generate } from 'selfsigned';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import { json, startFakeMsc } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc } from '@test/unit/msc-client/fake-msc';
import { BU, testClient } from '@test/unit/msc-client/fixtures';

type Pems = Awaited<ReturnType<typeof generate>>;
let server: Pems;
let client: Pems;
let stranger: Pems;
let msc: FakeMsc | undefined;

beforeAll(async () => {
  const opts = { keyType: 'ec', algorithm: 'sha256' } as const;
  // commonName localhost: selfsigned adds 127.0.0.1 to the subjectAltName.
  [server, client, stranger] = await Promise.all([
    generate([{ name: 'commonName', value: 'localhost' }], opts),
    generate([{ name: 'commonName', value: 'hausverwaltung-test' }], opts),
    generate([{ name: 'commonName', value: 'fremder-client' }], opts),
  ]);
});

afterEach(async () => {
  await msc?.close();
  msc = undefined;
});

async function serveTls(mutual: boolean): Promise<FakeMsc> {
  msc = await startFakeMsc(
    (_q, res) => {
      json(res, 200, { billingperiods: [] });
    },
    {
      key: server.private,
      cert: server.cert,
      ...(mutual ? { ca: client.cert, requestCert: true, rejectUnauthorized: true } : {}),
    },
  );
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

describe('TLS', () => {
  it('refuses an untrusted server certificate with a clear German NETWORK error and no retry', async () => {
    const s = await serveTls(false);
    const { client: c, sleeps } = testClient(s.url);
    const err = await failure(c.listBillingPeriods(BU));
    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'tls' } });
    expect(err.message).toContain('Zertifikat des Messdienstes');
    expect(err.message).toContain('nicht vertrauenswürdig');
    expect(err.message).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(s.requests).toHaveLength(0);
    expect(sleeps).toEqual([]);
  });

  it('presents the client certificate (mTLS) and trusts the given CA', async () => {
    const s = await serveTls(true);
    const { client: c } = testClient(s.url, {
      clientCertificate: { certPem: client.cert, keyPem: client.private, caPem: server.cert },
    });
    await expect(c.listBillingPeriods(BU)).resolves.toEqual([]);
    expect(s.requests).toHaveLength(1);
    await c.close();
  });

  it('surfaces a client certificate the MSC does not accept as NETWORK with a certificate hint', async () => {
    const s = await serveTls(true);
    const { client: c } = testClient(s.url, {
      retries: 0,
      clientCertificate: { certPem: stranger.cert, keyPem: stranger.private, caPem: server.cert },
    });
    const err = await failure(c.listBillingPeriods(BU));
    expect(err.code).toBe('NETWORK');
    expect(err.message).toContain('Client-Zertifikat');
    expect(s.requests).toHaveLength(0);
    await c.close();
  });
});
