/**
 * Issue 14, defect 5: one data folder used by the desktop app and by browser mode in turn. Before the fix, browser
 * mode set the desktop app's encrypted secrets file aside (every connection lost its secret) and the desktop app set
 * browser mode's plain file aside as `secrets.json.corrupt-<time>`, where the secrets stayed readable for ever.
 * Each test plays the switch as the clerk does it, on real files, with the data folder opened the way
 * electron/app/app-context.ts opens it (`openAs`): the desktop app with safeStorage (a real AES cipher standing in
 * for DPAPI/Keychain), browser mode without, both with or without an OS credential store (a fake).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, ConnectionInput } from '@shared/domain/connection';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';
import type { SecretCipher } from '@main/services/settings/secret-store';
import { createSecretStore } from '@main/services/settings/secret-backends';
import { createSettingsStore } from '@main/services/settings/settings-store';
import { deserializeSettings } from '@main/services/settings/settings-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-secrets-move-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Stands in for DPAPI / the macOS Keychain: real AES-GCM with a key only this machine's desktop app has. */
function machineCipher(key = randomBytes(32)): SecretCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(data) {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

/** An OS credential store (Secret Service, Credential Manager) in memory. */
function fakeKeyring(): { entries: Map<string, string>; open: () => Promise<CredentialStore> } {
  const entries = new Map<string, string>();
  const store: CredentialStore = {
    get: (account) => Promise.resolve(entries.get(account)),
    set: (account, secret) => Promise.resolve(void entries.set(account, secret)),
    delete: (account) => Promise.resolve(void entries.delete(account)),
  };
  return { entries, open: () => Promise.resolve(store) };
}

const desktopKey = machineCipher();
type Opened = { list: () => Promise<Connection[]>; secret: (name: string) => Promise<string | undefined> } & ReturnType<
  typeof createSettingsStore
>;

/** The data folder opened as the app opens it in that mode (the wiring of electron/app/app-context.ts). */
function openAs(mode: 'desktop' | 'browser', keyring?: ReturnType<typeof fakeKeyring>, cipher = desktopKey): Opened {
  const secrets = createSecretStore({
    path: join(dir, 'secrets.json'),
    cipher: mode === 'desktop' ? cipher : undefined,
    credentials: keyring?.open,
    scope: dir,
    probeTimeoutMs: 200,
  });
  const backend = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings });
  const settings = createSettingsStore({ backend, secrets });
  const idOf = async (name: string) => (await settings.list()).find((c) => c.name === name)?.id ?? name;
  return { ...settings, secret: async (name) => settings.getSecret(await idOf(name)) };
}

const ISTA = 'ISTA-geheim-4711';
const TECHEM = 'TECHEM-geheim-0815';
const connection = (name: string, clientSecret: string): ConnectionInput => ({
  name,
  mscCode: name === 'ista' ? '40' : '30',
  target: { kind: 'url', url: `https://api.${name}.example/bved` },
  profile: 'bved-v1',
  auth: { kind: 'oauth2-client-credentials', clientId: 'hv-nord', clientSecret },
});

/** Every file in the data folder (relative path) whose bytes contain `secret` as plain text. */
async function filesHolding(secret: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(secret)) hits.push(relative(dir, path));
  }
  return hits;
}
const setAside = async () => (await readdir(dir)).filter((n) => n.includes('.corrupt-'));
const byName = async (app: Opened) => Object.fromEntries((await app.list()).map((c) => [c.name, c]));

