/**
 * The office's MSC connections on the team database through the real handlers (issue 23): desk A sets up a
 * connection, desk B sees it without the secret and marked as missing it, enters its own, and both work in one
 * workspace on it (A's draft is B's draft); an edit based on an old version is refused naming the other clerk; the
 * embedded demo stays on each desk; no secret ever reaches the database.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import type { Connection, ConnectionInput } from '@shared/domain/connection';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until } from '@test/support/team-tests';

const UNIT = '100200301';
const SECRET = 'demo-secret';

/** The office's connection to an MSC; each desk's embedded demo MSC stands in for it (it takes the demo client). */
const techem = (secret: string | undefined): ConnectionInput => ({
  name: 'Techem Büro',
  mscCode: '40',
  target: { kind: 'embedded-demo' },
  profile: 'bved-v1',
  auth: { kind: 'oauth2-client-credentials', clientId: 'demo', ...(secret === undefined ? {} : { clientSecret: secret }) },
});

/** What the form sends when editing `c`: its fields, the version edited, and a secret if one is typed. */
const editOf = (c: Connection, changes: Partial<ConnectionInput>): ConnectionInput => ({
  id: c.id,
  name: c.name,
  mscCode: c.mscCode,
  target: c.target,
  profile: c.profile,
  auth: c.auth,
  basedOn: c.updatedAt,
  ...changes,
});

