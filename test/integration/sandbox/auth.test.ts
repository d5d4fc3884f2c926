import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewPage } from '@shared/msc/billing-unit-data';
import { TokenResponse } from '@shared/msc/problem';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Reply } from '@test/integration/sandbox/helpers';

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let now = Date.parse('2025-06-02T08:00:00Z');

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path, clock: () => new Date(now), tokenTtlSeconds: 600 });
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

async function tokenRequest(init: RequestInit): Promise<Reply> {
  const res = await fetch(`${sandbox.url}/oauth/token`, { method: 'POST', ...init });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe('token endpoint', () => {
  it('issues Bearer tokens for form, JSON and HTTP Basic credentials', async () => {
    const replies = [
      await tokenRequest({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      }),
      await tokenRequest({
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' }),
      }),
      await tokenRequest({
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      }),
    ];
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(TokenResponse.parse(r.body)).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    }
    const tokens = replies.map((r) => (r.body as { access_token: string }).access_token);
    expect(new Set(tokens).size).toBe(3);
  });

  it('refuses a wrong secret with 401 and a wrong grant type with 400', async () => {
    const bad = await tokenRequest({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=nope',
    });
    expect(expectProblem(bad, 401).error).toBe('invalid_client');
    const grant = await tokenRequest({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&client_id=demo&client_secret=demo-secret',
    });
    expect(expectProblem(grant, 400).error).toBe('unsupported_grant_type');
  });
});

describe('access to data', () => {
  it('serves no data without a valid token', async () => {
    for (const path of [
      '/billingunits',
      '/billingunitdata/v1/billingunits',
      '/billinginput/v1/billingunits/100200301/billingperiods',
    ]) {
      const none = await api(sandbox.url).get(path);
      expectProblem(none, 401);
      expect(none.headers.get('www-authenticate')).toContain('Bearer');
      expectProblem(await api(sandbox.url, 'made-up-token').get(path), 401);
    }
    // Auth comes before the body is read: no token and a bad body still give 401.
    expectProblem(await api(sandbox.url).post('/billingunitsetup/100200301', '{not json'), 401);
  });

  it('refuses a token once the clock passes its expiry', async () => {
    const token = await tokenFor(sandbox.url);
    expect((await api(sandbox.url, token).get('/billingunits')).status).toBe(200);
    now += 601_000;
    const expired = await api(sandbox.url, token).get('/billingunits');
    expect(expectProblem(expired, 401).detail).toContain('abgelaufen');
    expect((await api(sandbox.url, await tokenFor(sandbox.url)).get('/billingunits')).status).toBe(200);
  });

  it('shows each client only its own customer’s units and answers 403 for the others', async () => {
    const demo = api(sandbox.url, await tokenFor(sandbox.url));
    const other = api(sandbox.url, await tokenFor(sandbox.url, 'other', 'other-secret'));
    const demoUnits = OverviewPage.parse((await demo.get('/billingunits')).body).billingunits.map((b) => b.billingunitMscnumber);
    const otherUnits = OverviewPage.parse((await other.get('/billingunits')).body).billingunits.map(
      (b) => b.billingunitMscnumber,
    );
    expect(demoUnits).toEqual(['100200301', '100200302', '100200303']);
    expect(otherUnits).toEqual(['100900001']);

    expectProblem(await demo.get('/billingunits/100900001'), 403);
    expectProblem(await demo.get('/billinginput/v1/billingunits/100900001/billingperiods/2025-12-31'), 403);
    expectProblem(await other.post('/billingunits/100200301/billingperiods/2025-12-31?action=VALIDATE', {}), 403);
    expect((await other.get('/billingunitdata/v1/billingunits/setup/100900001')).status).toBe(200);
  });

  it('answers 404 for unknown units and periods, and 501 for services this MSC does not offer', async () => {
    const demo = api(sandbox.url, await tokenFor(sandbox.url));
    expectProblem(await demo.get('/billingunits/999999999'), 404);
    expectProblem(await demo.get('/billinginput/v1/billingunits/100200301/billingperiods/2022-12-31'), 404);
    expectProblem(await demo.get('/billingresult/v1/billingunits/100200301/billingperiods'), 404);
    expectProblem(await demo.get('/onsiteroles/v1/billingunits/100200301'), 501);
    expectProblem(await api(sandbox.url).get('/onsiteroles/v1/billingunits/100200301'), 401);
  });
});
