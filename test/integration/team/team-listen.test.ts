/**
 * The desk's one listening client (issue 23, offices of two to ten clerks on one PostgreSQL): every subscriber of a
 * channel hears its notices, the last one leaving UNLISTENs (and the client goes when nobody listens), and after the
 * listening backend was ended or the server restarted the subscribers hear other desks again.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createListenHub, type ListenHub } from '@main/services/team/team-listen';
import { startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';
import { describeOnPostgres, until } from '@test/support/team-tests';

describeOnPostgres('the desk’s listening client', () => {
  let cluster: PostgresCluster;
  let admin: pg.Pool;
  const pools: pg.Pool[] = [];
  const hubs: ListenHub[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    admin = new pg.Pool({ connectionString: cluster.url, application_name: 'hub-test-admin' });
    admin.on('error', () => undefined);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.close()));
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    await admin.end().catch(() => undefined);
    await cluster.stop();
  });

  function hubFor(app: string): ListenHub {
    const pool = new pg.Pool({ connectionString: cluster.url, application_name: app, max: 3 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const hub = createListenHub(pool, { retryMs: 100 });
    hubs.push(hub);
    return hub;
  }
  const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);
  const backends = async (app: string) =>
    (
      await admin.query<{ pid: number; query: string }>(
        'SELECT pid, query FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid',
        [app],
      )
    ).rows;

  it('gives a notice to every subscriber of its channel and keeps the others when one leaves', async () => {
    const hub = hubFor('hub-two');
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    const leaveFirst = await hub.listen('kb_a', (p) => first.push(p));
    await hub.listen('kb_a', (p) => second.push(p));
    await hub.listen('kb_b', (p) => other.push(p));
    // One backend however many subscribe.
    expect(await backends('hub-two')).toHaveLength(1);

    await notify('kb_a', 'eins');
    await until(
      () => [first, second],
      ([f, s]) => f!.length === 1 && s!.length === 1,
      'both subscribers',
    );
    await leaveFirst();
    await notify('kb_a', 'zwei');
    await notify('kb_b', 'drei');
    await until(
      () => other,
      (o) => o.length === 1,
      'the other channel',
    );
    await until(
      () => second,
      (s) => s.length === 2,
      'the remaining subscriber',
    );
    expect(first).toEqual(['eins']);
    expect(second).toEqual(['eins', 'zwei']);
    expect(other).toEqual(['drei']);
  });

  it('UNLISTENs a channel when its last subscriber leaves, and lets the client go when nobody listens', async () => {
    const hub = hubFor('hub-leave');
    const heard: string[] = [];
    const leaveA = await hub.listen('kb_a', (p) => heard.push(p));
    const leaveB = await hub.listen('kb_b', (p) => heard.push(p));
    await leaveB();
    const [listener] = await backends('hub-leave');
    expect(listener?.query).toBe('UNLISTEN "kb_b"');
    await leaveA();
    await until(
      () => backends('hub-leave'),
      (b) => b.length === 0,
      'no listening backend left',
    );
    await notify('kb_a', 'ungehört');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });

  it('hears again after its backend was ended, on a new client that LISTENs every subscribed channel', async () => {
    const hub = hubFor('hub-ended');
    const heard: string[] = [];
    await hub.listen('kb_a', (p) => heard.push(`a:${p}`));
    await hub.listen('kb_b', (p) => heard.push(`b:${p}`));
    const [before] = await backends('hub-ended');
    await admin.query('SELECT pg_terminate_backend($1)', [before!.pid]);
    const [after] = await until(
      () => backends('hub-ended'),
      (b) => b.length === 1 && b[0]!.pid !== before!.pid && b[0]!.query.startsWith('LISTEN "kb_b"'),
      'a new listening backend',
    );
    expect(after!.pid).not.toBe(before!.pid);
    await notify('kb_a', 'wieder');
    await notify('kb_b', 'auch');
    await until(
      () => heard,
      (h) => h.length === 2,
      'both channels heard again',
    );
    expect(heard).toEqual(['a:wieder', 'b:auch']);
  });

  it('hears again after the server was stopped and started', async () => {
    const hub = hubFor('hub-restart');
    const heard: string[] = [];
    await hub.listen('kb_a', (p) => heard.push(p));
    await cluster.pause();
    await cluster.resume();
    // What the desk's link does when the database answers again; the background retry would get there too.
    await until(
      () =>
        hub.reconnect().then(
          () => true,
          () => false,
        ),
      (ok) => ok,
      'the reconnect',
    );
    await notify('kb_a', 'nach dem Neustart');
    await until(
      () => heard,
      (h) => h.length === 1,
      'the notice after the restart',
    );
    expect(heard).toEqual(['nach dem Neustart']);
  }, 60_000);
});
