/**
 * A connection's secret goes to the secret store and nowhere else: not into a log line, not into the settings,
 * workspace, outbox or archive files, also not when the MSC refuses it or the connection is invalid. With an OS
 * credential store no file holds it at all; without one (browser mode on a machine without a keyring) only the
 * user-only secrets file does, as the settings screen says.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppContext } from '@main/app/app-context';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';
import { startSandbox } from '@main/sandbox/index';
import { DEMO_CLIENT, demoWorld } from '@main/sandbox/seed';

const SECRET = 'Geheim-7f3a9c-Kostenbruecke-Zugang';
const WRONG = 'Falsch-1b2c3d-nicht-gueltig';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const file of await filesUnder(dir)) {
    const text = (await readFile(file)).toString('latin1');
    if (
      text.includes(needle) ||
      text.includes(encodeURIComponent(needle)) ||
      text.includes(Buffer.from(needle).toString('base64'))
    )
      hits.push(file);
  }
  return hits;
}

function memoryCredentials(): () => Promise<CredentialStore> {
  const entries = new Map<string, string>();
  const store: CredentialStore = {
    get: (a) => Promise.resolve(entries.get(a)),
    set: (a, s) => {
      entries.set(a, s);
      return Promise.resolve();
    },
    delete: (a) => {
      entries.delete(a);
      return Promise.resolve();
    },
  };
  return () => Promise.resolve(store);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Saves, checks and uses a connection with SECRET, once also with a refused secret and an invalid URL. */
async function useSecretEverywhere(credentialStore: (() => Promise<CredentialStore>) | null) {
  const dir = await mkdtemp(join(tmpdir(), 'kb-secrets-'));
  const world = demoWorld();
  world.clients.push({ clientId: 'hv-mueller', clientSecret: SECRET, customerMscnumber: DEMO_CLIENT.customerMscnumber });
  const msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), world });
  const logged: string[] = [];
  const context = createAppContext({
    mode: 'browser',
    version: 't',
    userDataDir: join(dir, 'app'),
    credentialStore,
    log: (message, err) => logged.push(`${message} ${inspect(err, { depth: 8 })}`),
  });
  cleanups.push(async () => {
    await context.close();
    await msc.close();
    await rm(dir, { recursive: true, force: true });
  });
  const h = context.handlers;
  const auth = { kind: 'oauth2-client-credentials' as const, clientId: 'hv-mueller', clientSecret: SECRET };
  const good = await h['connections:save']({
    name: 'Messdienst',
    mscCode: '40',
    profile: 'seed',
    target: { kind: 'url', url: msc.url },
    auth,
  });
  expect((await h['connections:check']({ id: good.id })).state).toBe('ok');
  expect((await h['units:list']({ connectionId: good.id })).length).toBeGreaterThan(0);
  const refused = await h['connections:save']({
    name: 'Falscher Zugang',
    mscCode: '40',
    profile: 'seed',
    target: { kind: 'url', url: msc.url },
    auth: { ...auth, clientSecret: WRONG },
  });
  expect((await h['connections:check']({ id: refused.id })).state).not.toBe('ok');
  await expect(
    h['connections:save']({
      name: 'Unverschlüsselt',
      mscCode: '40',
      profile: 'seed',
      target: { kind: 'url', url: 'http://msc.example' },
      auth,
    }),
  ).rejects.toThrow();
  await context.close();
  return { appDir: join(dir, 'app'), logged };
}

describe('connection secrets', () => {
  it('appear in no log line and no file when the OS credential store holds them', async () => {
    const { appDir, logged } = await useSecretEverywhere(memoryCredentials());
    expect(logged.filter((l) => l.includes(SECRET) || l.includes(WRONG))).toEqual([]);
    expect(await filesHolding(appDir, SECRET)).toEqual([]);
    expect(await filesHolding(appDir, WRONG)).toEqual([]);
    expect((await filesUnder(appDir)).length).toBeGreaterThan(0);
  });

  it('without a credential store, live only in the user-only secrets file', async () => {
    const { appDir, logged } = await useSecretEverywhere(null);
    expect(logged.filter((l) => l.includes(SECRET))).toEqual([]);
    const holders = await filesHolding(appDir, SECRET);
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatch(/secrets[^/]*\.json$/);
    expect((await stat(holders[0] ?? '')).mode & 0o077).toBe(0);
  });
});
