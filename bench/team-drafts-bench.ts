/**
 * A draft save round trip: the editor saves a draft naming the revision it started from (refused if another desk
 * saved in between) and reads it back, on the team database (PostgreSQL, throw-away cluster with fsync on, as an
 * office server runs) against the data folder (fsynced atomic files). Two sizes: a property of 50 recipients, the
 * common case of an autosave, and one of 2,000, the largest the editor is built for. Each figure is the median of
 * ROUND_TRIPS saves one after the other. Without PostgreSQL installed it says why and reports nothing.
 * Run: npx tsx bench/team-drafts-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DraftContent } from '@shared/domain/workspace';
import { systemClock } from '@main/services/workspace/clock';
import { openDrafts, type Drafts } from '@main/services/workspace/drafts';
import { openTeamDb } from '@main/services/team/team-db';
import { openPgDrafts } from '@main/services/team/pg-drafts';
import { findPostgresBin, startPostgresCluster } from '@test/support/postgres-cluster';
import { largeSubmission } from '@test/fixtures/billing-input';
import { figure, median } from './figures';

const ROUND_TRIPS = 100;
const WARM_UP = 5;
const SIZES = [
  { recipients: 50, invoices: 20 },
  { recipients: 2_000, invoices: 500 },
];
const where = { billingunit: '500000001', periodTo: '2025-12-31' };

/** Saves with the revision check and reads back, one after the other; the median time of one round trip. */
async function roundTrips(drafts: Drafts, content: DraftContent): Promise<number> {
  const times: number[] = [];
  let revision = 0;
  for (let i = 0; i < WARM_UP + ROUND_TRIPS; i++) {
    // Each save changes the content, as typing does.
    const next = { ...content, note: `Stand ${String(i)}` };
    const t0 = performance.now();
    const saved = await drafts.save({ ...where, content: next }, revision);
    const back = await drafts.get(where.billingunit, where.periodTo);
    const took = performance.now() - t0;
    if (back?.revision !== saved.revision || saved.revision !== revision + 1) throw new Error('draft not saved');
    revision = saved.revision;
    if (i >= WARM_UP) times.push(took);
  }
  return median(times);
}

const found = findPostgresBin();
if ('missing' in found) {
  console.log(`team-drafts bench skipped: ${found.missing}`);
} else {
  const cluster = await startPostgresCluster({ durable: true });
  const dir = await mkdtemp(join(tmpdir(), 'kb-team-drafts-bench-'));
  try {
    for (const [n, size] of SIZES.entries()) {
      const content = DraftContent.parse(largeSubmission(size.recipients, size.invoices).submission);
      const files = { clock: systemClock, report: () => undefined };
      const local = await openDrafts({ dir: join(dir, `folder${String(n)}`), clock: systemClock, files, emit: () => undefined });
      const folder = await roundTrips(local, content);

      const db = await openTeamDb({ url: await cluster.database(`drafts${String(n)}`), desk: 'Platz 1' });
      const drafts = await openPgDrafts({ db, connectionId: 'demo', clock: systemClock, emit: () => undefined });
      let team: number;
      try {
        team = await roundTrips(drafts, content);
      } finally {
        await drafts.close();
        await db.close();
      }
      figure({
        name: `draft save round trip (save with revision check, read back), ${size.recipients.toLocaleString('en')} recipients: PostgreSQL vs the data folder`,
        value: team,
        unit: 'ms',
        baseline: folder,
        runs: ROUND_TRIPS,
      });
    }
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
