/**
 * The team workspace's database: a connection pool to the office's PostgreSQL and its schema, brought up to date
 * by node-pg-migrate from the versioned SQL files in resources/team-migrations (docs/team-workspace.md).
 * Plain Node; the desk's name (who saved, who submitted) comes from the caller.
 */
import { join } from 'node:path';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { RESOURCES_DIR } from '@main/app/paths';

export const MIGRATIONS_DIR = join(RESOURCES_DIR, 'team-migrations');

export type TeamDb = {
  pool: pg.Pool;
  /** Who this desk is, as other desks see it ("Frau Berger (DESK-2)"). */
  desk: string;
  close: () => Promise<void>;
};

export type TeamDbOptions = {
  /** A `postgres://` URL, or the driver's settings (the app's form: host, port, TLS …). */
  url: string | pg.PoolConfig;
  /** Fixed, or asked on every save (the clerk may give their name after the desk connected). */
  desk: string | (() => string);
  /**
   * Each open connection's workspace keeps clients listening (drafts, archive, results, outbox, OSR records and
   * log, tracked setups); a listener whose server went away stays checked out until the workspace reopens, so the pool needs room
   * beyond them for the health check to fail at once rather than after waiting for a free client.
   */
  maxConnections?: number;
};

/** Connects and migrates; several desks starting at once wait for each other on the migration lock. */
export async function openTeamDb({ url, desk, maxConnections = 16 }: TeamDbOptions): Promise<TeamDb> {
  const config = typeof url === 'string' ? { connectionString: url } : url;
  const pool = new pg.Pool({ ...config, max: maxConnections, connectionTimeoutMillis: 10_000 });
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
  return {
    pool,
    get desk() {
      return deskOf();
    },
    close: () => pool.end(),
  };
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
