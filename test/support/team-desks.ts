/**
 * Desks of the app (its real context and handlers) on a throw-away PostgreSQL cluster, for the team integration
 * tests: the cluster starts before the suite, and every desk still open and every data folder made here is closed
 * and removed after it. Call inside a `describeOnPostgres` body; each file shapes what its desks return.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { createAppContext, type AppContext, type AppContextOptions } from '@main/app/app-context';
import { startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';
import { tempDir } from '@test/unit/ipc/helpers';

export type DeskOptions = {
  /** The clerk this desk names in what it saves (set before the desk is handed over). */
  clerk?: string | undefined;
  /** An existing data folder (a desk restarted, or a folder joining); else a new one, removed after the suite. */
  dir?: string | undefined;
  /** The new data folder's name starts with this instead of the suite's prefix. */
  prefix?: string | undefined;
  timing?: AppContextOptions['timing'];
  demoDelays?: AppContextOptions['demoDelays'];
};

export type Desk = { context: AppContext; dir: string };

export function teamDesks(prefix: string) {
  let started: PostgresCluster | undefined;
  const contexts: AppContext[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    started = await startPostgresCluster();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await started?.stop();
  });

  return {
    /** The suite's cluster (started before the first test). */
    cluster: (): PostgresCluster => {
      if (!started) throw new Error('the PostgreSQL cluster is not started yet');
      return started;
    },
    /** A desk on the team database at `url`, or on its data folder alone when `url` is null. */
    open: async (url: string | null, options: DeskOptions = {}): Promise<Desk> => {
      const dir = options.dir ?? (await tempDir(options.prefix ?? prefix));
      if (!options.dir) dirs.push(dir);
      const context = createAppContext({
        mode: 'browser',
        version: '1.0.0',
        userDataDir: dir,
        log: () => undefined,
        credentialStore: null,
        teamDb: url,
        ...(options.timing ? { timing: options.timing } : {}),
        ...(options.demoDelays ? { demoDelays: options.demoDelays } : {}),
      });
      contexts.push(context);
      if (options.clerk) await context.handlers['team:set-clerk']({ clerk: options.clerk });
      return { context, dir };
    },
    /** Closes a desk before the suite ends (a restart, a crash, a folder taken over). */
    close: async (context: AppContext): Promise<void> => {
      contexts.splice(contexts.indexOf(context), 1);
      await context.close();
    },
  };
}
