import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInput } from '@shared/domain/connection';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';
import { createSecretStore } from '@main/services/settings/secret-backends';
import type { SecretBackendOptions } from '@main/services/settings/secret-backends';
import { createEncryptedSecretStore, createFileSecretStore } from '@main/services/settings/secret-store';
import { createSettingsStore } from '@main/services/settings/settings-store';
import { SettingsError } from '@main/services/settings/settings-error';
import { deserializeSettings } from '@main/services/settings/settings-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-keyring-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SCOPE = '/home/clerk/.config/Kostenbrücke';

/** An in-memory OS credential store that can be told to fail or hang, like a locked or absent keyring. */
function fakeCredentials() {
  const entries = new Map<string, string>();
  const fake = {
    entries,
    calls: 0,
    failWrites: (_account: string) => false,
    failReads: (_account: string) => false,
    hang: false,
  };
  const gate = async () => {
    fake.calls += 1;
    if (fake.hang) await new Promise(() => undefined);
  };
  const store: CredentialStore = {
    async get(account) {
      await gate();
      if (fake.failReads(account)) throw new Error('Secret Service: collection is locked');
      return entries.get(account);
    },
    async set(account, secret) {
      await gate();
      if (fake.failWrites(account)) throw new Error('Secret Service: prompt dismissed');
      entries.set(account, secret);
    },
    async delete(account) {
      await gate();
      entries.delete(account);
    },
  };
  return { fake, store };
}

const secretsPath = () => join(dir, 'secrets.json');
const logs: string[] = [];
function open(credentials: SecretBackendOptions['credentials'], extra: Partial<SecretBackendOptions> = {}) {
  return createSecretStore({
    path: secretsPath(),
    credentials,
    scope: SCOPE,
    probeTimeoutMs: 200,
    log: (m) => logs.push(m),
    ...extra,
  });
}
/** Enough of a cipher to show the file holds no plain text: every byte flipped. */
const flip = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0xff));
const cipher = { encrypt: (s: string) => flip(Buffer.from(s, 'utf8')), decrypt: (b: Buffer) => flip(b).toString('utf8') };

const fileText = () => readFile(secretsPath(), 'utf8').catch(() => '');

describe('secrets in the OS credential store', () => {
  it('keeps set, get and delete in the credential store, per data folder, and nothing in a file', async () => {
    const { fake, store } = fakeCredentials();
    const secrets = open(() => Promise.resolve(store));

    await secrets.set('ista', 'TOPSECRET-42');

    expect(await secrets.storage()).toEqual({ backend: 'os-keyring' });
    expect([...fake.entries]).toEqual([[`ista @ ${SCOPE}`, 'TOPSECRET-42']]);
    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(await fileText()).not.toContain('TOPSECRET-42');
    await secrets.delete('ista');
    expect(fake.entries.size).toBe(0);
    expect(await secrets.get('ista')).toBeUndefined();
  });

  it('moves secrets from the user-only file into the credential store and out of the file', async () => {
    const file = createFileSecretStore(secretsPath());
    await file.set('demo', 'demo-secret');
    await file.set('ista', 'TOPSECRET-42');
    const { fake, store } = fakeCredentials();

    const secrets = open(() => Promise.resolve(store));

    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(await secrets.get('demo')).toBe('demo-secret');
    expect(fake.entries.get(`ista @ ${SCOPE}`)).toBe('TOPSECRET-42');
    expect(fake.entries.get(`demo @ ${SCOPE}`)).toBe('demo-secret');
    const left = await fileText();
    expect(left).not.toContain('TOPSECRET-42');
    expect(left).not.toContain('demo-secret');
  });

  it('leaves a secret the credential store will not take in the file, where it keeps working', async () => {
    const file = createFileSecretStore(secretsPath());
    await file.set('demo', 'demo-secret');
    await file.set('ista', 'TOPSECRET-42');
    const { fake, store } = fakeCredentials();
    fake.failWrites = (account) => account.startsWith('ista ');

    const secrets = open(() => Promise.resolve(store));

    expect(await secrets.get('demo')).toBe('demo-secret');
    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(await fileText()).toContain('TOPSECRET-42');
    expect(await fileText()).not.toContain('demo-secret');
    expect(logs.some((m) => m.includes('"ista"') && m.includes(secretsPath()))).toBe(true);
  });

  it('reports a write the credential store refuses as a clear error and keeps the secret it had', async () => {
    const { fake, store } = fakeCredentials();
    const secrets = open(() => Promise.resolve(store));
    await secrets.set('ista', 'OLD-SECRET');
    fake.failWrites = () => true;

    const err = await secrets.set('ista', 'NEW-SECRET').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(SettingsError);
    expect((err as SettingsError).appError).toMatchObject({ code: 'STORAGE', details: { reason: 'keyring-write' } });
    expect((err as SettingsError).message).toContain('Anmeldeinformationsspeicher des Betriebssystems');
    expect(await secrets.get('ista')).toBe('OLD-SECRET');
    expect(await fileText()).not.toContain('NEW-SECRET');
  });

  it('does not save a connection whose secret the credential store refused, and loses no other', async () => {
    const { fake, store } = fakeCredentials();
    const backend = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings });
    const settings = createSettingsStore({ backend, secrets: open(() => Promise.resolve(store)) });
    expect(await settings.getSecret('demo')).toBe('demo-secret');
    fake.failWrites = () => true;
    const ista: ConnectionInput = {
      name: 'ista',
      mscCode: '40',
      target: { kind: 'url', url: 'https://api.ista.example/bved' },
      profile: 'bved-v1',
      auth: { kind: 'oauth2-client-credentials', clientId: 'hv', clientSecret: 'TOPSECRET-42' },
    };

    await expect(settings.save(ista)).rejects.toThrow(/Anmeldeinformationsspeicher/);

    expect((await settings.list()).map((c) => c.name)).toEqual(['Demo-Messdienst']);
    expect(await settings.getSecret('demo')).toBe('demo-secret');
  });

  it('keeps a connection marked as having a secret while the credential store cannot read it', async () => {
    const { fake, store } = fakeCredentials();
    const settingsAt = () =>
      createSettingsStore({
        backend: new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings }),
        secrets: open(() => Promise.resolve(store)),
      });
    expect((await settingsAt().list())[0]?.hasSecret).toBe(true);
    fake.failReads = (account) => account.startsWith('demo ');

    const reopened = settingsAt();

    expect((await reopened.list())[0]?.hasSecret).toBe(true);
    expect(await reopened.problems()).toEqual([]);
    await expect(reopened.getSecret('demo')).rejects.toMatchObject({ appError: { details: { reason: 'keyring-read' } } });
    fake.failReads = () => false;
    expect(await reopened.getSecret('demo')).toBe('demo-secret');
  });
});

