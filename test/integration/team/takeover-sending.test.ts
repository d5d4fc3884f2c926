/**
 * "Lokale Daten in die Team-Datenbank übernehmen" with what the data folder still had to send (issue 23, item 2):
 * a queued, an interrupted and a failed setup request, a queued OSR change with the OSR log, and a setup still being
 * followed go into the team database in the takeover's transaction, and the team desk sends them to the demo MSC.
 * A binding SEND still unclear in the folder refuses the takeover until it is settled.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { OsrUnitRecord } from '@shared/domain/osr';
import type { OutboxItem } from '@shared/domain/workspace';
import { WORKSPACES_FOLDER } from '@main/app/workspaces';
import { tenantChange } from '@test/integration/osr/fixtures';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until as untilWithin } from '@test/support/team-tests';

/** This file's desks wait longer by default (20 s). */
const until = <T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, ms = 20_000) =>
  untilWithin(read, ok, what, ms);

const on = { connectionId: 'demo' };
const UNIT = '100200301';
const OTHER_UNIT = '100200302';
const T0 = '2026-01-05T08:00:00.000Z';

const setupOf = (id: string, seq: number, pm: string) => ({
  id,
  seq,
  billingunit: OTHER_UNIT,
  request: {
    billingunitMscnumber: OTHER_UNIT,
    customerMscnumber: '0000012345',
    ordercriteriafor: 'USAGEUNIT' as const,
    residentialunits: [{ residentialunitPmnumber: pm }],
  },
  createdAt: T0,
  updatedAt: T0,
});

