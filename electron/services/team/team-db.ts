/**
 * The team workspace's database: a connection pool to the office's PostgreSQL and its schema, brought up to date
 * by node-pg-migrate from the versioned SQL files in resources/team-migrations (docs/team-workspace.md).
 * Plain Node; the desk's name (who saved, who submitted) comes from the caller.
 */
import { join } from 'node:path';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { RESOURCES_DIR } from '@main/app/paths';
import { createListenHub, type OnPayload } from '@main/services/team/team-listen';

export const MIGRATIONS_DIR = join(RESOURCES_DIR, 'team-migrations');

export type TeamDb = {
  pool: pg.Pool;
  /** Who this desk is, as other desks see it ("Frau Berger (DESK-2)"). */
  desk: string;
  /** Hears a change-notice channel on the desk's one listening client (team-listen.ts) until the returned call. */
  listen: (channel: string, onPayload: OnPayload) => Promise<() => Promise<void>>;
  /** A new listening client for every subscribed channel (after the database came back). */
  reconnect: () => Promise<void>;
  close: () => Promise<void>;
};

export type TeamDbOptions = {
  /** A `postgres://` URL, or the driver's settings (the app's form: host, port, TLS …). */
  url: string | pg.PoolConfig;
  /** Fixed, or asked on every save (the clerk may give their name after the desk connected). */
  desk: string | (() => string);
  /**
   * The desk's one listening client (all stores of all open workspaces share it) plus room for queries: the stores
   * of a workspace open one after the other, the outbox and OSR workers, presence and the health check seldom
   * overlap more than three deep. Ten desks at the default stay at 50 connections, within PostgreSQL's default
   * `max_connections=100` (docs/team-workspace.md, "Connections per desk").
   */
  maxConnections?: number;
};

/**
 * How the desk's connections are named in `pg_stat_activity`, so an office's administrator can count them
 * (plain ASCII: the server escapes anything else in application names).
 */
export const APPLICATION_NAME = 'Kostenbruecke';

/** Connects and migrates; several desks starting at once wait for each other on the migration lock. */
export async function openTeamDb({ url, desk, maxConnections = 5 }: TeamDbOptions): Promise<TeamDb> {
  const config = typeof url === 'string' ? { connectionString: url } : url;
  const pool = new pg.Pool({
    application_name: APPLICATION_NAME,
    ...config,
    max: maxConnections,
    // A burst's extra clients go back to the server soon, so a quiet desk holds its listener and one client.
    idleTimeoutMillis: 5_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client whose server went away must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  try {
    await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      migrationsTable: 'kb_migrations',
      direction: 'up',
      // Migrations may arrive out of order (docs/team-workspace.md, "Schema and migrations"): each missing one runs.
      checkOrder: false,
      advisoryLockMode: 'wait',
      log: () => undefined,
    });
  } finally {
    client.release();
  }
  const deskOf = typeof desk === 'string' ? () => desk : desk;
  const hub = createListenHub(pool);
  return {
    pool,
    get desk() {
      return deskOf();
    },
    listen: hub.listen,
    reconnect: hub.reconnect,
    async close() {
      await hub.close();
      await pool.end();
    },
  };
}

/** What runs a statement: the pool, or a transaction's client. */
export type Queryable = pg.Pool | pg.ClientBase;

/**
 * What an insert does when the table already has a row with the same key: `fail` (the statement fails; a live
 * store never writes the same key twice, so that would be a fault) or `keep` (the row already there stays; the
 * folder takeover, where the office may already have its own).
 */
export type IfThere = 'fail' | 'keep';

/** The conflict clause for `ifThere` on the given key (`(id)`, or '' for any unique key). */
export const onConflict = (ifThere: IfThere, key = ''): string =>
  ifThere === 'keep' ? `ON CONFLICT ${key}${key ? ' ' : ''}DO NOTHING` : '';

/**
 * INSERTs one row given as column → value, so each column stands next to what it is written from (table and column
 * names are the code's own, never input); `tail` is the conflict clause. True when a row was written (inserted, or
 * replaced by the tail's DO UPDATE).
 */
export async function insertRow(q: Queryable, table: string, row: Record<string, unknown>, tail = ''): Promise<boolean> {
  const columns = Object.keys(row);
  const places = columns.map((_, i) => `$${String(i + 1)}`);
  const { rowCount } = await q.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${places.join(', ')}) ${tail}`,
    Object.values(row),
  );
  return rowCount === 1;
}

/** The next number of a sequence, e.g. `'outbox_seq'` or `pg_get_serial_sequence('osr_log', 'seq')`. */
export async function nextval(q: Queryable, sequence: string): Promise<number> {
  const { rows } = await q.query<{ seq: string }>(`SELECT nextval(${sequence}) AS seq`);
  return Number(rows[0]?.seq);
}

/** Runs `work` in one transaction on one pooled client: committed when it returns, rolled back when it throws. */
export async function transaction<T>(db: TeamDb, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  // A checked-out client has no error listener of the pool's: a connection lost between two statements (the work
  // awaits something else meanwhile) would otherwise be an uncaught exception. Its next statement fails instead.
  const lost = () => undefined;
  client.on('error', lost);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.removeListener('error', lost);
    client.release();
  }
}
