/**
 * Issue 14, defect 2, as reported: unit A of a property fails to go out (nothing listens at the connection's
 * address); the clerk corrects the address and sends unit B of the same property. Afterwards the demo MSC holds
 * both units and the outbox shows nothing failed, nothing with a retry time in the past.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import type { SetupRequest } from '@shared/msc/billing-unit-data';

const unitRequest = (pm: string): SetupRequest => ({
  billingunitMscnumber: '100200301',
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: [{ residentialunitPmnumber: pm }],
});

/** A loopback port where nothing listens (taken, then freed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a setup that failed before the address was corrected', () => {
  let context: AppContext | undefined;
  let msc: Sandbox | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await context?.close();
    await msc?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reaches the MSC together with the unit sent after the correction', async () => {
    // Arrange: a connection to a dead port; unit A fails there
    dir = await mkdtemp(join(tmpdir(), 'kb-abandoned-'));
    msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), delays: { matchingStartMs: 50, matchingCompleteMs: 50 } });
    context = createAppContext({ mode: 'browser', version: 't', userDataDir: join(dir, 'app'), log: () => undefined });
    const h = context.handlers;
    const base = {
      name: 'Testdienst',
      mscCode: '40',
      profile: 'seed',
      auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: 'demo-secret' },
    } as const;
    const connection = await h['connections:save']({
      ...base,
      target: { kind: 'url', url: `http://127.0.0.1:${String(await deadPort())}` },
    });
    const connectionId = connection.id;
    const a = await h['units:send-setup']({ connectionId, request: unitRequest('A-0001') });
    await until(async () => (await h['units:outbox']({ connectionId })).find((i) => i.id === a.id)?.state === 'failed');

    // Act: the clerk corrects the address and sends unit B of the same property
    await h['connections:save']({ ...base, id: connectionId, target: { kind: 'url', url: msc.url } });
    await h['units:send-setup']({ connectionId, request: unitRequest('B-0001') });
    await until(async () => (await h['units:outbox']({ connectionId })).every((i) => i.state === 'sent'));

    // Assert: the MSC holds A and B; the outbox has nothing failed or overdue
    const state = JSON.parse(await readFile(join(dir, 'msc', 'state.json'), 'utf8')) as {
      setups: Record<string, { units: { residentialunitPmnumber: string }[] }>;
    };
    const held = state.setups['100200301']?.units.map((u) => u.residentialunitPmnumber).sort();
    expect(held).toEqual(['A-0001', 'B-0001']);
    const outbox = await h['units:outbox']({ connectionId });
    expect(outbox.filter((i) => i.state === 'failed')).toEqual([]);
  }, 30_000);
});
