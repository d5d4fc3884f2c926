/**
 * The team database's migrations applied out of order (docs/team-workspace.md, "Schema and migrations"): a database
 * that ran a later-numbered migration before an earlier-numbered one existed (work that went in side by side and was
 * released in another order) still lets every desk connect, and the missing migration is applied then.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openTeamDb } from '@main/services/team/team-db';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';

const pgFound = findPostgresBin();

describe('team database migrations out of order', () => {
  if ('missing' in pgFound) {
    (process.env.CI ? it : it.skip)(`cannot run: ${pgFound.missing}`, () => {
      throw new Error(pgFound.missing);
    });
    return;
  }
  let cluster: PostgresCluster | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('connects a desk to a database that ran 004 before 003 existed, and applies 003 then', async () => {
    // Arrange: a database migrated by a release that had 001, 002 and 004 but not 003
    cluster = await startPostgresCluster();
    dir = await mkdtemp(join(tmpdir(), 'kb-migrations-'));
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const names = files.map((f) => f.replace(/\.sql$/, ''));
    const early = ['001_', '002_', '004_'].map((n) => files.find((f) => f.startsWith(n))!);
    const late = names.filter((n) => !early.includes(`${n}.sql`));
    for (const f of early) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f));
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const migrate = (from: string, checkOrder: boolean) =>
      runner({
        dbClient: client,
        dir: from,
        migrationsTable: 'kb_migrations',
        direction: 'up',
        checkOrder,
        log: () => undefined,
      });
    await migrate(dir, true);
    const applied = async () =>
      (await client.query<{ name: string }>('SELECT name FROM kb_migrations ORDER BY run_on, id')).rows.map((r) => r.name);
    expect(await applied()).toEqual(early.map((f) => f.replace(/\.sql$/, '')));
    // node-pg-migrate's order check would refuse this database for good: no desk could connect any more.
    await expect(migrate(MIGRATIONS_DIR, true)).rejects.toThrow(/Not run migration 003_\w+ is preceding/);

    // Act: a desk of the release with 003 connects
    const db = await openTeamDb({ url: cluster.url, desk: 'Frau Berger' });

    // Assert: 003 was applied after 004 (and whatever came later after it), and what it brings works
    expect(late[0]).toMatch(/^003_/);
    expect(await applied()).toEqual([...early.map((f) => f.replace(/\.sql$/, '')), ...late]);
    await db.pool.query(
      `INSERT INTO pending_sends (connection_id, billingunit, period_to, state, desk, claim_token, send)
       VALUES ('demo', '100200300', '2025-12-31', 'unclear', 'Frau Berger', 't', '{}')`,
    );
    expect((await db.pool.query('SELECT 1 FROM pending_sends')).rowCount).toBe(1);
    // A second desk finds nothing left to do
    const second = await openTeamDb({ url: cluster.url, desk: 'Herr Yilmaz' });
    expect(await applied()).toHaveLength(names.length);
    await second.close();
    await db.close();
    await client.end();
  }, 60_000);
});