describe('where no credential store works', () => {
  it('falls back to the user-only file (0600) when the probe fails, and says so', async () => {
    const { fake, store } = fakeCredentials();
    fake.failWrites = () => true;
    const secrets = open(() => Promise.resolve(store));

    await secrets.set('ista', 'TOPSECRET-42');

    expect(await secrets.storage()).toEqual({ backend: 'file', path: secretsPath() });
    expect(await fileText()).toContain('TOPSECRET-42');
    if (process.platform !== 'win32') expect((await stat(secretsPath())).mode & 0o777).toBe(0o600);
    expect(fake.entries.size).toBe(0);
    expect(logs.some((m) => m.includes('does not work here'))).toBe(true);
  });

  it('falls back when the credential store does not answer within the timeout', async () => {
    const { fake, store } = fakeCredentials();
    fake.hang = true;
    const secrets = open(() => Promise.resolve(store), { probeTimeoutMs: 50 });

    expect(await secrets.storage()).toEqual({ backend: 'file', path: secretsPath() });
    expect(logs.some((m) => m.includes('no answer within 50 ms'))).toBe(true);
  });

  it('falls back when the credential store cannot even be opened', async () => {
    const secrets = open(() => Promise.reject(new Error('DBus error: no session bus')));

    await secrets.set('ista', 'x');

    expect(await secrets.storage()).toEqual({ backend: 'file', path: secretsPath() });
    expect(await createFileSecretStore(secretsPath()).get('ista')).toBe('x');
  });

  it('leaves no test entry behind after a successful probe', async () => {
    const { fake, store } = fakeCredentials();
    expect(await open(() => Promise.resolve(store)).storage()).toEqual({ backend: 'os-keyring' });
    expect(fake.entries.size).toBe(0);
    expect(fake.calls).toBe(3);
  });

  it("uses Electron's safeStorage first and never asks the credential store", async () => {
    const { fake, store } = fakeCredentials();
    const secrets = open(() => Promise.resolve(store), { cipher });

    await secrets.set('ista', 'TOPSECRET-42');

    expect(await secrets.storage()).toEqual({ backend: 'electron-safe-storage', path: secretsPath() });
    expect(await fileText()).not.toContain('TOPSECRET-42');
    expect(fake.calls).toBe(0);
  });
});

describe('switching between safeStorage and the other backends', () => {
  it("moves secrets that Electron's obfuscating Linux fallback wrote on to the credential store", async () => {
    await createEncryptedSecretStore(secretsPath(), cipher).set('ista', 'TOPSECRET-42');
    const { fake, store } = fakeCredentials();

    const secrets = open(() => Promise.resolve(store), { cipher: { ...cipher, obfuscatesOnly: true } });

    expect(await secrets.storage()).toEqual({ backend: 'os-keyring' });
    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(fake.entries.get(`ista @ ${SCOPE}`)).toBe('TOPSECRET-42');
    expect(await fileText()).not.toContain('TOPSECRET-42');
  });

  it('keeps them in the user-only file, now said to be plain, where there is no credential store', async () => {
    await createEncryptedSecretStore(secretsPath(), cipher).set('ista', 'TOPSECRET-42');

    const secrets = open(undefined, { cipher: { ...cipher, obfuscatesOnly: true } });

    expect(await secrets.storage()).toEqual({ backend: 'file', path: secretsPath() });
    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(secrets.problems?.()).toEqual([]);
    expect(await fileText()).toContain('"encoding": "plain"');
  });

  it('asks a credential store that does not answer once, not for every secret missing from the encrypted file', async () => {
    const { fake, store } = fakeCredentials();
    fake.hang = true;
    const secrets = open(() => Promise.resolve(store), { cipher, probeTimeoutMs: 50 });

    expect(await secrets.get('ista')).toBeUndefined();
    expect(await secrets.get('techem')).toBeUndefined();

    expect(fake.calls).toBe(1);
    expect(await secrets.lossOf('ista')).toBe('missing');
  });

  it('encrypts a plain secrets file once safeStorage really protects, instead of setting it aside', async () => {
    await createFileSecretStore(secretsPath()).set('ista', 'TOPSECRET-42');

    const secrets = open(undefined, { cipher });

    expect(await secrets.get('ista')).toBe('TOPSECRET-42');
    expect(secrets.problems?.()).toEqual([]);
    expect(await fileText()).not.toContain('TOPSECRET-42');
  });
});
