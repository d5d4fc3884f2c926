/**
 * The fault run of issue 13: usage units of ten properties and binding submissions of many billing periods go
 * and OSR 2.0 deliveries (a tenant change in two units of each property) go
 * through a proxy that drops, resets, refuses, holds, stalls and cuts requests and replies at set rates (fixed
 * seed). The clerk retries what the app shows as failed and retryable. Afterwards, checked at the demo MSC: every
 * unit arrived or waits as a retryable failure, no period is commissioned twice, and no period the MSC commissioned
 * is shown as anything but commissioned. `npm test` runs a short form; `npm run faults` the full one (500 units,
 * 50 periods) and prints the summary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { WORKSPACES_FOLDER } from '@main/app/workspaces';
import { LARGE_FIRST_NUMBER } from '@main/sandbox/seed-large';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { isSend, mscState, mscSubmissions, startFaultWorld, until } from '@test/integration/faults/helpers';
import type { FaultWorld } from '@test/integration/faults/helpers';
import { byRates, passAll } from '@test/support/fault-proxy';

const FULL = process.env.FAULTS_FULL === '1';
const PROPERTIES = 10;
const UNITS_PER_PROPERTY = FULL ? 50 : 10;
const UNITS_PER_REQUEST = 10;
const PERIODS = FULL ? 50 : 6;
const SEED = Number(process.env.FAULTS_SEED ?? 1313);
const PERIOD_TO = '2025-12-31';

const property = (i: number) => String(LARGE_FIRST_NUMBER + i);
const queryOf = (url: string): URLSearchParams => new URL(url, 'http://x').searchParams;
const OSR_UNITS = ['0001', '0002'];

/** A tenant change in a generated building's unit: the family there since 2015 moves out, a new tenant moves in. */
function tenantChange(billingunit: string, unit: string): OnSiteRoles {
  const tag = billingunit.slice(-6);
  const [before, after] = [`P${tag}${unit}`, `N${tag}${unit}`];
  return {
    partners: [
      { partnerPmnumber: before, name: 'Bisher', commercial: false },
      { partnerPmnumber: after, name: 'Neu', firstname: 'Erika', commercial: false },
    ],
    billingcontracts: [
      {
        validfrom: '2015-01-01',
        validto: '2025-03-31',
        vacancy: false,
        billingrecipient: { partnerPmnumber: before, owner: false },
      },
      { validfrom: '2025-04-01', vacancy: false, billingrecipient: { partnerPmnumber: after, owner: false } },
    ],
    consumptioninformationcontracts: [
      { validfrom: '2015-01-01', validto: '2025-03-31', partnerPmnumber: before },
      { validfrom: '2025-04-01', partnerPmnumber: after },
    ],
  };
}

