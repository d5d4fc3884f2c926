/**
 * OSR deliveries from two desks in processes of their own on one team database and one demo MSC behind the fault
 * proxy (issue 23): 48 usage units' tenant changes queued from both desks, one desk killed (SIGKILL) while it is
 * sending. Checked at the demo MSC and in the database: every unit's data set arrived, once — twice only where the
 * killed desk had it on the wire —, the MSC holds what was sent, every record says delivered, and the OSR log holds
 * exactly one acceptance per unit, by a desk that held the claim. About 20–35 s on a quiet machine (the desks are processes that compile on start).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { createMscClient } from '@main/services/msc-client/index';
import { startSandbox, type Sandbox } from '@main/sandbox/index';
import { DEMO_CLIENT } from '@main/sandbox/seed';
import { LARGE_FIRST_NUMBER } from '@main/sandbox/seed-large';
import { openTeamDb, type TeamDb } from '@main/services/team/team-db';
import { byRates, startFaultProxy, type FaultProxy } from '@test/support/fault-proxy';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';
import { killDesk, startDeskProcess, type DeskProcess } from '@test/support/desk-process';
import type { DeskConfig } from '@test/support/team-desk';
import { until } from '@test/integration/faults/helpers';

const PROPERTIES = 8;
const UNITS_PER_PROPERTY = 6;
const LEASE_MS = 2_000;
const [DESK_A, DESK_B] = ['Frau Berger (Platz 1)', 'Herr Yilmaz (Platz 2)'];
const OSR_PATH = /^\/billingunits\/(\d+)\/residentialunits\/(\d{4})\/on-site-roles$/;

/** A tenant change of one unit: the seeded family moved out at the end of June, a new tenant moved in on 1 July. */
function tenantChange(billingunit: string, residentialunit: string): OnSiteRoles {
  const old = `P${billingunit.slice(-6)}${residentialunit}`;
  const tenant = `N-${billingunit}-${residentialunit}`;
  return {
    partners: [
      { partnerPmnumber: old, name: 'Bisher', commercial: false },
      { partnerPmnumber: tenant, name: 'Neumann', firstname: residentialunit, commercial: false },
    ],
    billingcontracts: [
      {
        validfrom: '2015-01-01',
        validto: '2025-06-30',
        vacancy: false,
        billingrecipient: { partnerPmnumber: old, owner: false },
      },
      { validfrom: '2025-07-01', vacancy: false, billingrecipient: { partnerPmnumber: tenant, owner: false } },
    ],
    consumptioninformationcontracts: [{ validfrom: '2025-07-01', partnerPmnumber: tenant }],
  };
}

const pgFound = findPostgresBin();

