/** The client's Billing Result methods against the real demo MSC, on both path profiles (docs/msc-results.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import { createMscClient } from '@main/services/msc-client';
import type { MscClient } from '@main/services/msc-client';
import { sandbox } from '@test/integration/msc-client/helpers';
import type { RunningSandbox } from '@test/integration/msc-client/helpers';
import { pdfTextLines } from '@test/unit/reports/pdf-text';

const LEIPZIG = '100200301';
const LAST_YEAR = '2024-12-31';

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

describe.each(['seed', 'bved-v1'] as const)('billing results through the MSC client, profile %s', (profile) => {
  let msc: RunningSandbox;
  let client: MscClient;
  const connect = (extra: Partial<Parameters<typeof createMscClient>[0]> = {}, deps = {}): MscClient =>
    createMscClient(
      {
        baseUrl: msc.url,
        profile,
        auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
        timeoutMs: 5_000,
        ...extra,
      },
      deps,
    );

  beforeAll(async () => {
    msc = await sandbox();
    client = connect();
  });

  afterAll(async () => {
    await client.close();
    await msc.close();
  });

  it('reads a billed result and a tenant’s statement; before billing the MSC’s 409 surfaces as CONFLICT', async () => {
    expect(await failure(client.getBillingResult(LEIPZIG, LAST_YEAR))).toMatchObject({ code: 'CONFLICT' });
    const billed = await fetch(`${msc.url}/_operator/period-status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${msc.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ billingunitMscnumber: LEIPZIG, to: LAST_YEAR, status: 'BILLED' }),
    });
    expect(billed.status).toBe(200);

    const result = await client.getBillingResult(LEIPZIG, LAST_YEAR);
    expect(result.billingperiod).toEqual({ from: '2024-01-01', to: LAST_YEAR });
    const anna = result.results.find((r) => r.name === 'Anna Müller');
    const doc = result.documents.find((d) => d.type === 'HKA' && d.partnerPmnumber === anna?.partnerPmnumber);
    expect(doc).toBeDefined();
    const pdf = await client.getBillingResultDocument(LEIPZIG, LAST_YEAR, doc?.documentid ?? '');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdfTextLines(Buffer.from(pdf)).join('\n')).toContain('Anna Müller');

    expect(await failure(client.getBillingResultDocument(LEIPZIG, LAST_YEAR, 'HKA-9999-1'))).toMatchObject({ code: 'HTTP' });
    expect(await failure(client.getBillingResultDocument(LEIPZIG, LAST_YEAR, '../x'))).toMatchObject({ code: 'VALIDATION' });
    expect(await failure(client.getBillingResult('12x', LAST_YEAR))).toMatchObject({ code: 'VALIDATION' });
  });

  it('refuses what is not a PDF as a document', async () => {
    const html = connect(
      { auth: { kind: 'none' } },
      {
        fetch: () =>
          Promise.resolve({
            status: 200,
            headers: new Headers({ 'content-type': 'text/html' }),
            text: () => Promise.resolve('<html>Wartung</html>'),
            arrayBuffer: () => Promise.resolve(new TextEncoder().encode('<html>Wartung</html>').buffer),
          }),
      },
    );
    expect(await failure(html.getBillingResultDocument(LEIPZIG, LAST_YEAR, 'HKA-0001-1'))).toMatchObject({
      code: 'MSC_RESPONSE',
    });
  });
});
