import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from '@shared/msc/billing-input';
import { checkSubmission } from '@main/sandbox/rules/index';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { demoWorld, DEMO_BILLING_UNITS } from '@main/sandbox/seed';
import { addLargeSeed } from '@main/sandbox/seed-large';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, tempDir, tokenFor } from '@test/integration/sandbox/helpers';

describe('the seeded demo world', () => {
  const world = demoWorld();
  const demoUnits = world.billingunits.filter((b) => (DEMO_BILLING_UNITS as readonly string[]).includes(b.billingunitMscnumber));

  it('has three demo buildings with about 40 usage units, each with a commissioned and an open period', () => {
    expect(demoUnits.map((b) => b.billingunitMscnumber)).toEqual([...DEMO_BILLING_UNITS]);
    expect(demoUnits.reduce((n, b) => n + b.units.length, 0)).toBe(40);
    for (const b of world.billingunits) {
      expect(b.periods.map((p) => `${p.period.to}:${p.period.status}`)).toEqual(['2024-12-31:COMMISSIONED', '2025-12-31:OPEN']);
      expect(b.periods[0]?.period.lastsubmission?.transactionid).toMatch(/\S/);
    }
    expect(demoUnits.flatMap((b) => b.units).filter((u) => u.manual)).toHaveLength(1);
  });

  it('seeds templates that the Template schema accepts, also for generated buildings', () => {
    for (const b of addLargeSeed(world, 8).billingunits) {
      for (const p of b.periods) {
        const parsed = Template.safeParse(p.template);
        expect(parsed.error?.issues ?? []).toEqual([]);
      }
    }
  });

  it('carries last year’s closing stock into the oil building’s opening stock, and tenant changes and vacancies', () => {
    const oil = demoUnits[1]?.periods[1]?.template;
    expect(oil?.fuels[0]).toMatchObject({
      fuel: '111',
      stored: true,
      openingstockpreset: { date: '2025-01-01', quantity: '3850.000' },
    });
    const recipients = demoUnits.flatMap((b) => b.periods[1]?.template?.billingrecipients ?? []);
    expect(recipients.filter((r) => r.vacancy).length).toBeGreaterThanOrEqual(2);
    expect(recipients.filter((r) => r.validto !== undefined).length).toBeGreaterThanOrEqual(3);
  });

  it('lets a complete submission pass the plausibility check for every seeded template', () => {
    for (const b of world.billingunits) {
      for (const p of b.periods) {
        const t = p.template as Template;
        expect({ bu: b.billingunitMscnumber, to: p.period.to, messages: checkSubmission(t, demoSubmission(t)) }).toEqual({
          bu: b.billingunitMscnumber,
          to: p.period.to,
          messages: [],
        });
      }
    }
  });
});

describe('the demo world over HTTP', () => {
  let sandbox: Sandbox;
  let dir: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    dir = await tempDir();
    sandbox = await startSandbox({ dataDir: dir.path });
  });
  afterAll(async () => {
    await sandbox.close();
    await dir.remove();
  });

  it('validates a complete submission for each open period with 204 on both profiles', async () => {
    const demo = api(sandbox.url, await tokenFor(sandbox.url));
    for (const bu of DEMO_BILLING_UNITS) {
      const seedPath = `/billingunits/${bu}/billingperiods/2025-12-31`;
      const t = await demo.get(seedPath);
      expect(t.status).toBe(200);
      const submission = demoSubmission(Template.parse(t.body));
      expect((await demo.post(`${seedPath}?action=VALIDATE`, submission)).status).toBe(204);
      expect((await demo.post(`/billinginput/v1${seedPath}?action=VALIDATE`, submission)).status).toBe(204);
    }
  });
});
