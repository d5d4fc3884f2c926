import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, API_VERSION_HEADER } from '@shared/msc/operations';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { baseSubmission } from '@test/fixtures/billing-input';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api } from '@test/integration/sandbox/helpers';

const VALIDATE = '/billingunits/100200301/billingperiods/2025-12-31?action=VALIDATE';

let sandbox: Sandbox;
let limited: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: `${dir.path}/a` });
  limited = await startSandbox({ dataDir: `${dir.path}/b`, rateLimit: { requestsPerSecond: 3 } });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
});

afterAll(async () => {
  await Promise.all([sandbox.close(), limited.close()]);
  await dir.remove();
});

describe('every error is problem+json', () => {
  it('400 for malformed JSON and for an empty JSON body', async () => {
    expect(expectProblem(await demo.post(VALIDATE, '{"currency": "EUR",'), 400).detail).toContain('JSON');
    expectProblem(await demo.post(VALIDATE, ''), 400);
  });

  it('415 for a body that is not JSON', async () => {
    const p = expectProblem(
      await demo.post(VALIDATE, 'currency=EUR', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
    expect(p.detail).toContain('application/json');
    expectProblem(await demo.post(VALIDATE, 'hello', { 'content-type': 'text/plain' }), 415);
  });

  it('413 for a body over 5 MiB', async () => {
    const big = JSON.stringify({ ...baseSubmission(), padding: 'x'.repeat(5 * 1024 * 1024) });
    expectProblem(await demo.post(VALIDATE, big), 413);
  });

  it('404 for a path the MSC does not offer', async () => {
    const p = expectProblem(await demo.get('/billingunits/100200301/nothing-here'), 404);
    expect(p.detail).toContain('/billingunits/100200301/nothing-here');
  });

  it('400 for overview parameters out of range or unknown', async () => {
    expect(expectProblem(await demo.get('/billingunits?limit=101'), 400).messages?.[0]?.path).toBe('limit');
    expect(expectProblem(await demo.get('/billingunits?limit=0'), 400).messages?.[0]?.path).toBe('limit');
    expect(expectProblem(await demo.get('/billingunits?offset=-1'), 400).messages?.[0]?.path).toBe('offset');
    expect(expectProblem(await demo.get('/billingunits?status=DONE'), 400).messages?.[0]?.path).toBe('status');
    expect(expectProblem(await demo.get('/billingunits?page=2'), 400).messages?.[0]?.path).toBe('page');
  });

  it('429 with Retry-After past the rate limit, and served again after waiting', async () => {
    const token = await tokenFor(limited.url);
    const client = api(limited.url, token);
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await client.get('/billingunits'));
    const refused = replies.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const p = expectProblem(refused[0]!, 429);
    const wait = Number(refused[0]!.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(p.detail).toContain('erneut');
    await new Promise((r) => setTimeout(r, wait * 1000));
    expect((await client.get('/billingunits')).status).toBe(200);
  });
});

describe('headers and the description', () => {
  it('sends X-API-VERSION on success and on errors', async () => {
    for (const r of [
      await demo.get('/billingunits'),
      await api(sandbox.url).get('/billingunits'),
      await demo.post(VALIDATE, '{'),
    ]) {
      expect(r.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    }
  });

  it('serves the committed OpenAPI description without a token', async () => {
    const r = await api(sandbox.url).get('/openapi.yaml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('yaml');
    expect(String(r.body)).toBe(readFileSync(new URL('../../../resources/openapi.yaml', import.meta.url), 'utf8'));
  });
});
