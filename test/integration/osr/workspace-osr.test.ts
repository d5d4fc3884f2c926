/**
 * OSR deliveries of the workspace against the demo MSC over loopback, through the real MSC client: persisted before
 * sending, accepted and logged, refused with messages at their fields, retried after a failure and after a lost reply.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OsrUnitRecord } from '@shared/domain/osr';
import { Template } from '@shared/msc/billing-input';
import { startSandbox, type Sandbox } from '@main/sandbox/index';
import { DEMO_CLIENT } from '@main/sandbox/seed';
import { createMscClient, type FetchLike, type MscClient } from '@main/services/msc-client/index';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { tempDir, waitFor } from '@test/unit/workspace/helpers';
import { PROPERTY, tenantChange } from '@test/integration/osr/fixtures';

let sandbox: Sandbox;
let sandboxDir: Awaited<ReturnType<typeof tempDir>>;
const open: Workspace[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandboxDir = await tempDir();
  sandbox = await startSandbox({ dataDir: sandboxDir.dir });
});
afterEach(async () => {
  for (const ws of open.splice(0)) await ws.close();
});
afterAll(async () => {
  await sandbox.close();
  for (const c of cleanups) await c();
  await sandboxDir.cleanup();
});

function client(fetch?: FetchLike, retries?: number): MscClient {
  return createMscClient(
    {
      baseUrl: sandbox.url,
      profile: 'bved-v1',
      auth: { kind: 'oauth2', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
      ...(retries === undefined ? {} : { retries }),
    },
    { ...(fetch ? { fetch } : {}), sleep: () => Promise.resolve() },
  );
}

async function workspace(c: MscClient, dir?: string): Promise<{ ws: Workspace; dir: string }> {
  let folder = dir;
  if (folder === undefined) {
    const t = await tempDir();
    cleanups.push(t.cleanup);
    folder = t.dir;
  }
  const ws = await createWorkspace({ dir: folder, sender: c, autoRetry: { firstDelayMs: 10, maxDelayMs: 20, maxAttempts: 3 } });
  open.push(ws);
  return { ws, dir: folder };
}

const onDisk = async (dir: string, unit: string) =>
  OsrUnitRecord.parse(JSON.parse(await readFile(join(dir, 'osr', `${PROPERTY}-${unit}.json`), 'utf8')));
const delivered = (ws: Workspace, unit: string) => () => ws.osr.get(PROPERTY, unit)?.delivered !== undefined;

describe('OSR deliveries of the workspace', () => {
  it('persists a delivery before sending it, then records the acceptance and logs it', async () => {
    const c = client();
    const { ws, dir } = await workspace(c);
    await ws.osr.save({
      billingunit: PROPERTY,
      residentialunit: '0002',
      residentialunitPmnumber: 'KH42/02',
      roles: tenantChange(),
    });
    expect(ws.osr.get(PROPERTY, '0002')?.pending?.roles).toEqual(tenantChange());

    await ws.osr.deliver(PROPERTY, '0002');
    // Not started: the delivery waits on disk, and the MSC has not heard of it.
    expect((await onDisk(dir, '0002')).delivery).toMatchObject({ state: 'queued', attempts: 0, roles: tenantChange() });
    expect(await c.getOnSiteRoles(PROPERTY, '0002')).toBeUndefined();

    ws.start();
    await waitFor(delivered(ws, '0002'));
    const record = await onDisk(dir, '0002');
    expect(record.delivery).toBeUndefined();
    expect(record.pending).toBeUndefined();
    expect(record.delivered?.roles).toEqual(tenantChange());
    expect((await c.getOnSiteRoles(PROPERTY, '0002'))?.transactionid).toBe(record.delivered?.transactionid);

    const log = ws.osrLog.list({ billingunit: PROPERTY, residentialunit: '0002' });
    expect(log.map((e) => e.result)).toEqual(['accepted']);
    const entry = await ws.osrLog.read(log[0]?.id ?? '');
    expect(entry?.request).toEqual(tenantChange());
    expect(entry?.result).toMatchObject({ kind: 'accepted', transactionid: record.delivered?.transactionid });

    const template = Template.parse(await c.getTemplate(PROPERTY, '2025-12-31'));
    expect(template.billingrecipients.filter((r) => r.residentialunitMscnumber === '0002').map((r) => r.name)).toEqual([
      'Thomas Schneider',
      'Leerstand (Karl-Heine GmbH)',
      'Elif Yilmaz',
    ]);
  });

  it('keeps a refused delivery with the messages at their fields, logs it, and does not send it again unchanged', async () => {
    const { ws } = await workspace(client());
    ws.start();
    const roles = tenantChange();
    roles.billingcontracts.splice(1, 1);
    await ws.osr.save({ billingunit: PROPERTY, residentialunit: '0006', roles });
    await ws.osr.deliver(PROPERTY, '0006');
    await waitFor(() => ws.osr.get(PROPERTY, '0006')?.delivery?.state === 'rejected');
    const record = ws.osr.get(PROPERTY, '0006');
    expect(record?.delivery?.messages?.map((m) => [m.shortmessage, m.path])).toEqual([
      ['CONTRACT_GAP', 'billingcontracts[1].validfrom'],
    ]);
    expect(record?.delivered).toBeUndefined();
    expect(ws.osrLog.list({ residentialunit: '0006' }).map((e) => e.result)).toEqual(['rejected']);
    await expect(ws.osr.deliver(PROPERTY, '0006')).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
  });

  it('retries a delivery that failed in transit by itself, and it arrives once', async () => {
    let refuse = 1;
    const flaky: FetchLike = (url, init) => {
      if (url.includes('/on-site-roles') && init.method === 'POST' && refuse-- > 0) {
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { cause: { code: 'ECONNREFUSED' } }));
      }
      return undiciFetch(url, init);
    };
    const { ws } = await workspace(client(flaky, 0));
    ws.start();
    await ws.osr.save({ billingunit: PROPERTY, residentialunit: '0007', roles: tenantChange() });
    await ws.osr.deliver(PROPERTY, '0007');
    await waitFor(delivered(ws, '0007'));
    expect(ws.osrLog.list({ residentialunit: '0007' }).map((e) => e.result)).toEqual(['failed', 'accepted']);
  });

  it('retries safely when the reply of an accepted delivery is lost: the MSC holds the data set once', async () => {
    const posts: number[] = [];
    const lossy: FetchLike = async (url, init) => {
      const res = (await undiciFetch(url, init)) as unknown as Awaited<ReturnType<FetchLike>>;
      if (url.includes('/on-site-roles') && init.method === 'POST') {
        posts.push(res.status);
        // The MSC has accepted and stored it; the reply never reaches us.
        if (posts.length === 1) throw Object.assign(new Error('socket hang up'), { cause: { code: 'ECONNRESET' } });
      }
      return res;
    };
    const c = client(lossy);
    const { ws } = await workspace(c);
    ws.start();
    await ws.osr.save({ billingunit: PROPERTY, residentialunit: '0008', roles: tenantChange() });
    await ws.osr.deliver(PROPERTY, '0008');
    await waitFor(delivered(ws, '0008'));
    expect(posts).toEqual([200, 200]);
    const back = await c.getOnSiteRoles(PROPERTY, '0008');
    expect(back?.transactionid).toBe(ws.osr.get(PROPERTY, '0008')?.delivered?.transactionid);
    const { transactionid: _t, acceptedat: _a, ...roles } = back ?? { transactionid: '', acceptedat: '' };
    expect(roles).toEqual(tenantChange());
    const template = await c.getTemplate(PROPERTY, '2025-12-31');
    expect(template.billingrecipients.filter((r) => r.residentialunitMscnumber === '0008')).toHaveLength(3);
  });

  it('sends a delivery caught in `sending` by a crash again after the restart', async () => {
    const c = client();
    const first = await workspace(c);
    await first.ws.osr.save({ billingunit: PROPERTY, residentialunit: '0009', roles: tenantChange() });
    await first.ws.osr.deliver(PROPERTY, '0009');
    await first.ws.close();
    open.splice(open.indexOf(first.ws), 1);
    // As if the process died after marking it `sending`.
    const file = join(first.dir, 'osr', `${PROPERTY}-0009.json`);
    const record = OsrUnitRecord.parse(JSON.parse(await readFile(file, 'utf8')));
    await writeFile(file, JSON.stringify({ ...record, delivery: { ...record.delivery, state: 'sending', attempts: 1 } }));

    const again = await workspace(c, first.dir);
    expect(again.ws.osr.get(PROPERTY, '0009')?.delivery?.state).toBe('queued');
    again.ws.start();
    await waitFor(delivered(again.ws, '0009'));
    expect((await c.getOnSiteRoles(PROPERTY, '0009'))?.billingcontracts).toEqual(tenantChange().billingcontracts);
  });

  it('treats a saved data set equal to the last accepted one as no change', async () => {
    const { ws } = await workspace(client());
    ws.start();
    await ws.osr.save({ billingunit: PROPERTY, residentialunit: '0010', roles: tenantChange() });
    await ws.osr.deliver(PROPERTY, '0010');
    await waitFor(delivered(ws, '0010'));
    const saved = await ws.osr.save({ billingunit: PROPERTY, residentialunit: '0010', roles: tenantChange() });
    expect(saved.pending).toBeUndefined();
    await expect(ws.osr.deliverAll(PROPERTY)).resolves.toEqual([]);
  });
});
