/**
 * 1,000 outbox items (one usage unit each, 100 properties) from queued until sent: two desks on one team database
 * (PostgreSQL, throw-away cluster) sharing the queue, against one desk on the data folder. The MSC answers at once
 * (in memory), so the figure is what the store costs: claims with row locks, leases, notifications between desks,
 * against atomic file writes. Without PostgreSQL installed it says why and reports nothing.
 * Run: npx tsx bench/team-outbox-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { systemClock } from '@main/services/workspace/clock';
import { createWorkspace, type SetupSender, type Workspace } from '@main/services/workspace/workspace';
import { openTeamDb, type TeamDb } from '@main/services/team/team-db';
import { createTeamOutboxStore, createTeamPendingSends } from '@main/services/team/team-stores';
import { findPostgresBin, startPostgresCluster } from '@test/support/postgres-cluster';
import { figure, median } from './figures';

const ITEMS = 1_000;
const PROPERTIES = 100;
const RUNS = 3;

const sender: SetupSender = {
  sendSetup: () => Promise.resolve({ transactionid: 'tx' }),
  getSetupStatus: () => Promise.reject(new Error('not asked in this bench')),
};
const watch = { initialDelayMs: 3_600_000 };

const requests = (run: number): SetupRequest[] =>
  Array.from({ length: ITEMS }, (_, i) => ({
    billingunitMscnumber: String(500_000_001 + (i % PROPERTIES)),
    customerMscnumber: '0000012345',
    ordercriteriafor: 'USAGEUNIT',
    residentialunits: [{ residentialunitPmnumber: `R${String(run)}-${String(i).padStart(4, '0')}` }],
  }));

/** Queues every request (alternating between the desks), starts them, and times until every item is sent. */
async function timeDesks(desks: Workspace[], run: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    desks.map(async (desk, d) => {
      for (const [i, request] of requests(run).entries()) if (i % desks.length === d) await desk.outbox.enqueue(request);
    }),
  );
  for (const desk of desks) desk.start();
  const first = desks[0]!;
  while (first.outbox.list().filter((i) => i.state === 'sent').length < ITEMS) await new Promise((r) => setTimeout(r, 5));
  return performance.now() - t0;
}

const found = findPostgresBin();
if ('missing' in found) {
  console.log(`team-outbox bench skipped: ${found.missing}`);
} else {
  const cluster = await startPostgresCluster();
  const folder: number[] = [];
  const team: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const dir = await mkdtemp(join(tmpdir(), 'kb-team-outbox-bench-'));
      const dbs: TeamDb[] = [];
      const open: Workspace[] = [];
      try {
        const local = await createWorkspace({ dir: join(dir, 'folder'), sender, clock: systemClock, watch });
        open.push(local);
        folder.push(await timeDesks([local], run));

        const url = await cluster.database(`bench${String(run)}`);
        const desks: Workspace[] = [];
        for (const name of ['Platz 1', 'Platz 2']) {
          const db = await openTeamDb({ url, desk: name });
          dbs.push(db);
          const where = { connectionId: 'demo' };
          desks.push(
            await createWorkspace({
              dir: join(dir, name),
              sender,
              clock: systemClock,
              watch,
              sendingStores: { outbox: createTeamOutboxStore(db, where), pendingSends: createTeamPendingSends(db, where) },
            }),
          );
        }
        open.push(...desks);
        team.push(await timeDesks(desks, run));
      } finally {
        await Promise.all(open.map((ws) => ws.close()));
        await Promise.all(dbs.map((db) => db.close()));
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster.stop();
  }
  figure({
    name: `outbox: ${String(ITEMS)} items queued until sent, two desks on PostgreSQL vs one on the data folder`,
    value: median(team),
    unit: 'ms',
    baseline: median(folder),
    runs: RUNS,
  });
}
