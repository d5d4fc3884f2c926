import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import { json, problem, startFakeMsc, tokenIssuer } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc, Handler } from '@test/unit/msc-client/fake-msc';
import { BU, OAUTH, openPeriod, testClient } from '@test/unit/msc-client/fixtures';

const PERIODS = `/billingunits/${BU}/billingperiods`;
let msc: FakeMsc | undefined;

afterEach(async () => {
  await msc?.close();
  msc = undefined;
});

/** An MSC that accepts only the bearer tokens in `valid()`. */
async function serveWithTokens(valid: (token: string) => boolean, expiresIn = 300) {
  const tokens = tokenIssuer(expiresIn);
  const handler: Handler = (req, res) => {
    if (tokens.handle(req, res)) return;
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!valid(token)) {
      problem(res, 401, 'Token ungültig oder abgelaufen');
      return;
    }
    json(res, 200, { billingperiods: [openPeriod()] });
  };
  msc = await startFakeMsc(handler);
  return { msc, tokens };
}

describe('OAuth2 client credentials', () => {
  it('requests a token form-encoded with client_id and client_secret and sends it as Bearer', async () => {
    const { msc: s } = await serveWithTokens(() => true);
    await testClient(s.url, { auth: OAUTH }).client.listBillingPeriods(BU);
    const [tokenReq] = s.hits('/oauth/token', 'POST');
    expect(tokenReq!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenReq!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'demo',
      client_secret: 'demo-secret',
    });
    expect(s.hits(PERIODS)[0]!.headers.authorization).toBe('Bearer tok-1');
  });

  it('caches the token until shortly before expiry, shared by concurrent calls', async () => {
    let now = Date.UTC(2025, 0, 1);
    const { msc: s, tokens } = await serveWithTokens(() => true, 300);
    const { client } = testClient(s.url, { auth: OAUTH }, () => now);
    await Promise.all([client.listBillingPeriods(BU), client.listBillingPeriods(BU), client.listBillingPeriods(BU)]);
    expect(tokens.issued()).toBe(1);
    now += 269_000; // 300 s lifetime, renewed 30 s early
    await client.listBillingPeriods(BU);
    expect(tokens.issued()).toBe(1);
    now += 2_000;
    await client.listBillingPeriods(BU);
    expect(tokens.issued()).toBe(2);
    expect(s.hits(PERIODS).at(-1)!.headers.authorization).toBe('Bearer tok-2');
  });

  it('refreshes the token once after a 401 and retries once', async () => {
    const { msc: s, tokens } = await serveWithTokens((t) => t !== 'tok-1');
    await expect(testClient(s.url, { auth: OAUTH }).client.listBillingPeriods(BU)).resolves.toHaveLength(1);
    expect(tokens.issued()).toBe(2);
    expect(s.hits(PERIODS).map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('gives up with AUTH after one refresh when the MSC keeps refusing', async () => {
    const { msc: s, tokens } = await serveWithTokens(() => false);
    const err: unknown = await testClient(s.url, { auth: OAUTH })
      .client.listBillingPeriods(BU)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppErrorException);
    expect((err as AppErrorException).appError).toMatchObject({ code: 'AUTH', details: { status: 401 } });
    expect(tokens.issued()).toBe(2);
    expect(s.hits(PERIODS)).toHaveLength(2);
  });

  it('reports rejected credentials as AUTH without calling the API', async () => {
    const { msc: s } = await serveWithTokens(() => true);
    const err: unknown = await testClient(s.url, { auth: { ...OAUTH, clientSecret: 'falsch' } })
      .client.listBillingPeriods(BU)
      .catch((e: unknown) => e);
    const appError = (err as AppErrorException).appError;
    expect(appError.code).toBe('AUTH');
    expect(appError.message).toContain('Client-ID oder Client-Geheimnis wurden abgelehnt');
    expect(appError.message).toContain('Unbekannter Client');
    expect(s.hits(PERIODS)).toHaveLength(0);
  });

  it('uses an explicit tokenUrl', async () => {
    const tokens = tokenIssuer();
    msc = await startFakeMsc((req, res) => {
      if (req.path === '/auth/realms/x/token') {
        tokens.handle({ ...req, path: '/oauth/token' }, res);
        return;
      }
      json(res, 200, { billingperiods: [] });
    });
    const { client } = testClient(msc.url, { auth: { ...OAUTH, tokenUrl: `${msc.url}/auth/realms/x/token` } });
    await client.listBillingPeriods(BU);
    expect(tokens.issued()).toBe(1);
    expect(msc.hits('/oauth/token')).toHaveLength(0);
  });

  it('rejects a malformed token reply as MSC_RESPONSE naming the field', async () => {
    msc = await startFakeMsc((req, res) => {
      json(res, 200, req.path === '/oauth/token' ? { access_token: 'x', token_type: 'Bearer' } : { billingperiods: [] });
    });
    const err: unknown = await testClient(msc.url, { auth: OAUTH })
      .client.listBillingPeriods(BU)
      .catch((e: unknown) => e);
    const appError = (err as AppErrorException).appError;
    expect(appError.code).toBe('MSC_RESPONSE');
    expect(appError.message).toContain('expires_in');
  });
});
