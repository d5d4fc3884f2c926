/**
 * The osr:* channels through the IPC gate against the embedded demo MSC: the property's units with the roles the MSC
 * shows, a saved change, its delivery and the log; the next template shows the new tenant.
 */
import { describe, expect, it } from 'vitest';
import { useGateApp, until } from '@test/support/gate-app';
import { PROPERTY, tenantChange } from '@test/integration/osr/fixtures';

const on = { connectionId: 'demo' };
const app = useGateApp('kb-osr-');
const { call } = app;

describe('osr channels', () => {
  it('lists the units with the roles the MSC shows, then delivers a tenant change and logs it', async () => {
    const before = await call('osr:units', { ...on, billingunit: PROPERTY });
    expect(before.basisPeriodTo).toBe('2025-12-31');
    const unit = before.units.find((u) => u.residentialunitMscnumber === '0002');
    expect(unit).toMatchObject({ residentialunitPmnumber: 'KH42/02', status: 'none' });
    expect(unit?.current?.billingcontracts.map((c) => c.billingrecipient.partnerPmnumber)).toEqual(['P-301-002']);

    const saved = await call('osr:save', {
      ...on,
      billingunit: PROPERTY,
      residentialunit: '0002',
      residentialunitPmnumber: unit?.residentialunitPmnumber,
      roles: tenantChange(),
    });
    expect(saved.pending?.roles).toEqual(tenantChange());
    const pending = await call('osr:units', { ...on, billingunit: PROPERTY });
    expect(pending.units.find((u) => u.residentialunitMscnumber === '0002')?.status).toBe('pending');

    await call('osr:deliver-all', { ...on, billingunit: PROPERTY });
    const records = await until(
      () => call('osr:records', { ...on, billingunit: PROPERTY }),
      (rs) => rs.some((r) => r.residentialunit === '0002' && r.delivered !== undefined),
    );
    expect(records.find((r) => r.residentialunit === '0002')?.residentialunitPmnumber).toBe('KH42/02');

    const history = await call('osr:history', { ...on, billingunit: PROPERTY });
    expect(history.map((h) => [h.residentialunit, h.result])).toEqual([['0002', 'accepted']]);
    const entry = await call('osr:history-entry', { ...on, id: history[0]?.id ?? '' });
    expect(entry?.request).toEqual(tenantChange());
    expect((await call('osr:read-back', { ...on, billingunit: PROPERTY, residentialunit: '0002' }))?.partners).toEqual(
      tenantChange().partners,
    );
    expect(await call('osr:read-back', { ...on, billingunit: PROPERTY, residentialunit: '0003' })).toBeNull();

    const template = await call('templates:get', { ...on, billingunit: PROPERTY, periodTo: '2025-12-31' });
    expect(template.billingrecipients.filter((r) => r.residentialunitMscnumber === '0002').map((r) => r.name)).toEqual([
      'Thomas Schneider',
      'Leerstand (Karl-Heine GmbH)',
      'Elif Yilmaz',
    ]);
    const after = await call('osr:units', { ...on, billingunit: PROPERTY });
    expect(after.units.find((u) => u.residentialunitMscnumber === '0002')).toMatchObject({
      status: 'delivered',
      current: tenantChange(),
    });
  });
});