describe('OSR deliveries from two desks on one team database', () => {
  if ('missing' in pgFound) {
    (process.env.CI ? it : it.skip)(`cannot run: ${pgFound.missing}`, () => {
      throw new Error(pgFound.missing);
    });
    return;
  }
  let cluster: PostgresCluster | undefined;
  let db: TeamDb | undefined;
  let msc: Sandbox | undefined;
  let proxy: FaultProxy | undefined;
  let dir: string | undefined;
  const desks: DeskProcess[] = [];
  afterAll(async () => {
    for (const desk of desks) desk.child.kill('SIGKILL');
    await proxy?.close();
    await msc?.close();
    await db?.close();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('deliver every unit to the demo MSC exactly once while one desk is killed mid-send', async () => {
    // Arrange: the database, the demo MSC behind the fault proxy (deliveries lost on the way there, or answered
    // slowly, so the kill finds some on the wire), two desks
    dir = await mkdtemp(join(tmpdir(), 'kb-two-desks-osr-'));
    cluster = await startPostgresCluster();
    db = await openTeamDb({ url: cluster.url, desk: 'Prüfung' });
    msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), seedLarge: PROPERTIES });
    proxy = await startFaultProxy(
      msc.url,
      byRates(
        [
          { rule: { kind: 'drop' }, rate: 0.1 },
          { rule: { kind: 'stall-reply', ms: 400 }, rate: 0.6 },
        ],
        { seed: 2306, applies: (req) => req.method === 'POST' && OSR_PATH.test(req.path) },
      ),
    );
    const configOf = (desk: string): DeskConfig => ({
      url: cluster!.url,
      desk,
      mscUrl: proxy!.url,
      dataDir: join(dir!, desk.replace(/\W+/g, '-')),
      leaseMs: LEASE_MS,
      settleAfterMs: 15_000,
    });
    const [a, b] = await Promise.all([startDeskProcess(configOf(DESK_A)), startDeskProcess(configOf(DESK_B))]);
    desks.push(a, b);
    const units: [string, string][] = [];
    for (let p = 0; p < PROPERTIES; p++)
      for (let u = 1; u <= UNITS_PER_PROPERTY; u++) units.push([String(LARGE_FIRST_NUMBER + p), String(u).padStart(4, '0')]);
    const pool = db.pool;

    // Act: both clerks queue tenant changes; desk A is killed while it is sending some
    const queued = await Promise.all(
      units.map(([billingunit, residentialunit], i) =>
        (i % 2 === 0 ? a : b).call({
          op: 'osr',
          billingunit,
          residentialunit,
          roles: tenantChange(billingunit, residentialunit),
        }),
      ),
    );
    expect(queued.filter((r) => !r.ok)).toEqual([]);
    const sendingOf = `SELECT billingunit || '/' || residentialunit AS unit FROM osr_units
      WHERE delivery_state = 'sending' AND claimed_by = $1`;
    const acceptedBy = `SELECT 1 FROM osr_log WHERE clerk = $1 AND result_kind = 'accepted'`;
    await until(
      async () => (await pool.query(acceptedBy, [DESK_A])).rowCount! > 0 && (await pool.query(sendingOf, [DESK_A])).rowCount! > 0,
      15_000,
      'desk A has delivered one unit and is sending more',
    );
    await killDesk(a);
    const onTheWire = new Set((await pool.query<{ unit: string }>(sendingOf, [DESK_A])).rows.map((r) => r.unit));
    const open = (await pool.query(`SELECT 1 FROM osr_units WHERE delivery_state IS NOT NULL`)).rowCount;
    await until(
      async () => (await pool.query(`SELECT 1 FROM osr_units WHERE delivery_state IS NOT NULL`)).rowCount === 0,
      40_000,
      'every delivery settled',
    );
    await proxy.whenIdle();

    // Assert: the kill came mid-run, with deliveries on the wire and others still queued
    expect(onTheWire.size).toBeGreaterThan(0);
    expect(open).toBeGreaterThan(onTheWire.size);
    // Assert: at the MSC — every unit's data set arrived once, twice only where the killed desk had it on the wire
    const arrived = new Map<string, number>();
    for (const r of proxy.records()) {
      const m = r.method === 'POST' && r.forwarded ? OSR_PATH.exec(r.url) : null;
      if (m) arrived.set(`${m[1]!}/${m[2]!}`, (arrived.get(`${m[1]!}/${m[2]!}`) ?? 0) + 1);
    }
    expect([...arrived.keys()].sort()).toEqual(units.map(([bu, ru]) => `${bu}/${ru}`).sort());
    const twice = [...arrived].filter(([, n]) => n > 1);
    expect(
      twice.every(([unit, n]) => n === 2 && onTheWire.has(unit)),
      JSON.stringify(twice),
    ).toBe(true);
    const direct = createMscClient({
      baseUrl: msc.url,
      profile: 'seed',
      auth: { kind: 'oauth2', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
    });
    for (const [bu, ru] of units) {
      const { transactionid: _t, acceptedat: _a, ...held } = (await direct.getOnSiteRoles(bu, ru)) ?? {};
      expect(held, `${bu}/${ru}`).toEqual(tenantChange(bu, ru));
    }
    await direct.close();
    // Assert: in the database — every record delivered, one acceptance per unit in the log, both desks at work
    const { rows: records } = await pool.query<{ record: { delivered?: { transactionid: string } } }>(
      'SELECT record FROM osr_units',
    );
    expect(records).toHaveLength(units.length);
    expect(records.every((r) => r.record.delivered !== undefined)).toBe(true);
    const { rows: log } = await pool.query<{ unit: string; result_kind: string; clerk: string }>(
      `SELECT billingunit || '/' || residentialunit AS unit, result_kind, clerk FROM osr_log`,
    );
    const accepted = log.filter((e) => e.result_kind === 'accepted');
    expect(accepted.map((e) => e.unit).sort()).toEqual(units.map(([bu, ru]) => `${bu}/${ru}`).sort());
    expect(new Set(accepted.map((e) => e.clerk))).toEqual(new Set([DESK_A, DESK_B]));
    // What the killed desk had on the wire was delivered, and logged, by the other desk.
    expect(accepted.filter((e) => onTheWire.has(e.unit)).every((e) => e.clerk === DESK_B)).toBe(true);
  }, 90_000);
});
