/**
 * The team outbox's looks for work while the database is out of reach (issue 23): a look refused with the offline
 * code waits for the next one and is not listed among the damaged files (the team banner says it); any other failed
 * look is still reported.
 */
import { describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { WorkspaceProblem } from '@shared/domain/workspace';
import { openOutbox } from '@main/services/workspace/outbox';
import type { OutboxStore } from '@main/services/workspace/outbox-store';
import { DEFAULT_AUTO_RETRY } from '@main/services/workspace/outbox';
import { createFakeSender, createManualClock, waitFor } from '@test/unit/workspace/helpers';

function teamStore(claimError: () => Error): OutboxStore & { claims: number } {
  const store = {
    claims: 0,
    list: () => [],
    get: () => undefined,
    nextSeq: () => Promise.resolve(1),
    add: () => Promise.resolve(),
    claim: () => {
      store.claims += 1;
      return Promise.reject(claimError());
    },
    finish: () => Promise.resolve(true),
    requeue: () => Promise.resolve(true),
    remove: () => Promise.resolve(true),
    subscribe: () => () => undefined,
    pollMs: 1000,
    where: () => 'Team-Datenbank, Postausgang',
    close: () => Promise.resolve(),
  };
  return store;
}

async function lookOnce(claimError: () => Error) {
  const store = teamStore(claimError);
  const problems: WorkspaceProblem[] = [];
  const clock = createManualClock();
  const outbox = openOutbox({
    store,
    sender: createFakeSender(),
    clock,
    files: { clock, report: (p) => problems.push(p) },
    concurrency: 2,
    autoRetry: DEFAULT_AUTO_RETRY,
    emit: () => undefined,
    onSent: () => Promise.resolve(),
  });
  outbox.start();
  await waitFor(() => store.claims === 1);
  await outbox.whenIdle();
  await outbox.stop();
  return problems;
}

describe('the team outbox while the database is gone', () => {
  it('lists no damaged file for a look refused as offline', async () => {
    const offline = () => new AppErrorException({ code: 'NETWORK', message: 'nicht erreichbar', key: 'team.offline' });
    expect(await lookOnce(offline)).toEqual([]);
  });

  it('still reports a look that failed for another reason', async () => {
    const problems = await lookOnce(() => new Error('relation "outbox" does not exist'));
    expect(problems).toEqual([
      expect.objectContaining({ message: expect.stringContaining('relation "outbox" does not exist') as unknown }),
    ]);
  });
});
