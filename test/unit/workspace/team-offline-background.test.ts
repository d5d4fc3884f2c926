/**
 * OSR deliveries and setup polling on a team desk while the database is out of reach (issue 23): a claim or a poll
 * refused with the offline code waits for its next turn and is not listed among the damaged files (the team banner
 * says it once); any other failure is still reported. The outbox's twin is outbox-team-offline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { TrackedSetup, WorkspaceProblem } from '@shared/domain/workspace';
import { openOsrDeliveries } from '@main/services/workspace/osr-deliveries';
import type { OsrStore } from '@main/services/workspace/osr-store';
import { DEFAULT_AUTO_RETRY } from '@main/services/workspace/outbox';
import { openSetupWatcher } from '@main/services/workspace/setup-watcher';
import type { SetupStore } from '@main/services/workspace/setup-store';
import { createFakeSender, createManualClock, waitFor } from '@test/unit/workspace/helpers';

const offline = () => new AppErrorException({ code: 'NETWORK', message: 'nicht erreichbar', key: 'team.offline' });
const broken = () => new Error('relation "osr_units" does not exist');

async function osrLookOnce(error: () => Error): Promise<WorkspaceProblem[]> {
  let claims = 0;
  const store: OsrStore = {
    list: () => [],
    get: () => undefined,
    nextSeq: () => Promise.resolve(1),
    update: () => Promise.resolve(undefined),
    claim: () => {
      claims += 1;
      return Promise.reject(error());
    },
    finish: () => Promise.resolve(false),
    subscribe: () => () => undefined,
    pollMs: 1000,
    where: () => 'Team-Datenbank, Nutzerwechsel',
    close: () => Promise.resolve(),
  };
  const problems: WorkspaceProblem[] = [];
  const clock = createManualClock();
  const osr = openOsrDeliveries({
    store,
    sender: { deliverOnSiteRoles: () => Promise.reject(new Error('nothing to deliver')) },
    clock,
    files: { clock, report: (p) => problems.push(p) },
    autoRetry: DEFAULT_AUTO_RETRY,
    concurrency: 2,
    emit: () => undefined,
  });
  osr.start();
  await waitFor(() => claims >= 1);
  await osr.stop();
  return problems;
}

async function pollOnce(error: () => Error): Promise<WorkspaceProblem[]> {
  const clock = createManualClock();
  const setup: TrackedSetup = {
    billingunit: '100200300',
    transactionid: 'tx-1',
    sentAt: new Date(clock.now() - 60_000).toISOString(),
    watching: true,
    delayMs: 0,
  };
  let turns = 0;
  const store: SetupStore = {
    list: () => [setup],
    get: () => setup,
    update: () => Promise.reject(error()),
    takeTurn: () => {
      turns += 1;
      return Promise.reject(error());
    },
    subscribe: () => () => undefined,
    where: () => 'Team-Datenbank, Abgleich',
    close: () => Promise.resolve(),
  };
  const problems: WorkspaceProblem[] = [];
  const watcher = openSetupWatcher({
    store,
    sender: createFakeSender(clock),
    clock,
    files: { clock, report: (p) => problems.push(p) },
    options: { initialDelayMs: 10, maxDelayMs: 100, factor: 2, concurrency: 1 },
    emit: () => undefined,
  });
  watcher.start();
  clock.runNext();
  await waitFor(() => turns >= 1);
  await watcher.stop();
  return problems;
}

describe('OSR deliveries and setup polling while the team database is gone', () => {
  it('list no damaged file for a claim or a poll refused as offline', async () => {
    expect(await osrLookOnce(offline)).toEqual([]);
    expect(await pollOnce(offline)).toEqual([]);
  });

  it('still report a claim or a poll that failed for another reason', async () => {
    const named = [expect.objectContaining({ message: expect.stringContaining('does not exist') as unknown })];
    expect(await osrLookOnce(broken)).toEqual(named);
    expect(await pollOnce(broken)).toEqual(named);
  });
});
