/** Every client operation against the real demo MSC, once per path profile. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import { API_VERSION } from '@shared/msc/operations';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { createMscClient } from '@main/services/msc-client';
import type { MscClient } from '@main/services/msc-client';
import { ruleCases } from '@test/fixtures/billing-input';
import { CLEAN_BU, OPEN_TO, cleanSubmission, sandbox, worldWithCleanPeriod } from '@test/integration/msc-client/helpers';
import type { RunningSandbox } from '@test/integration/msc-client/helpers';

const LEIPZIG = '100200301';
const KOELN = '100200303';

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

describe.each(['seed', 'bved-v1'] as const)('MSC client against the demo MSC, profile %s', (profile) => {
  let msc: RunningSandbox;
  let client: MscClient;

  beforeAll(async () => {
    msc = await sandbox({ world: worldWithCleanPeriod(), delays: { matchingStartMs: 30, matchingCompleteMs: 30 } });
    client = createMscClient({
      baseUrl: msc.url,
      profile,
      auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
      timeoutMs: 5_000,
    });
  });

  afterAll(async () => {
    await client.close();
    await msc.close();
  });

  it('health: token and overview, with the API version', async () => {
    const report = await client.health();
    expect(report).toMatchObject({ apiVersion: API_VERSION, expectedApiVersion: API_VERSION, totalBillingUnits: 3 });
    expect(report.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('lists and pages the caller’s billing units only', async () => {
    const page = await client.listBillingUnits({ limit: 2 });
    expect(page).toMatchObject({ totalentries: 3, offset: 0, limit: 2 });
    expect(page.billingunits).toHaveLength(2);
    const all: string[] = [];
    for await (const u of client.iterateBillingUnits({ limit: 1 })) all.push(u.billingunitMscnumber);
    expect(all).toEqual([LEIPZIG, CLEAN_BU, KOELN]);
  });

  it('sends units for matching and reads status and matching result', async () => {
    const request: SetupRequest = {
      billingunitMscnumber: KOELN,
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT',
      residentialunits: [
        ...['0001', '0002', '0003'].map((n) => ({ residentialunitPmnumber: `LA5-${n}` })),
        { residentialunitPmnumber: 'LA5-9999', description: 'gibt es nicht' },
      ],
    };
    const accepted = await client.sendSetup(KOELN, request);
    expect(accepted.transactionid).not.toBe('');
    await expect.poll(async () => (await client.getSetupStatus(KOELN)).setupstatus, { timeout: 5_000 }).toBe('COMPLETED');
    const result = await client.getMatchingResult(KOELN, request);
    expect(result.transactionid).toBe(accepted.transactionid);
    expect(result.matched?.map((m) => m.residentialunitPmnumber).sort()).toEqual(['LA5-0001', 'LA5-0002', 'LA5-0003']);
    expect(result.unmatched?.map((u) => u.residentialunitPmnumber)).toEqual(['LA5-9999']);
    expect(result.unmatchedDerived).toBe(false);
    expect(result.additional?.length).toBeGreaterThan(0);
  });

  it('lists billing periods: 2024 commissioned, 2025 open', async () => {
    const periods = await client.listBillingPeriods(LEIPZIG);
    const byTo = new Map(periods.map((p) => [p.to, p]));
    expect(byTo.get('2024-12-31')).toMatchObject({
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: expect.any(String) as string },
    });
    expect(byTo.get(OPEN_TO)?.status).toBe('OPEN');
  });

  it('reads a template', async () => {
    const template = await client.getTemplate(LEIPZIG, OPEN_TO);
    expect(template.billingunitMscnumber).toBe(LEIPZIG);
    expect(template.billingperiod.to).toBe(OPEN_TO);
  });

  it('validate: check messages for a flawed submission, ok for a clean one', async () => {
    const flawed = ruleCases.find((c) => c.type === 'ERROR')!;
    const checked = await client.validate(CLEAN_BU, OPEN_TO, flawed.trigger());
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.messages).toContainEqual(expect.objectContaining({ shortmessage: flawed.code, path: flawed.path }));
    await expect(client.validate(CLEAN_BU, OPEN_TO, cleanSubmission())).resolves.toEqual({ ok: true });
  });

  it('send: rejected with errors, then commissioned once, then already commissioned', async () => {
    const withError = ruleCases.find((c) => c.type === 'ERROR')!;
    const rejected = await client.send(CLEAN_BU, OPEN_TO, withError.trigger(), { ignoreWarnings: true });
    expect(rejected.status).toBe('rejected');
    if (rejected.status === 'rejected') expect(rejected.messages.map((m) => m.shortmessage)).toContain(withError.code);
    // SEND (without ignoring) is refused while a warning remains.
    const withWarning = ruleCases.find((c) => c.type === 'WARNING')!;
    const warned = await client.send(CLEAN_BU, OPEN_TO, withWarning.trigger(), { ignoreWarnings: false });
    expect(warned).toMatchObject({
      status: 'rejected',
      messages: expect.arrayContaining([expect.objectContaining({ type: 'WARNING' })]) as unknown,
    });

    const sent = await client.send(CLEAN_BU, OPEN_TO, cleanSubmission(), { ignoreWarnings: false });
    expect(sent).toMatchObject({ status: 'commissioned', confirmedBy: 'reply' });
    const period = (await client.listBillingPeriods(CLEAN_BU)).find((p) => p.to === OPEN_TO);
    expect(period).toMatchObject({ status: 'COMMISSIONED' });
    if (sent.status === 'commissioned') expect(period?.lastsubmission?.transactionid).toBe(sent.transactionid);

    await expect(client.send(CLEAN_BU, OPEN_TO, cleanSubmission(), { ignoreWarnings: false })).resolves.toEqual({
      status: 'already-commissioned',
    });
  });

  it('maps unknown and foreign billing units to German errors', async () => {
    const unknown = await failure(client.listBillingPeriods('999999999'));
    expect(unknown).toMatchObject({ code: 'HTTP', details: { status: 404 } });
    expect(unknown.message).toContain('999999999');
    const foreign = await failure(client.getTemplate('100900001', OPEN_TO));
    expect(foreign).toMatchObject({ code: 'AUTH', details: { status: 403 } });
    expect(foreign.message).toContain('Keine Berechtigung');
    const noPeriod = await failure(client.getTemplate(LEIPZIG, '2030-12-31'));
    expect(noPeriod.details).toMatchObject({ status: 404 });
  });
});