describeOnPostgres('taking over what a data folder still had to send', () => {
  const desks = teamDesks('kb-team-takeover-');
  const cluster = () => desks.cluster();

  async function desk(url: string | null, clerk: string, dir?: string) {
    const { context, dir: userDataDir } = await desks.open(url, {
      clerk,
      dir,
      // The setups stay in matching, so the one the folder follows is still followed when it is taken over.
      demoDelays: { matchingStartMs: 600_000, matchingCompleteMs: 600_000 },
    });
    return { context, h: context.handlers, dir: userDataDir, ws: join(userDataDir, WORKSPACES_FOLDER, on.connectionId) };
  }
  const closeDesk = desks.close;

  /** A data folder with one saved draft, its desk closed, for a test to put more into before it is taken over. */
  async function folderWithDraft() {
    const local = await desk(null, '');
    await local.h['drafts:save']({
      ...on,
      draft: { billingunit: UNIT, periodTo: '2025-12-31', content: { currency: 'EUR' } },
      expectedRevision: 0,
    });
    await closeDesk(local.context);
    return local;
  }

  it('moves queued and failed setups, the OSR change and log and the followed setup; a team desk sends them', async () => {
    const url = await cluster().database('takeover_sending');
    // The folder's own work: a setup sent and followed, a tenant change delivered (its log entry).
    const local = await desk(null, '');
    await local.h['units:send-setup']({
      ...on,
      request: { ...setupOf('x', 1, 'LOKAL-0001').request, billingunitMscnumber: UNIT },
    });
    const followed = await until(
      () => local.h['units:setups'](on),
      (l) => l.some((s) => s.billingunit === UNIT && s.watching),
      'the setup followed in the folder',
    );
    const transactionid = followed[0]?.transactionid;
    await local.h['osr:save']({ ...on, billingunit: UNIT, residentialunit: '0002', roles: tenantChange() });
    await local.h['osr:deliver']({ ...on, billingunit: UNIT, residentialunit: '0002' });
    const [logged] = await until(
      () => local.h['osr:history']({ ...on, billingunit: UNIT }),
      (l) => l.length === 1,
      'the first OSR delivery in the folder',
    );
    await closeDesk(local.context);

    // What the folder had left to send when the desk stopped: as its files hold it.
    const queued: OutboxItem = { ...setupOf('q-1', 11, 'LOKAL-0002'), state: 'queued', attempts: 0 };
    const interrupted: OutboxItem = { ...setupOf('s-1', 12, 'LOKAL-0003'), state: 'sending', attempts: 1 };
    const failed: OutboxItem = {
      ...setupOf('f-1', 13, 'LOKAL-0004'),
      state: 'failed',
      attempts: 1,
      failure: { code: 'VALIDATION', message: 'abgelehnt', retryable: false },
    };
    for (const item of [queued, interrupted, failed])
      await writeFile(join(local.ws, 'outbox', `${item.id}.json`), JSON.stringify(item));
    const osrFile = join(local.ws, 'osr', `${UNIT}-0002.json`);
    const record = JSON.parse(await readFile(osrFile, 'utf8')) as OsrUnitRecord;
    const corrected = tenantChange();
    const tenant = corrected.partners[2];
    if (tenant) tenant.firstname = 'Elif Ayşe';
    const delivery = {
      id: 'osr-2',
      seq: 2,
      roles: corrected,
      state: 'queued' as const,
      attempts: 0,
      createdAt: T0,
      updatedAt: T0,
    };
    await writeFile(osrFile, JSON.stringify({ ...record, delivery }));

    const joined = await desk(url, 'Frau Berger', local.dir);
    const taken = await joined.h['team:take-over'](on);
    expect(taken).toEqual({
      drafts: 0,
      archive: 0,
      draftsKept: 0,
      results: 0,
      outbox: 3,
      osr: 1,
      osrKept: 0,
      osrLog: 1,
      setups: 1,
      setupsKept: 0,
      at: expect.any(String) as unknown,
    });
    expect(await joined.h['team:takeover-state'](on)).toEqual(taken);

    // Another team desk sees all of it at once: the failed request as failed, the followed setup, the OSR log.
    const other = await desk(url, 'Herr Yilmaz');
    const outbox = await other.h['units:outbox'](on);
    expect(outbox.find((i) => i.id === 'f-1')).toMatchObject({ state: 'failed', failure: { code: 'VALIDATION' } });
    expect(outbox.map((i) => i.id).filter((id) => id !== 'f-1')).toEqual(['q-1', 's-1']);
    expect((await other.h['units:setups'](on)).find((s) => s.billingunit === UNIT)).toMatchObject({ transactionid });
    // (The team desk may have delivered the change already: the folder's entry comes first.)
    expect((await other.h['osr:history']({ ...on, billingunit: UNIT }))[0]).toMatchObject({
      id: logged?.id,
      at: logged?.at,
      result: 'accepted',
    });

    // The team desk on the folder's demo MSC sends both setups, in order, and delivers the OSR change.
    const sent = await until(
      () => joined.h['units:outbox'](on),
      (l) => l.filter((i) => i.state === 'sent' && i.billingunit === OTHER_UNIT).length === 2,
      'the taken-over setups sent',
    );
    const [first, second] = ['q-1', 's-1'].map((id) => sent.find((i) => i.id === id));
    expect(first?.seq).toBeLessThan(second?.seq ?? 0);
    expect(first?.state === 'sent' && second?.state === 'sent' && first.sentAt <= second.sentAt).toBe(true);
    const delivered = await until(
      () => joined.h['osr:records']({ ...on, billingunit: UNIT }),
      (l) => l[0]?.delivered?.deliveryId === 'osr-2',
      'the taken-over OSR change delivered',
    );
    expect(delivered[0]?.delivered?.roles.partners[2]?.firstname).toBe('Elif Ayşe');
    expect((await joined.h['osr:history']({ ...on, billingunit: UNIT })).map((e) => e.result)).toEqual(['accepted', 'accepted']);
    // The setup the folder followed is followed by the team: its matching state is on the screen.
    const refreshed = await joined.h['units:refresh-setup']({ ...on, billingunit: UNIT });
    expect(refreshed).toMatchObject({
      transactionid,
      watching: true,
      status: { setupstatus: 'OPEN', transactionid },
    });
  }, 90_000);

  it("reports what the database already had (its stand kept) and reads an older takeover's marker", async () => {
    const url = await cluster().database('takeover_kept');
    const draft = { billingunit: UNIT, periodTo: '2025-12-31', content: { currency: 'EUR' } };
    const local = await desk(null, '');
    await local.h['drafts:save']({ ...on, draft, expectedRevision: 0 });
    await local.h['osr:save']({ ...on, billingunit: UNIT, residentialunit: '0002', roles: tenantChange() });
    await local.h['units:send-setup']({
      ...on,
      request: { ...setupOf('x', 1, 'LOKAL-0001').request, billingunitMscnumber: UNIT },
    });
    await until(
      () => local.h['units:setups'](on),
      (l) => l.some((s) => s.billingunit === UNIT && s.watching),
      'the setup followed in the folder',
    );
    await closeDesk(local.context);

    // Meanwhile the office has its own draft of the period, its own change of the unit and a later setup of it.
    const office = await desk(url, 'Herr Yilmaz');
    await office.h['drafts:save']({ ...on, draft: { ...draft, content: { currency: 'EUR' } }, expectedRevision: 0 });
    await office.h['osr:save']({ ...on, billingunit: UNIT, residentialunit: '0002', roles: tenantChange() });
    await office.h['units:send-setup']({
      ...on,
      request: { ...setupOf('y', 1, 'BUERO-0001').request, billingunitMscnumber: UNIT },
    });
    const officeSetup = await until(
      () => office.h['units:setups'](on),
      (l) => l.some((s) => s.billingunit === UNIT && s.watching),
      "the office's setup followed",
    );

    const joined = await desk(url, 'Frau Berger', local.dir);
    const taken = await joined.h['team:take-over'](on);
    expect(taken).toMatchObject({
      drafts: 1,
      draftsKept: 1,
      archive: 0,
      results: 0,
      outbox: 0,
      osr: 1,
      osrKept: 1,
      osrLog: 0,
      setups: 1,
      setupsKept: 1,
    });
    expect((await joined.h['units:setups'](on)).find((s) => s.billingunit === UNIT)?.transactionid).toBe(
      officeSetup.find((s) => s.billingunit === UNIT)?.transactionid,
    );
    // The database's record of the takeover holds the same counts.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT drafts, archive, drafts_kept, results, outbox, osr, osr_kept, osr_log, setups, setups_kept FROM folder_takeovers',
    );
    await client.end();
    expect(rows).toEqual([
      {
        drafts: 1,
        archive: 0,
        drafts_kept: 1,
        results: 0,
        outbox: 0,
        osr: 1,
        osr_kept: 1,
        osr_log: 0,
        setups: 1,
        setups_kept: 1,
      },
    ]);

    // A folder taken over before the takeover counted everything has only drafts and archive in its marker.
    const markerFile = join(local.ws, 'TEAM-DATENBANK.json');
    await writeFile(markerFile, JSON.stringify({ at: T0, database: 'alt/db', drafts: 2, archive: 3, draftsKept: 1 }));
    expect(await joined.h['team:takeover-state'](on)).toEqual({
      drafts: 2,
      archive: 3,
      draftsKept: 1,
      results: 0,
      outbox: 0,
      osr: 0,
      osrKept: 0,
      osrLog: 0,
      setups: 0,
      setupsKept: 0,
      at: T0,
    });
  }, 90_000);

  it('refuses while a binding submission of the folder is unclear, and takes over once it is settled', async () => {
    const url = await cluster().database('takeover_pending');
    const local = await folderWithDraft();
    const pending = join(local.ws, 'pending-sends', `${UNIT}_2025-12-31.json`);
    await writeFile(
      pending,
      JSON.stringify({ billingunit: UNIT, periodTo: '2025-12-31', action: 'SEND', startedAt: T0, request: {} }),
    );

    const joined = await desk(url, 'Frau Berger', local.dir);
    await expect(joined.h['team:take-over'](on)).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'team.takeoverPendingSend', params: { billingunit: UNIT } },
    });
    expect(await joined.h['team:takeover-state'](on)).toBeNull();
    expect(await joined.h['drafts:list'](on)).toEqual([]);

    // Settled in the folder (the reconciler archived it and removed the file): now it goes.
    await rm(pending);
    expect(await joined.h['team:take-over'](on)).toMatchObject({ drafts: 1 });
  }, 60_000);

  it('rolls everything back when what the folder had to send does not all arrive', async () => {
    const url = await cluster().database('takeover_counts');
    const local = await folderWithDraft();
    const item: OutboxItem = { ...setupOf('clash', 1, 'LOKAL-0009'), state: 'queued', attempts: 0 };
    await writeFile(join(local.ws, 'outbox', 'clash.json'), JSON.stringify(item));

    const joined = await desk(url, 'Frau Berger', local.dir);
    // Another connection's request already has the item's id: the folder's item cannot arrive.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      `INSERT INTO outbox_items (id, connection_id, seq, billingunit, state, changed_by, item)
         VALUES ('clash', 'elsewhere', nextval('outbox_seq'), $1, 'queued', 'test', $2)`,
      [OTHER_UNIT, JSON.stringify(item)],
    );
    await client.end();
    await expect(joined.h['team:take-over'](on)).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'team.takeoverSending', params: { outbox: 0, outboxLocal: 1 } },
    });
    expect(await joined.h['team:takeover-state'](on)).toBeNull();
    expect(await joined.h['drafts:list'](on)).toEqual([]);
    expect(await joined.h['units:outbox'](on)).toEqual([]);
  }, 60_000);
});
