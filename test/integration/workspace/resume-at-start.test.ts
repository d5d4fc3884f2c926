/**
 * Issue 14, defect 4: after a restart, a connection's pending setups are sent without the clerk opening that
 * connection. A setup queued in the last run (never sent) reaches the demo MSC although no handler is called.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import { WORKSPACES_FOLDER } from '@main/app/workspaces';
import { createWorkspace } from '@main/services/workspace/workspace';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { SetupRequest } from '@shared/msc/billing-unit-data';

const REQUEST: SetupRequest = {
  billingunitMscnumber: '100200301',
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: [{ residentialunitPmnumber: 'LE-KH42-0001' }],
};

describe('outbox after a restart', () => {
  let context: AppContext | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await context?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sends what the last run left queued, without anything opening the connection', async () => {
    // Arrange: the last run queued a setup for the demo connection and ended before sending it
    dir = await mkdtemp(join(tmpdir(), 'kb-resume-'));
    const never = () => new Promise<never>(() => undefined);
    const lastRun = await createWorkspace({
      dir: join(dir, WORKSPACES_FOLDER, 'demo'),
      sender: { sendSetup: never, getSetupStatus: never },
    });
    const queued = await lastRun.outbox.enqueue(REQUEST);
    await lastRun.close();

    // Act: the app starts again; no screen asks for anything
    const sent = new Promise<WorkspaceEvent>((resolve) => {
      context = createAppContext({ mode: 'browser', version: 't', userDataDir: dir ?? '', log: () => undefined });
      context.hub.subscribe((name, payload) => {
        if (name !== 'workspace:changed') return;
        const { event } = payload as { event: WorkspaceEvent };
        if (event.type === 'outbox-item-changed' && event.item.id === queued.id && event.item.state === 'sent') resolve(event);
      });
    });

    // Assert
    await expect(sent).resolves.toMatchObject({ item: { state: 'sent', billingunit: '100200301' } });
  }, 20_000);
});