describeOnPostgres('the office connections on the team database', () => {
  const desks = teamDesks('kb-team-conns-');
  const cluster = () => desks.cluster();
  const statusEvents = new Map<unknown, number>();

  async function desk(url: string | null, clerk: string, dir?: string) {
    const { context, dir: userDataDir } = await desks.open(url, { clerk, dir, timing: { teamHealthMs: 100 } });
    statusEvents.set(context.handlers, 0);
    context.hub.subscribe((name) => {
      if (name === 'team:status') statusEvents.set(context.handlers, (statusEvents.get(context.handlers) ?? 0) + 1);
    });
    return Object.assign(context.handlers, { dir: userDataDir, context });
  }
  const closeDesk = desks.close;

  it('shares one connection between desks, each with its own secret, and one workspace on it', async () => {
    const url = await cluster().database('connections');
    const a = await desk(url, 'Frau Berger');
    const b = await desk(url, 'Herr Yilmaz');

    const heardBefore = statusEvents.get(b) ?? 0;
    const created = await a['connections:save'](techem(SECRET));
    expect(created).toMatchObject({ name: 'Techem Büro', hasSecret: true });
    // B is told (the change notice; its window reads the list again on the status event).
    await until(
      () => statusEvents.get(b) ?? 0,
      (n) => n > heardBefore,
      'the notice of the change at B',
    );
    expect(created.secretLost).toBeUndefined();

    // B's list follows: the office's connection, without a secret here and saying so; B's own demo stays.
    const seen = await until(
      () => b['connections:list'](),
      (l) => l.some((c) => c.id === created.id),
      "A's connection at B",
    );
    expect(seen.map((c) => c.id)).toEqual(['demo', created.id]);
    expect(seen.find((c) => c.id === created.id)).toMatchObject({ hasSecret: false, secretLost: 'other-desk' });
    const refused = await b['connections:check']({ id: created.id });
    expect(refused).toMatchObject({ state: 'error', error: { code: 'AUTH', key: 'connection.noSecret' } });

    // A draft A saves on the office's connection is B's draft too: one workspace, one id.
    const on = { connectionId: created.id };
    const draft = { billingunit: UNIT, periodTo: '2025-12-31', content: { currency: 'EUR', note: 'von A' } };
    await a['drafts:save']({ ...on, draft, expectedRevision: 0 });

    // B enters its own secret under "Bearbeiten"; the connection is usable there, and the draft is read.
    const atB = seen.find((c) => c.id === created.id) as Connection;
    const withSecret = await b['connections:save'](
      editOf(atB, { auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: SECRET } }),
    );
    expect(withSecret).toMatchObject({ id: created.id, hasSecret: true });
    expect(await b['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });
    expect((await b['drafts:get']({ ...on, billingunit: UNIT, periodTo: '2025-12-31' }))?.content).toMatchObject({
      note: 'von A',
    });
    // A's secret still works at A: B's save changed no address.
    expect(await a['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });

    // No secret in the database: the definitions only.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ text: string; updated_by: string }>(
      'SELECT definition::text AS text, updated_by FROM team_connections',
    );
    await client.end();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).not.toContain(SECRET);
    expect(rows[0]?.updated_by).toBe('Herr Yilmaz');

    // The database gone: the screens keep the office's connections as last read (changing them waits).
    await cluster().pause();
    try {
      await expect(a['drafts:save']({ ...on, draft, expectedRevision: 1 })).rejects.toMatchObject({
        appError: { key: 'team.offline' },
      });
      expect((await a['connections:list']()).map((c) => [c.id, c.hasSecret])).toEqual([
        ['demo', true],
        [created.id, true],
      ]);
      await expect(a['connections:save'](techem(SECRET))).rejects.toMatchObject({ appError: { key: 'team.offline' } });
    } finally {
      await cluster().resume();
    }
    for (const d of [a, b])
      await until(
        () => d['team:status'](),
        (s) => s.online,
        'the database back at each desk',
      );

    // A moves the connection to another address with its password: B's client for the old one goes at once, so
    // B's next read is not answered by the old address but asks for B's password for the new one.
    expect((await b['units:list'](on)).length).toBeGreaterThan(0);
    const current = (await a['connections:list']()).find((c) => c.id === created.id) as Connection;
    await a['connections:save'](
      editOf(current, {
        target: { kind: 'url', url: 'http://127.0.0.1:9/api' },
        auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: 'neu' },
      }),
    );
    await until(
      async () =>
        b['units:list'](on).then(
          () => 'answered',
          (err: unknown) => (err as { appError?: { key?: string } }).appError?.key,
        ),
      (outcome) => outcome === 'connection.noSecret',
      "B's read after A moved the connection",
    );
    expect((await b['connections:list']()).find((c) => c.id === created.id)).toMatchObject({ secretLost: 'other-desk' });
  }, 60_000);

  it("a desk without the connection's password leaves the office's queue alone until it has one", async () => {
    const url = await cluster().database('no_secret_queue');
    const a = await desk(url, 'Frau Berger');
    const created = await a['connections:save'](techem(SECRET));
    await closeDesk(a.context);
    const b = await desk(url, 'Herr Yilmaz');
    const on = { connectionId: created.id };
    const request = {
      billingunitMscnumber: UNIT,
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT' as const,
      residentialunits: [{ residentialunitPmnumber: 'OHNE-KENNWORT-1' }],
    };

    // Act: the clerk at B, which has no password for the connection yet, queues a setup
    const queued = await b['units:send-setup']({ ...on, request });
    // Several looks at the queue (every quarter of the lease; the team tests' lease is short)
    await new Promise((r) => setTimeout(r, 1_500));

    // Assert: still queued for a desk that can send it, not failed for lack of a password here
    expect((await b['units:outbox'](on)).find((i) => i.id === queued.id)).toMatchObject({ state: 'queued' });

    // Act: B enters its password; Assert: B sends it
    const atB = (await b['connections:list']()).find((c) => c.id === created.id) as Connection;
    await b['connections:save'](
      editOf(atB, { auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: SECRET } }),
    );
    await until(
      () => b['units:outbox'](on),
      (l) => l.find((i) => i.id === queued.id)?.state === 'sent',
      'the setup sent by B once it has the password',
      30_000,
    );
  }, 60_000);

  it('refuses an edit based on an old version, naming the clerk who changed it', async () => {
    const url = await cluster().database('conflict');
    const a = await desk(url, 'Frau Berger');
    const b = await desk(url, 'Herr Yilmaz');
    const created = await a['connections:save'](techem(SECRET));
    const listed = await until(
      () => b['connections:list'](),
      (l) => l.some((c) => c.id === created.id),
      'the connection at B',
    );
    const atB = listed.find((c) => c.id === created.id) as Connection;

    await a['connections:save'](editOf(created, { name: 'Techem Hauptbüro' }));
    await expect(b['connections:save'](editOf(atB, { name: 'Techem (B)' }))).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'connection.changedElsewhere', params: { by: 'Frau Berger' } },
    });
    // Nothing of B's edit was kept; after reloading, B's edit goes through.
    const fresh = await until(
      () => b['connections:list'](),
      (l) => l.some((c) => c.name === 'Techem Hauptbüro'),
      "A's rename at B",
    );
    const current = fresh.find((c) => c.id === created.id) as Connection;
    await expect(b['connections:save'](editOf(current, { tenantChangeCutoffDay: 15 }))).resolves.toMatchObject({
      name: 'Techem Hauptbüro',
      tenantChangeCutoffDay: 15,
    });

    // A name the office already uses is refused on every desk; removing takes it from every desk's list.
    await expect(a['connections:save']({ ...techem(SECRET), name: 'techem hauptbüro' })).rejects.toMatchObject({
      appError: { code: 'VALIDATION', details: { reason: 'duplicate-name' } },
    });
    await b['connections:remove']({ id: created.id });
    await until(
      () => a['connections:list'](),
      (l) => l.every((c) => c.id !== created.id),
      'the removal at A',
    );
    expect((await a['connections:list']()).map((c) => c.id)).toEqual(['demo']);
  }, 60_000);

  it("takes a joining desk's own connections into the office list, or matches them to the office's, with the folder", async () => {
    const url = await cluster().database('joining');
    const office = (name: string, clientId: string): ConnectionInput => ({
      name,
      mscCode: '40',
      target: { kind: 'url', url: 'https://msc.example.org/api' },
      profile: 'bved-v1',
      auth: { kind: 'oauth2-client-credentials', clientId, clientSecret: `${clientId}-secret` },
    });
    const draft = (note: string) => ({ billingunit: UNIT, periodTo: '2025-12-31', content: { currency: 'EUR', note } });

    // Desk C worked alone: one connection with a draft on it. It joins; the office takes its connection as it is.
    const c = await desk(null, 'Frau Berger');
    const own = await c['connections:save'](office('Ista', 'kunde-7'));
    await c['drafts:save']({ connectionId: own.id, draft: draft('bei C'), expectedRevision: 0 });
    await closeDesk(c.context);
    const cJoined = await desk(url, 'Frau Berger', c.dir);
    expect((await cJoined['connections:list']()).find((x) => x.id === own.id)).toMatchObject({ name: 'Ista', hasSecret: true });

    // Desk D had the same MSC and client under another name and id: matched, the office's id and name are kept.
    const d = await desk(null, 'Herr Yilmaz');
    const mine = await d['connections:save'](office('Ista Zentrale', 'kunde-7'));
    await d['drafts:save']({ connectionId: mine.id, draft: draft('bei D'), expectedRevision: 0 });
    const other = await d['connections:save'](office('Ista', 'kunde-9'));
    await closeDesk(d.context);
    const dJoined = await desk(url, 'Herr Yilmaz', d.dir);
    const list = await dJoined['connections:list']();
    expect(list.map((x) => [x.id === own.id ? 'office' : x.id === other.id ? 'other' : x.id, x.name, x.hasSecret])).toEqual([
      ['demo', 'Demo-Messdienst', true],
      ['office', 'Ista', true],
      // Another client of the same MSC is a connection of its own; its name was taken, so it is told apart.
      ['other', 'Ista (2)', true],
    ]);
    expect(list.some((x) => x.id === mine.id)).toBe(false);

    // D's folder of its own connection is what "Lokale Daten übernehmen" takes over into the office's connection.
    const onOffice = { connectionId: own.id, billingunit: UNIT, periodTo: '2025-12-31' };
    await expect(dJoined['team:take-over']({ connectionId: own.id })).resolves.toMatchObject({ drafts: 1, draftsKept: 0 });
    expect((await dJoined['drafts:get'](onOffice))?.content).toMatchObject({ note: 'bei D' });
    // Joining happens once per desk: a connection the office removed does not come back from D's settings file.
    await cJoined['connections:remove']({ id: other.id });
    await closeDesk(dJoined.context);
    const again = await desk(url, 'Herr Yilmaz', d.dir);
    expect((await again['connections:list']()).map((x) => x.id)).toEqual(['demo', own.id]);
  }, 60_000);
});
