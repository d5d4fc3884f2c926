/**
 * The Demo-Messdienst panel acts as the demo MSC's staff for the demo connection's own customer only: its actions
 * refuse a property of another customer of the demo MSC (the seed's Hamburg property), and change nothing there.
 */
import { describe, expect, it } from 'vitest';
import { OTHER_BILLING_UNIT } from '@main/sandbox/seed';
import { createOperatorClient } from '@main/sandbox/operator-cli';
import { useGateApp } from '@test/support/gate-app';

const app = useGateApp('kb-demo-staff-', { demoDelays: { matchingStartMs: 50, matchingCompleteMs: 100 } });
const on = { connectionId: 'demo' };
const REFUSED = /VALIDATION Die Liegenschaft 100900001 gehört nicht zu den Liegenschaften der Demo-Verbindung/;

async function otherPeriods() {
  await app.call('demo:state', on);
  const sandbox = app.context.demo();
  if (!sandbox) throw new Error('the demo MSC runs');
  const world = await createOperatorClient(sandbox.url, sandbox.operatorToken).world();
  return world.billingunits.find((b) => b.billingunitMscnumber === OTHER_BILLING_UNIT)?.periods ?? [];
}

describe('the demo staff actions', () => {
  it('refuse to change the period status of another customer’s property', async () => {
    const before = await otherPeriods();
    const period = before[0];
    if (!period) throw new Error('the seed gives the other customer a period');
    await expect(
      app.call('demo:period-status', { ...on, billingunit: OTHER_BILLING_UNIT, periodTo: period.to, status: 'COMMISSIONED' }),
    ).rejects.toThrow(REFUSED);
    expect(await otherPeriods()).toEqual(before);
  });

  it('refuse to resolve or advance another customer’s property, or hand out its sample workbook', async () => {
    await expect(
      app.call('demo:resolve', { ...on, billingunit: OTHER_BILLING_UNIT, pmnumber: 'HS3-01', mscnumber: '0001' }),
    ).rejects.toThrow(REFUSED);
    await expect(app.call('demo:advance', { ...on, billingunit: OTHER_BILLING_UNIT })).rejects.toThrow(REFUSED);
    await expect(app.call('demo:sample-workbook', { ...on, billingunit: OTHER_BILLING_UNIT })).rejects.toThrow(REFUSED);
  });

  it('still act on the demo customer’s own properties', async () => {
    const changed = await app.call('demo:period-status', {
      ...on,
      billingunit: '100200302',
      periodTo: '2025-12-31',
      status: 'COMMISSIONED',
    });
    expect(changed.status).toBe('COMMISSIONED');
    expect((await app.call('demo:advance', on)).advanced).toEqual([]);
  });
});
