/**
 * A stored client secret belongs to the address it was entered for. When the clerk changes the connection's URL or
 * token URL without typing the secret again, the secret is dropped: a check against the new address must not carry
 * it there, and the connection says the secret has to be entered again.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '@main/sandbox/index';
import { DEMO_CLIENT, demoWorld } from '@main/sandbox/seed';
import { openGateApp } from '@test/support/gate-app';
import { tempDir } from '@test/unit/ipc/helpers';

const SECRET = 'Geheim-9d1e-nur-fuer-den-ersten-Host';

type Heard = { url: string; authorization: string; body: string };

/** A plain HTTP listener on loopback that records every request and answers 404. */
async function listener(): Promise<{ url: string; heard: Heard[]; server: Server }> {
  const heard: Heard[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      heard.push({
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${String(address.port)}`, heard, server };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function arrange() {
  const dir = await tempDir('kb-secret-address-');
  const world = demoWorld();
  world.clients.push({ clientId: 'hv-nord', clientSecret: SECRET, customerMscnumber: DEMO_CLIENT.customerMscnumber });
  const msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), world });
  const other = await listener();
  const app = openGateApp(join(dir, 'app'));
  cleanups.push(async () => {
    await app.context.close();
    await msc.close();
    await new Promise((r) => other.server.close(r));
    await rm(dir, { recursive: true, force: true });
  });
  const saved = await app.call('connections:save', {
    name: 'Messdienst Nord',
    mscCode: '40',
    profile: 'seed',
    target: { kind: 'url', url: msc.url },
    auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord', clientSecret: SECRET },
  });
  expect((await app.call('connections:check', { id: saved.id })).state).toBe('ok');
  return { app, saved, msc, other };
}

function carriesSecret(h: Heard): boolean {
  const basic = Buffer.from(`hv-nord:${SECRET}`).toString('base64');
  return h.body.includes(SECRET) || h.body.includes(encodeURIComponent(SECRET)) || h.authorization.includes(basic);
}

describe('a stored secret and a changed address', () => {
  it('is dropped when the URL changes, so checking the new host sends no secret there', async () => {
    const { app, saved, other } = await arrange();
    const moved = await app.call('connections:save', {
      id: saved.id,
      name: saved.name,
      mscCode: saved.mscCode,
      profile: saved.profile,
      target: { kind: 'url', url: other.url },
      auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord' },
    });
    expect(moved).toMatchObject({ hasSecret: false, secretLost: 'address-changed' });
    const health = await app.call('connections:check', { id: saved.id });
    expect(health.state).toBe('error');
    expect(other.heard.filter(carriesSecret)).toEqual([]);
    const [listed] = (await app.call('connections:list', undefined)).filter((c) => c.id === saved.id);
    expect(listed).toMatchObject({ hasSecret: false, secretLost: 'address-changed' });
  });

  it('is dropped when only the token URL changes', async () => {
    const { app, saved, msc, other } = await arrange();
    await app.call('connections:save', {
      id: saved.id,
      name: saved.name,
      mscCode: saved.mscCode,
      profile: saved.profile,
      target: { kind: 'url', url: msc.url },
      auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord', tokenUrl: `${other.url}/oauth/token` },
    });
    expect((await app.call('connections:check', { id: saved.id })).state).toBe('error');
    expect(other.heard.filter(carriesSecret)).toEqual([]);
  });

  it('is kept when the address stays, and a secret typed with the new address is used there', async () => {
    const { app, saved, msc } = await arrange();
    const renamed = await app.call('connections:save', {
      id: saved.id,
      name: 'Nord',
      mscCode: saved.mscCode,
      profile: saved.profile,
      target: { kind: 'url', url: `${msc.url}/` },
      auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord' },
    });
    expect(renamed.hasSecret).toBe(true);
    expect((await app.call('connections:check', { id: saved.id })).state).toBe('ok');
  });
});
