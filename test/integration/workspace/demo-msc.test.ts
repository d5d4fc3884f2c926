/** The outbox and the setup watcher against the real demo MSC over loopback HTTP, through the real MSC client. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { startSandbox, type Sandbox } from '@main/sandbox/index';
import { DEMO_CLIENT, OTHER_BILLING_UNIT } from '@main/sandbox/seed';
import { createMscClient } from '@main/services/msc-client/index';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { nextEvent, waitFor } from '@test/unit/workspace/helpers';

let sandboxDir: string;
let wsDir: string;
let sandbox: Sandbox;
let ws: Workspace;

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'kb-ws-demo-msc-'));
  wsDir = await mkdtemp(join(tmpdir(), 'kb-ws-demo-'));
  sandbox = await startSandbox({ dataDir: sandboxDir, delays: { matchingStartMs: 20, matchingCompleteMs: 60 } });
  const client = createMscClient({
    baseUrl: sandbox.url,
    profile: 'bved-v1',
    auth: { kind: 'oauth2', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
  });
  ws = await createWorkspace({ dir: wsDir, sender: client, watch: { initialDelayMs: 25, maxDelayMs: 200 } });
  ws.start();
});
afterAll(async () => {
  await ws.close();
  await sandbox.close();
  await rm(sandboxDir, { recursive: true, force: true });
  await rm(wsDir, { recursive: true, force: true });
});

const koeln: SetupRequest = {
  billingunitMscnumber: '100200303',
  customerMscnumber: DEMO_CLIENT.customerMscnumber,
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: [
    { residentialunitPmnumber: 'LA5-0001' },
    { residentialunitPmnumber: 'LA5-0002' },
    { residentialunitPmnumber: 'LA5-0003' },
  ],
};

describe('workspace with the demo MSC', () => {
  it('sends an outbox item and follows its matching to COMPLETED', async () => {
    const completed = nextEvent(
      ws,
      (e): e is Extract<WorkspaceEvent, { type: 'setup-status-changed' }> =>
        e.type === 'setup-status-changed' && e.setup.billingunit === '100200303' && e.setup.status?.setupstatus === 'COMPLETED',
      15_000,
    );
    const item = await ws.outbox.enqueue(koeln);
    const { setup } = await completed;

    const sent = ws.outbox.get(item.id);
    expect(sent?.state).toBe('sent');
    expect(setup).toMatchObject({ outboxItemId: item.id, watching: false });
    expect(setup.transactionid).toBe(sent?.state === 'sent' ? sent.transactionid : 'not sent');
    expect(setup.status?.matched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ residentialunitMscnumber: '0001', residentialunitPmnumber: 'LA5-0001' }),
      ]),
    );
  });

  it('stores a refusal by the MSC as a failure that is not retried', async () => {
    const item = await ws.outbox.enqueue({ ...koeln, billingunitMscnumber: OTHER_BILLING_UNIT });
    await waitFor(() => ws.outbox.get(item.id)?.state === 'failed', 10_000);
    const failed = ws.outbox.get(item.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, failure: { code: 'AUTH', status: 403, retryable: false } });
    expect(failed?.state === 'failed' && failed.failure.message).toMatch(/Keine Berechtigung/);
  });
});