describe('units and binding submissions through a faulty network', () => {
  let world: FaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
  });

  it(
    'lose nothing, commission no period twice and never deny a commission',
    async () => {
      // Arrange: faults on every POST to the MSC (setups and billing input alike)
      const plan = byRates(
        [
          { rule: { kind: 'drop' }, rate: 0.05 },
          { rule: { kind: 'reset-after-forward' }, rate: 0.05 },
          { rule: { kind: 'status', status: 503 }, rate: 0.05 },
          { rule: { kind: 'status', status: 500 }, rate: 0.02 },
          { rule: { kind: 'hold', ms: 1300 }, rate: 0.03 },
          { rule: { kind: 'stall-reply', ms: 1300 }, rate: 0.03 },
          { rule: { kind: 'truncate', mode: 'short' }, rate: 0.03 },
          { rule: { kind: 'truncate', mode: 'cut' }, rate: 0.03 },
        ],
        { seed: SEED, applies: (req) => req.method === 'POST' && !req.path.includes('token') },
      );
      world = await startFaultWorld({
        seedLarge: Math.max(PROPERTIES, PERIODS),
        plan,
        timing: {
          mscLimits: { timeoutMs: 1000, retries: 1 },
          outboxAutoRetry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 },
          sendReconcile: { intervalMs: 200, settleAfterMs: 3000 },
        },
      });
      const { h, connectionId, proxy } = world;

      // Act 1: every property's units, in requests of ten, through the outbox
      const sentUnits: string[] = [];
      for (let p = 0; p < PROPERTIES; p++) {
        for (let start = 0; start < UNITS_PER_PROPERTY; start += UNITS_PER_REQUEST) {
          const request: SetupRequest = {
            billingunitMscnumber: property(p),
            customerMscnumber: '0000012345',
            ordercriteriafor: 'USAGEUNIT',
            residentialunits: Array.from({ length: UNITS_PER_REQUEST }, (_, k) => ({
              residentialunitPmnumber: `M${String(p)}-${String(start + k).padStart(3, '0')}`,
            })),
          };
          await h['units:send-setup']({ connectionId, request });
          sentUnits.push(...request.residentialunits.map((u) => `${property(p)}/${u.residentialunitPmnumber}`));
        }
      }

      // Act 1b: a tenant change for two units of every property, delivered via OSR 2.0
      for (let p = 0; p < PROPERTIES; p++) {
        for (const unit of OSR_UNITS) {
          const where = { connectionId, billingunit: property(p), residentialunit: unit };
          await h['osr:save']({ ...where, roles: tenantChange(property(p), unit) });
          await h['osr:deliver'](where);
        }
      }

      // Act 2: every period submitted bindingly; what fails retryably the clerk submits again (three tries)
      const outcomes: Record<string, string> = {};
      for (let p = 0; p < PERIODS; p++) {
        const where = { connectionId, billingunit: property(p), periodTo: PERIOD_TO };
        let template: Awaited<ReturnType<(typeof h)['templates:get']>> | undefined;
        for (let t = 0; t < 5 && !template; t++) template = await h['templates:get'](where).catch(() => undefined);
        if (!template) throw new Error(`no template for ${where.billingunit}`);
        const filled = demoSubmission(template);
        for (let attempt = 0; attempt < 3; attempt++) {
          const outcome = await h['templates:submit']({ ...where, filled, ignoreWarnings: false }).catch((err: unknown) => err);
          const key = (outcome as { appError?: { key?: string; code?: string } }).appError;
          outcomes[where.billingunit] = key ? (key.key ?? key.code ?? 'error') : (outcome as { status: string }).status;
          if (!key || key.key === 'send.outcomeUnknown' || key.code === 'CONFLICT') break;
        }
      }
      const settled = async () =>
        (await h['units:outbox']({ connectionId })).every(
          (i) => i.state === 'sent' || (i.state === 'failed' && !i.nextAttemptAt),
        );
      await until(settled, 60_000, 'the outbox settles');
      const osrSettled = async () =>
        (await h['osr:records']({ connectionId })).every(
          (r) =>
            r.delivery === undefined ||
            r.delivery.state === 'rejected' ||
            (r.delivery.state === 'failed' && !r.delivery.nextAttemptAt),
        );
      await until(osrSettled, 60_000, 'the OSR deliveries settle');
      await proxy.whenIdle();
      // Outcomes the app could not know settle through the reconciler (it reads the period's status again): wait
      // until no binding submission of the run is still unclear.
      const pendingDir = join(world.dir, 'app', WORKSPACES_FOLDER, connectionId, 'pending-sends');
      const unclear = async () => (await readdir(pendingDir).catch(() => [])).filter((f) => f.endsWith('.json'));
      await until(async () => (await unclear()).length === 0, 30_000, 'the unclear submissions settle');

      // Assert: units — at the MSC, or in a failed item the clerk can retry
      const state = await mscState(world);
      const atMsc = new Set(
        Object.entries(state.setups).flatMap(([bu, s]) => s.units.map((u) => `${bu}/${u.residentialunitPmnumber}`)),
      );
      const items = await h['units:outbox']({ connectionId });
      const failed = items.filter((i) => i.state === 'failed');
      const waiting = new Set(
        failed.flatMap((i) => i.request.residentialunits.map((u) => `${i.billingunit}/${u.residentialunitPmnumber}`)),
      );
      expect(sentUnits.filter((u) => !atMsc.has(u) && !waiting.has(u))).toEqual([]);
      expect(failed.filter((i) => !i.failure.retryable)).toEqual([]);

      // Assert: periods — never twice; what the MSC commissioned the app's archive shows as commissioned; and at least
      // every period the app was told is commissioned, or whose SEND the MSC answered with 200 on its way through the
      // proxy, is commissioned at the MSC (a run where faults swallowed every submission would fail here).
      const sentThrough = proxy
        .records()
        .filter((r) => r.forwarded && r.upstreamStatus === 200 && isSend({ method: r.method, query: queryOf(r.url) } as never))
        .map((r) => /\/billingunits\/(\d+)\/billingperiods\//.exec(r.url)?.[1]);
      const mustBeCommissioned = new Set([
        ...sentThrough.filter((bu) => bu !== undefined),
        ...Object.entries(outcomes)
          .filter(([, o]) => o === 'commissioned' || o === 'already-commissioned')
          .map(([bu]) => bu),
      ]);
      expect(mustBeCommissioned.size).toBeGreaterThan(0);
      let commissioned = 0;
      const notCommissioned: string[] = [];
      for (let p = 0; p < PERIODS; p++) {
        const where = { connectionId, billingunit: property(p), periodTo: PERIOD_TO };
        const submissions = await mscSubmissions(world, where.billingunit, PERIOD_TO);
        expect(submissions.length, where.billingunit).toBeLessThanOrEqual(1);
        if (mustBeCommissioned.has(where.billingunit)) expect(submissions, where.billingunit).toHaveLength(1);
        if (submissions.length === 1) {
          commissioned++;
          await until(
            async () => (await h['archive:list'](where)).some((e) => e.result === 'commissioned'),
            10_000,
            `the archive of ${where.billingunit} shows the commission`,
          );
        } else {
          // Not at the MSC: open there, and the app claims no commission (the clerk can submit again).
          expect(state.periods[`${where.billingunit}/${PERIOD_TO}`]?.status ?? 'OPEN', where.billingunit).toBe('OPEN');
          const entries = await h['archive:list'](where);
          expect(
            entries.some((e) => e.result === 'commissioned'),
            where.billingunit,
          ).toBe(false);
          notCommissioned.push(`${where.billingunit}: ${entries.map((e) => e.result).join(', ') || 'no archive entry'}`);
        }
      }

      expect(commissioned).toBeGreaterThanOrEqual(mustBeCommissioned.size);

      // Assert: OSR — each unit's change accepted at the MSC as sent, or shown as failed and retryable; none refused
      const osrRecords = await h['osr:records']({ connectionId });
      expect(osrRecords).toHaveLength(PROPERTIES * OSR_UNITS.length);
      const osrFailed = osrRecords.filter((r) => r.delivery !== undefined);
      expect(osrFailed.filter((r) => r.delivery?.state !== 'failed' || r.delivery.failure?.retryable !== true)).toEqual([]);
      for (const r of osrRecords.filter((x) => x.delivery === undefined)) {
        const atMscRoles = await h['osr:read-back']({
          connectionId,
          billingunit: r.billingunit,
          residentialunit: r.residentialunit,
        });
        expect(atMscRoles?.billingcontracts, `${r.billingunit}/${r.residentialunit}`).toEqual(
          tenantChange(r.billingunit, r.residentialunit).billingcontracts,
        );
      }

      // Act 3: on a healed network the clerk retries every failed setup; all units arrive
      proxy.setPlan(passAll);
      for (const item of failed) await h['units:retry-setup']({ connectionId, id: item.id });
      await until(
        async () => (await h['units:outbox']({ connectionId })).every((i) => i.state === 'sent'),
        10_000,
        'the retries are sent',
      );
      const healed = await mscState(world);
      const finallyAtMsc = new Set(
        Object.entries(healed.setups).flatMap(([bu, s]) => s.units.map((u) => `${bu}/${u.residentialunitPmnumber}`)),
      );
      expect(sentUnits.filter((u) => !finallyAtMsc.has(u))).toEqual([]);
      for (let p = 0; p < PROPERTIES; p++) await h['osr:deliver-all']({ connectionId, billingunit: property(p) });
      await until(
        async () => (await h['osr:records']({ connectionId })).every((r) => r.delivery === undefined),
        10_000,
        'the OSR retries are accepted',
      );

      const faults = proxy.records().filter((r) => r.rule.kind !== 'pass');
      const summary = {
        units: sentUnits.length,
        setupRequests: items.length,
        failedSetupsRetried: failed.length,
        osrDeliveries: osrRecords.length,
        osrFailedRetried: osrFailed.length,
        periods: PERIODS,
        commissioned,
        notCommissioned,
        binding: proxy.records().filter((r) => isSend({ method: r.method, query: queryOf(r.url) } as never)).length,
        faults: faults.length,
        byKind: Object.fromEntries(
          [...new Set(faults.map((f) => f.rule.kind))].map((k) => [k, faults.filter((f) => f.rule.kind === k).length]),
        ),
        outcomes: Object.fromEntries(
          [...new Set(Object.values(outcomes))].map((o) => [o, Object.values(outcomes).filter((x) => x === o).length]),
        ),
      };
      if (FULL) console.log(`fault run: ${JSON.stringify(summary, null, 2)}`);
      expect(faults.length).toBeGreaterThan(3);
    },
    FULL ? 600_000 : 180_000,
  );
});
