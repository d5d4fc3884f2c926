/**
 * The app on the team database through its real handlers (issue 23, items 2 and 4): two desks with their own data
 * folders and demo MSCs joined by KB_TEAM_DB; the engine selector puts drafts, archive, outbox and OSR deliveries in
 * the database; a data folder is taken over once and is read-only afterwards; the database going away is
 * reported at once and the save after its return still checks the revision; who else has a period open.
 */
import { expect, it } from 'vitest';
import type { EventPayload } from '@shared/ipc/contract';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { tenantChange } from '@test/integration/osr/fixtures';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until } from '@test/support/team-tests';

const on = { connectionId: 'demo' };
const UNIT = '100200301';
const where = { ...on, billingunit: UNIT, periodTo: '2025-12-31' };
const draftOf = (note: string) => ({ billingunit: UNIT, periodTo: where.periodTo, content: { currency: 'EUR', note } });

describeOnPostgres('the app on the team database', () => {
  const desks = teamDesks('kb-team-desk-');
  const cluster = () => desks.cluster();

  async function desk(url: string | null, prefix?: string, dir?: string) {
    const { context, dir: userDataDir } = await desks.open(url, { prefix, dir, timing: { teamHealthMs: 100 } });
    const events: EventPayload<'team:status'>[] = [];
    context.hub.subscribe((name, payload) => {
      if (name === 'team:status') events.push(payload as EventPayload<'team:status'>);
    });
    return { context, h: context.handlers, events, dir: userDataDir };
  }
  const closeDesk = desks.close;

  it('keeps both desks on one truth: drafts with who saved, the refused stale save, the archive with each clerk', async () => {
    const url = await cluster().database('selector');
    const a = await desk(url);
    const b = await desk(url);
    expect(await a.h['team:status']()).toMatchObject({ mode: 'team', source: 'env', online: true, clerk: null });
    await a.h['team:set-clerk']({ clerk: 'Frau Berger' });
    await b.h['team:set-clerk']({ clerk: 'Herr Yilmaz' });

    await a.h['drafts:save']({ ...on, draft: draftOf('A1'), expectedRevision: 0 });
    const seen = await until(
      () => b.h['drafts:list'](on),
      (l) => l.length === 1,
      "A's draft at B",
    );
    expect(seen[0]).toMatchObject({ billingunit: UNIT, revision: 1, updatedBy: 'Frau Berger' });

    await a.h['drafts:save']({ ...on, draft: draftOf('A2'), expectedRevision: 1 });
    await expect(b.h['drafts:save']({ ...on, draft: draftOf('B'), expectedRevision: 1 })).rejects.toMatchObject({
      appError: { code: 'CONFLICT', details: { currentRevision: 2, updatedBy: 'Frau Berger' } },
    });
    // "Meinen Stand behalten": B saves on top of A's revision as a new one.
    await expect(b.h['drafts:save']({ ...on, draft: draftOf('B'), expectedRevision: 2 })).resolves.toMatchObject({
      revision: 3,
      updatedBy: 'Herr Yilmaz',
    });

    // Each desk checks against its own demo MSC; both checks land in the one archive with their clerk.
    const filled = demoSubmission(await a.h['templates:get'](where));
    await a.h['templates:check']({ ...where, filled });
    await b.h['templates:check']({ ...where, filled });
    const archive = await until(
      () => a.h['archive:list']({ ...on }),
      (l) => l.length === 2,
      'both checks in the archive',
    );
    expect(archive.map((e) => e.clerk).sort()).toEqual(['Frau Berger', 'Herr Yilmaz']);
  }, 60_000);

  it('sends units, binding submissions and OSR deliveries through the database, and another desk sees them', async () => {
    const url = await cluster().database('sending');
    const a = await desk(url);
    await a.h['team:set-clerk']({ clerk: 'Frau Berger' });
    await a.h['units:send-setup']({
      ...on,
      request: {
        billingunitMscnumber: UNIT,
        customerMscnumber: '0000012345',
        ordercriteriafor: 'USAGEUNIT',
        residentialunits: [{ residentialunitPmnumber: 'TEAM-0001' }],
      },
    });
    await until(
      () => a.h['units:outbox'](on),
      (l) => l.length === 1 && l[0]?.state === 'sent',
      'the setup sent from the team outbox',
    );

    const filled = demoSubmission(await a.h['templates:get'](where));
    await a.h['templates:check']({ ...where, filled });
    await a.h['templates:submit']({ ...where, filled, ignoreWarnings: true });
    const archive = await until(
      () => a.h['archive:list']({ ...on }),
      (l) => l.some((e) => e.result === 'commissioned'),
      'the binding submission in the archive',
    );
    expect(archive.filter((e) => e.result === 'commissioned').map((e) => e.clerk)).toEqual(['Frau Berger']);

    await a.h['osr:save']({ ...on, billingunit: UNIT, residentialunit: '0002', roles: tenantChange() });
    await a.h['osr:deliver']({ ...on, billingunit: UNIT, residentialunit: '0002' });
    const b = await desk(url);
    const records = await until(
      () => b.h['osr:records']({ ...on, billingunit: UNIT }),
      (l) => l[0]?.delivered !== undefined,
      "the OSR delivery on the other desk's screen",
    );
    expect(records.map((r) => r.delivered?.roles)).toEqual([tenantChange()]);
    const history = await until(
      () => b.h['osr:history']({ ...on, billingunit: UNIT }),
      (l) => l.length === 1,
      'the OSR log on the other desk',
    );
    expect(history).toEqual([expect.objectContaining({ residentialunit: '0002', result: 'accepted' })]);
  }, 60_000);

  it('takes a data folder over once, with the counts compared, and keeps the folder read-only afterwards', async () => {
    const url = await cluster().database('takeover');
    const local = await desk(null, 'kb-team-local-');
    await local.h['drafts:save']({ ...on, draft: draftOf('lokal'), expectedRevision: 0 });
    const filled = demoSubmission(await local.h['templates:get'](where));
    await local.h['templates:check']({ ...where, filled });
    await closeDesk(local.context);

    const joined = await desk(url, '', local.dir);
    await joined.h['team:set-clerk']({ clerk: 'Frau Berger' });
    expect(await joined.h['team:takeover-state'](on)).toBeNull();
    const result = await joined.h['team:take-over'](on);
    expect(result).toMatchObject({ drafts: 1, archive: 1, draftsKept: 0, results: 0, outbox: 0, osr: 0, osrLog: 0, setups: 0 });
    expect(await joined.h['team:takeover-state'](on)).toEqual(result);
    expect(await joined.h['drafts:list'](on)).toEqual([expect.objectContaining({ billingunit: UNIT, revision: 1 })]);
    expect(await joined.h['archive:list']({ ...on })).toEqual([
      expect.objectContaining({ billingunit: UNIT, result: 'passed', clerk: 'Frau Berger' }),
    ]);
    await expect(joined.h['team:take-over'](on)).rejects.toMatchObject({ appError: { key: 'team.alreadyTakenOver' } });
    // A second desk on the same database sees what was taken over.
    const other = await desk(url);
    expect(await other.h['drafts:list'](on)).toHaveLength(1);
    await closeDesk(joined.context);

    const back = await desk(null, '', local.dir);
    expect(await back.h['drafts:list'](on)).toHaveLength(1);
    await expect(back.h['drafts:save']({ ...on, draft: draftOf('weiter lokal'), expectedRevision: 1 })).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'team.folderReadOnly' },
    });
  }, 60_000);

  it('says at once that the database is gone, and saves afterwards with the revision check', async () => {
    const url = await cluster().database('offline');
    const a = await desk(url);
    const b = await desk(url);
    await a.h['team:set-clerk']({ clerk: 'Frau Berger' });
    await b.h['team:set-clerk']({ clerk: 'Herr Yilmaz' });
    await a.h['drafts:save']({ ...on, draft: draftOf('vorher'), expectedRevision: 0 });
    await until(
      () => b.h['drafts:list'](on),
      (l) => l.length === 1,
      'the draft at B',
    );

    await cluster().pause();
    try {
      await expect(a.h['drafts:save']({ ...on, draft: draftOf('offline getippt'), expectedRevision: 1 })).rejects.toMatchObject({
        appError: { code: 'NETWORK', key: 'team.offline' },
      });
      expect(a.events.at(-1)).toMatchObject({ online: false, problem: 'host-unreachable' });
      expect(await a.h['team:status']()).toMatchObject({ mode: 'team', online: false });
    } finally {
      await cluster().resume();
    }
    await until(
      () => a.h['team:status'](),
      (s) => s.online,
      'A back online',
    );
    await until(
      () => b.h['team:status'](),
      (s) => s.online,
      'B back online',
    );
    expect(a.events.at(-1)).toMatchObject({ online: true });

    // B saved first after the return; A's copy, based on revision 1, is refused instead of overwriting B's.
    await until(
      () => b.h['drafts:save']({ ...on, draft: draftOf('B danach'), expectedRevision: 1 }).catch(() => undefined),
      (d) => d !== undefined,
      "B's save after the return",
    );
    await expect(a.h['drafts:save']({ ...on, draft: draftOf('offline getippt'), expectedRevision: 1 })).rejects.toMatchObject({
      appError: { code: 'CONFLICT', details: { currentRevision: 2, updatedBy: 'Herr Yilmaz' } },
    });
    await expect(a.h['drafts:save']({ ...on, draft: draftOf('offline getippt'), expectedRevision: 2 })).resolves.toMatchObject({
      revision: 3,
    });
    expect((await b.h['drafts:get'](where))?.content).toMatchObject({ note: 'offline getippt' });
  }, 60_000);

  it('shows who else has the period open until they close it', async () => {
    const url = await cluster().database('presence');
    const a = await desk(url);
    const b = await desk(url);
    await a.h['team:set-clerk']({ clerk: 'Frau Berger' });
    await b.h['team:set-clerk']({ clerk: 'Herr Yilmaz' });
    expect(await a.h['team:presence']({ ...where, open: true })).toEqual([]);
    const seenByB = await b.h['team:presence']({ ...where, open: true });
    expect(seenByB).toEqual([expect.objectContaining({ clerk: 'Frau Berger' })]);
    expect(Date.parse(seenByB[0]?.expiresAt ?? '')).toBeGreaterThan(Date.parse(seenByB[0]?.heartbeatAt ?? ''));
    expect(await a.h['team:presence']({ ...where, open: true })).toEqual([expect.objectContaining({ clerk: 'Herr Yilmaz' })]);
    expect(await a.h['team:presence']({ ...where, periodTo: '2024-12-31', open: true })).toEqual([]);
    await a.h['team:presence']({ ...where, open: false });
    await a.h['team:presence']({ ...where, periodTo: '2024-12-31', open: false });
    expect(await b.h['team:presence']({ ...where, open: true })).toEqual([]);
  }, 60_000);
});
