/**
 * How many connections a desk holds on the office's PostgreSQL (issue 23: offices of two to ten clerks): one desk with
 * two connections' workspaces open stays within a small budget, so ten desks fit in the default
 * `max_connections=100` with room to spare; and a desk whose listening backend was ended, or whose database went
 * away and came back, hears the other desk's changes again.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APPLICATION_NAME } from '@main/services/team/team-db';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until as untilWithin } from '@test/support/team-tests';

/** This file's desks wait longer by default (15 s). */
const until = <T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, ms = 15_000) =>
  untilWithin(read, ok, what, ms);

const on = { connectionId: 'demo' };
const UNIT = '100200301';
const draftOf = (note: string) => ({ billingunit: UNIT, periodTo: '2025-12-31', content: { currency: 'EUR', note } });
/**
 * While busy: one listening client for all stores of both workspaces plus at most four for overlapping queries
 * (opening the stores, the outbox and OSR workers, the health check): the pool's five. Quiet: the listener and the
 * health check's client. Ten busy desks hold at most 50 of the default 100, leaving room for the administrator and
 * a few more desks; before, the listeners alone were 14 per desk.
 */
const BUSY = 5;
const QUIET = 2;

describeOnPostgres('connections per desk', () => {
  const desks = teamDesks('kb-team-budget-');
  const cluster = () => desks.cluster();
  let admin: pg.Pool;

  const desk = async (url: string) => (await desks.open(url, { timing: { teamHealthMs: 100 } })).context.handlers;
  const held = async (database: string) =>
    (
      await admin.query<{ pid: number; state: string; query: string }>(
        'SELECT pid, state, query FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [database, APPLICATION_NAME],
      )
    ).rows;

  beforeAll(() => {
    admin = new pg.Pool({ connectionString: cluster().url, application_name: 'budget-test' });
    admin.on('error', () => undefined);
  });
  afterAll(async () => {
    await admin.end().catch(() => undefined);
  });

  it('holds at most five connections with two connections’ workspaces open, two when quiet', async () => {
    const h = await desk(await cluster().database('budget'));
    const second = await h['connections:save']({
      name: 'Zweiter Messdienst',
      mscCode: '40',
      profile: 'seed',
      target: { kind: 'embedded-demo' },
      auth: { kind: 'none' },
    });
    // Both workspaces open with all their stores (drafts, archive, results, outbox, OSR records and log, setups).
    await h['drafts:save']({ ...on, draft: draftOf('eins'), expectedRevision: 0 });
    await h['drafts:save']({ connectionId: second.id, draft: draftOf('zwei'), expectedRevision: 0 });
    await h['units:outbox'](on);
    await h['units:outbox']({ connectionId: second.id });
    await h['osr:records']({ ...on, billingunit: UNIT });
    await h['osr:records']({ connectionId: second.id, billingunit: UNIT });
    // Let the workers and health checks run a while, then count.
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await held('budget');
    expect(rows.filter((r) => r.query.startsWith('LISTEN') || r.query.startsWith('UNLISTEN'))).toHaveLength(1);
    expect(rows.length).toBeLessThanOrEqual(BUSY);
    // The burst's extra clients go back after the pool's idle timeout.
    const quiet = await until(
      () => held('budget'),
      (r) => r.length <= QUIET,
      'the quiet desk',
    );
    expect(quiet.filter((r) => r.query.startsWith('LISTEN'))).toHaveLength(1);
  }, 60_000);

  it('hears the other desk again after its listening backend was ended and after the database came back', async () => {
    const url = await cluster().database('again');
    const a = await desk(url);
    const b = await desk(url);
    await a['team:set-clerk']({ clerk: 'Frau Berger' });
    await b['team:set-clerk']({ clerk: 'Herr Yilmaz' });
    await expect(a['drafts:list'](on)).resolves.toEqual([]);
    await b['drafts:list'](on);

    // The listening backends of both desks are ended (an administrator, a connection pooler's cleanup).
    const listeners = (await held('again')).filter((r) => r.query.startsWith('LISTEN'));
    expect(listeners).toHaveLength(2);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [listeners.map((r) => r.pid)]);
    await until(
      async () => (await held('again')).filter((r) => r.query.startsWith('LISTEN') && !listeners.some((l) => l.pid === r.pid)),
      (fresh) => fresh.length === 2,
      'new listening backends',
    );
    await b['drafts:save']({ ...on, draft: draftOf('B1'), expectedRevision: 0 });
    await until(
      () => a['drafts:list'](on),
      (l) => l[0]?.revision === 1,
      "B's draft heard at A",
    );

    await cluster().pause();
    await cluster().resume();
    await until(
      () => Promise.all([a['team:status'](), b['team:status']()]),
      (s) => s.every((x) => x.online),
      'both desks back online',
    );
    // A opens its workspace again first; B's later save reaches A only through A's listening client.
    await until(
      () => a['drafts:list'](on).catch(() => undefined),
      (l) => l?.[0]?.revision === 1,
      'A reopened',
    );
    await until(
      () => b['drafts:save']({ ...on, draft: draftOf('B2'), expectedRevision: 1 }).catch(() => undefined),
      (d) => d !== undefined,
      "B's save after the return",
    );
    await until(
      () => a['drafts:list'](on),
      (l) => l[0]?.revision === 2 && l[0].updatedBy === 'Herr Yilmaz',
      "B's draft heard at A after the return",
    );
  }, 90_000);
});