describe('desktop app → browser mode', () => {
  it('keeps the encrypted secrets for the desktop app and asks for them again, saying why', async () => {
    const desktop = openAs('desktop');
    await desktop.save(connection('ista', ISTA));
    await desktop.save(connection('techem', TECHEM));

    const browser = openAs('browser');

    const seen = await byName(browser);
    expect(seen.ista).toMatchObject({ hasSecret: false, secretLost: 'desktop-encrypted' });
    expect(seen.techem).toMatchObject({ hasSecret: false, secretLost: 'desktop-encrypted' });
    expect(await browser.secret('ista')).toBeUndefined();
    expect(await setAside()).toEqual([]);
    expect(await browser.problems()).toEqual([]);
    // The demo MSC's secret is public: it simply works in browser mode too.
    expect(seen['Demo-Messdienst']).toMatchObject({ hasSecret: true });
    expect(seen['Demo-Messdienst']?.secretLost).toBeUndefined();
    expect(await browser.secret('Demo-Messdienst')).toBe('demo-secret');
    // Nothing was decrypted onto the disk, and the desktop app still reads its file.
    expect(await filesHolding(ISTA)).toEqual([]);
    expect(await openAs('desktop').secret('ista')).toBe(ISTA);
  });

  it('stores a secret entered again in browser mode beside the encrypted ones, which the desktop app still reads', async () => {
    const desktop = openAs('desktop');
    const ista = await desktop.save(connection('ista', ISTA));
    await desktop.save(connection('techem', TECHEM));
    const browser = openAs('browser');
    await browser.list();

    const { id: _id, ...input } = connection('ista', 'ISTA-neu-im-Browser');
    const saved = await browser.save({ ...input, id: ista.id });

    expect(saved.hasSecret).toBe(true);
    expect(saved.secretLost).toBeUndefined();
    expect(await browser.secret('ista')).toBe('ISTA-neu-im-Browser');
    expect((await byName(browser)).techem).toMatchObject({ hasSecret: false, secretLost: 'desktop-encrypted' });
    // Browser mode's place for it is the user-only file, deliberately plain; the desktop's entries stay encrypted.
    expect(await filesHolding('ISTA-neu-im-Browser')).toEqual(['secrets.json']);
    expect(await filesHolding(TECHEM)).toEqual([]);

    const back = openAs('desktop');

    expect(await back.secret('ista')).toBe('ISTA-neu-im-Browser');
    expect(await back.secret('techem')).toBe(TECHEM);
    const again = await byName(back);
    expect(again.techem).toMatchObject({ hasSecret: true });
    expect(again.techem?.secretLost).toBeUndefined();
    expect(await filesHolding('ISTA-neu-im-Browser')).toEqual([]);
    expect(await setAside()).toEqual([]);
    expect(await back.problems()).toEqual([]);
  });

  it('with an OS credential store in browser mode, a secret entered again goes there and moves back into the desktop app', async () => {
    const keyring = fakeKeyring();
    const desktop = openAs('desktop', keyring);
    const ista = await desktop.save(connection('ista', ISTA));
    await desktop.save(connection('techem', TECHEM));
    const browser = openAs('browser', keyring);
    expect((await byName(browser)).ista).toMatchObject({ hasSecret: false, secretLost: 'desktop-encrypted' });

    const { id: _id, ...input } = connection('ista', 'ISTA-neu-im-Schluesselbund');
    await browser.save({ ...input, id: ista.id });

    expect(keyring.entries.get(`${ista.id} @ ${dir}`)).toBe('ISTA-neu-im-Schluesselbund');
    expect(await filesHolding('ISTA-neu-im-Schluesselbund')).toEqual([]);

    const back = openAs('desktop', keyring);

    expect(await back.secret('ista')).toBe('ISTA-neu-im-Schluesselbund');
    expect(await back.secret('techem')).toBe(TECHEM);
    expect([...keyring.entries.keys()].filter((a) => !a.startsWith('(probe)'))).toEqual([]);
    expect(await filesHolding('ISTA-neu-im-Schluesselbund')).toEqual([]);
  });

  it('says a secret encrypted under another account or machine cannot be decrypted, and keeps it', async () => {
    await openAs('desktop').save(connection('ista', ISTA));

    const elsewhere = openAs('desktop', undefined, machineCipher());

    expect((await byName(elsewhere)).ista).toMatchObject({ hasSecret: false, secretLost: 'undecryptable' });
    expect(await setAside()).toEqual([]);
    expect(await openAs('desktop').secret('ista')).toBe(ISTA);
  });
});

describe('browser mode → desktop app', () => {
  it('encrypts the plain secrets file in place: every secret kept, no plain copy left on disk', async () => {
    const browser = openAs('browser');
    await browser.save(connection('ista', ISTA));
    await browser.save(connection('techem', TECHEM));
    expect(await filesHolding(ISTA)).toEqual(['secrets.json']);

    const desktop = openAs('desktop');

    expect(await desktop.secret('ista')).toBe(ISTA);
    expect(await desktop.secret('techem')).toBe(TECHEM);
    expect(await desktop.secret('Demo-Messdienst')).toBe('demo-secret');
    expect((await desktop.list()).every((c) => c.hasSecret && c.secretLost === undefined)).toBe(true);
    expect(await setAside()).toEqual([]);
    expect(await desktop.problems()).toEqual([]);
    for (const secret of [ISTA, TECHEM, 'demo-secret']) expect(await filesHolding(secret), secret).toEqual([]);
    expect(await desktop.secretStorage()).toEqual({ backend: 'electron-safe-storage', path: join(dir, 'secrets.json') });
  });

  it('takes over the secrets browser mode kept in the OS credential store', async () => {
    const keyring = fakeKeyring();
    const browser = openAs('browser', keyring);
    const ista = await browser.save(connection('ista', ISTA));
    expect(await browser.secretStorage()).toEqual({ backend: 'os-keyring' });

    const desktop = openAs('desktop', keyring);

    expect(await desktop.secret('ista')).toBe(ISTA);
    expect((await byName(desktop)).ista).toMatchObject({ hasSecret: true });
    expect(keyring.entries.has(`${ista.id} @ ${dir}`)).toBe(false);
    expect(await filesHolding(ISTA)).toEqual([]);
  });
});
