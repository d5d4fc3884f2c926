/** Connection concerns against the real demo MSC: mTLS, rate limiting, token expiry and bad credentials. */
import { setTimeout as delay } from 'node:timers/promises';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import { createMscClient } from '@main/services/msc-client';
import type { MscClient, MscClientConfig } from '@main/services/msc-client';
import { sandbox } from '@test/integration/msc-client/helpers';
import type { RunningSandbox } from '@test/integration/msc-client/helpers';

const LEIPZIG = '100200301';
const OAUTH = { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' } as const;

let msc: RunningSandbox | undefined;
let client: MscClient | undefined;

afterEach(async () => {
  await client?.close();
  await msc?.close();
  client = undefined;
  msc = undefined;
});

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

describe('client certificate (mTLS)', () => {
  it('connects with a certificate the MSC trusts and is refused without one it trusts', async () => {
    const opts = { keyType: 'ec', algorithm: 'sha256' } as const;
    const [server, mine, foreign] = await Promise.all([
      generate([{ name: 'commonName', value: 'localhost' }], opts),
      generate([{ name: 'commonName', value: 'hausverwaltung-demo' }], opts),
      generate([{ name: 'commonName', value: 'unbekannt' }], opts),
    ]);
    msc = await sandbox({ tls: { key: server.private, cert: server.cert, ca: mine.cert } });
    expect(msc.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const config = (certPem: string, keyPem: string): MscClientConfig => ({
      baseUrl: msc!.url,
      profile: 'bved-v1',
      auth: OAUTH,
      retries: 0,
      clientCertificate: { certPem, keyPem, caPem: server.cert },
    });

    client = createMscClient(config(mine.cert, mine.private));
    await expect(client.health()).resolves.toMatchObject({ totalBillingUnits: 3 });
    await expect(client.listBillingPeriods(LEIPZIG)).resolves.toHaveLength(2);

    const stranger = createMscClient(config(foreign.cert, foreign.private));
    const err = await failure(stranger.health());
    await stranger.close();
    expect(err.code).toBe('NETWORK');
    expect(err.message).toContain('Client-Zertifikat');
  });
});

describe('rate limiting', () => {
  it('waits as Retry-After says and completes every request', async () => {
    msc = await sandbox({ rateLimit: { requestsPerSecond: 2 } });
    const sleeps: number[] = [];
    client = createMscClient(
      { baseUrl: msc.url, profile: 'seed', auth: OAUTH, retries: 4 },
      {
        sleep: async (ms) => {
          sleeps.push(ms);
          await delay(ms);
        },
      },
    );
    const results = await Promise.all([1, 2, 3, 4].map(() => client!.listBillingPeriods(LEIPZIG)));
    expect(results.every((r) => r.length === 2)).toBe(true);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 1000)).toBe(true);
  });
});

describe('tokens', () => {
  it('fetches a fresh token once when the MSC says the cached one expired', async () => {
    let offsetMs = 0;
    msc = await sandbox({ clock: () => new Date(Date.now() + offsetMs) });
    client = createMscClient({ baseUrl: msc.url, profile: 'seed', auth: OAUTH });
    await client.listBillingPeriods(LEIPZIG);
    offsetMs = 2 * 3600_000; // the MSC's clock jumps past the token's lifetime; ours does not
    await expect(client.listBillingPeriods(LEIPZIG)).resolves.toHaveLength(2);
  });

  it('reports wrong credentials as AUTH with the German reason', async () => {
    msc = await sandbox();
    client = createMscClient({ baseUrl: msc.url, profile: 'seed', auth: { ...OAUTH, clientSecret: 'falsch' } });
    const err = await failure(client.health());
    expect(err.code).toBe('AUTH');
    expect(err.message).toContain('Zugangsdaten');
  });

  it('serves no data without a token', async () => {
    msc = await sandbox();
    client = createMscClient({ baseUrl: msc.url, profile: 'seed', auth: { kind: 'none' } });
    const err = await failure(client.listBillingPeriods(LEIPZIG));
    expect(err).toMatchObject({ code: 'AUTH', details: { status: 401 } });
  });
});
