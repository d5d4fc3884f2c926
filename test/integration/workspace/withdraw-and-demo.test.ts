/**
 * The app's side of docs/msc-units.md over loopback against the embedded demo MSC, through the IPC gate: a large
 * send split into parts of 5,000, a withdrawal as a complete list through the outbox (earlier requests kept), and the
 * Demo-Messdienst channels acting as the MSC's staff.
 */
import { describe, expect, it } from 'vitest';
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { until, useGateApp } from '@test/support/gate-app';

const on = { connectionId: 'demo' };
const head = { customerMscnumber: '0000012345', ordercriteriafor: 'USAGEUNIT' as const };

const app = useGateApp('kb-withdraw-', { demoDelays: { matchingStartMs: 20, matchingCompleteMs: 40 } });
const { call } = app;

const sentOf = async (billingunit: string) =>
  (await call('units:outbox', on)).filter((i) => i.billingunit === billingunit && i.state === 'sent');

describe('large sends and withdrawals through the outbox', () => {
  it('splits 12,000 units into three requests of at most 5,000, all stored before sending', async () => {
    const units: SetupResidentialUnit[] = Array.from({ length: 12_000 }, (_, i) => ({
      residentialunitPmnumber: `GROSS-${String(i + 1).padStart(5, '0')}`,
    }));
    const items = await call('units:send-setups', {
      ...on,
      request: { ...head, billingunitMscnumber: '100200302', residentialunits: units },
    });
    expect(items.map((i) => i.request.residentialunits.length)).toEqual([5000, 5000, 2000]);
    expect(items.every((i) => i.request.completelist === undefined)).toBe(true);
    await until(
      () => sentOf('100200302'),
      (s) => s.length === 3,
    );
    const result = await until(
      () => call('units:matching', { ...on, billingunit: '100200302' }),
      (r) => r.setupstatus === 'COMPLETED' && (r.unmatched?.length ?? 0) === 12_000,
    );
    expect(result.unmatched?.[11_999]?.residentialunitPmnumber).toBe('GROSS-12000');
  });

  it('refuses duplicates across the whole list in plain German', async () => {
    const twice = [{ residentialunitPmnumber: 'A-1' }, { residentialunitPmnumber: 'A-1' }];
    await expect(
      call('units:send-setups', { ...on, request: { ...head, billingunitMscnumber: '100200303', residentialunits: twice } }),
    ).rejects.toThrow(/kommt doppelt vor/);
  });

  it('withdraws units sent by mistake as a complete list; the earlier request stays and the matching no longer counts them', async () => {
    const bu = '100200303';
    await call('units:send-setup', {
      ...on,
      request: {
        ...head,
        billingunitMscnumber: bu,
        residentialunits: ['LA5-0001', 'LA5-0002', 'FALSCH'].map((pm) => ({ residentialunitPmnumber: pm })),
      },
    });
    await until(
      () => call('units:matching', { ...on, billingunit: bu }).catch(() => undefined),
      (r) => r?.setupstatus === 'COMPLETED' && r.unmatched?.some((u) => u.residentialunitPmnumber === 'FALSCH') === true,
    );
    await expect(call('units:withdraw', { ...on, billingunit: bu, pmnumbers: ['NIE-GESENDET'] })).rejects.toThrow(
      /nicht gesendet/,
    );

    const [part] = await call('units:withdraw', { ...on, billingunit: bu, pmnumbers: ['FALSCH'] });
    expect(part?.request.completelist).toMatchObject({ part: 1, parts: 1 });
    expect(part?.request.residentialunits.map((u) => u.residentialunitPmnumber)).toEqual(['LA5-0001', 'LA5-0002']);
    const done = await until(
      () => call('units:matching', { ...on, billingunit: bu }),
      (r) => r.setupstatus === 'COMPLETED' && (r.withdrawn?.length ?? 0) > 0,
    );
    expect(done.unmatched).toEqual([]);
    expect(done.withdrawn?.map((w) => w.residentialunitPmnumber)).toEqual(['FALSCH']);
    const sent = await sentOf(bu);
    expect(sent.map((i) => i.request.residentialunits.length)).toEqual([3, 2]);
  });
});

describe('Demo-Messdienst channels', () => {
  it('show the known order criteria, resolve manual work and update the followed setup at once', async () => {
    const bu = '100200301';
    const state = await call('demo:state', on);
    expect(state.billingunits.map((b) => b.billingunitMscnumber)).toEqual(['100200301', '100200302', '100200303']);
    await call('units:send-setup', {
      ...on,
      request: {
        ...head,
        billingunitMscnumber: bu,
        residentialunits: [{ residentialunitPmnumber: 'KH42/14', description: 'EG Laden' }],
      },
    });
    const waiting = await until(
      () => call('demo:state', on),
      (s) => s.manual.length === 1,
    );
    expect(waiting.manual[0]).toMatchObject({ residentialunitPmnumber: 'KH42/14', since: expect.any(String) as string });
    const setups = await until(
      () => call('units:setups', on),
      (s) => s.find((x) => x.billingunit === bu)?.status?.manualwork?.length === 1,
    );
    expect(setups.find((x) => x.billingunit === bu)?.status?.setupstatus).toBe('IN_PROGRESS');

    await expect(call('demo:resolve', { ...on, billingunit: bu, pmnumber: 'KH42/14', mscnumber: '9999' })).rejects.toThrow(
      /keine Nutzeinheit 9999/,
    );
    await call('demo:resolve', { ...on, billingunit: bu, pmnumber: 'KH42/14', mscnumber: '0014' });
    // No waiting for the next poll: the handler asked the MSC already.
    const tracked = (await call('units:setups', on)).find((x) => x.billingunit === bu);
    expect(tracked?.status?.setupstatus).toBe('COMPLETED');
    expect(tracked?.status?.matched).toContainEqual({
      residentialunitPmnumber: 'KH42/14',
      residentialunitMscnumber: '0014',
      positiontext: 'EG Laden (Gewerbe)',
    });
  });

  it('commission and reopen a period, and hand out the sample workbook', async () => {
    const changed = await call('demo:period-status', {
      ...on,
      billingunit: '100200302',
      periodTo: '2025-12-31',
      status: 'COMMISSIONED',
    });
    expect(changed.status).toBe('COMMISSIONED');
    const periods = await call('periods:list', { ...on, billingunit: '100200302' });
    expect(periods.find((p) => p.to === '2025-12-31')?.status).toBe('COMMISSIONED');
    await call('demo:period-status', { ...on, billingunit: '100200302', periodTo: '2025-12-31', status: 'OPEN' });
    const file = await call('demo:sample-workbook', { ...on, billingunit: '100200301' });
    expect(file.name).toBe('Beispieldatei Nutzeinheiten 100200301.xlsx');
    expect(file.size).toBeGreaterThan(1000);
  });
});
