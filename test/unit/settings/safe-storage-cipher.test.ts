/**
 * Electron's safeStorage on Linux without a secret service falls back to "basic_text", a key built into Chromium.
 * The cipher handed to the app must not count that as encryption: secrets then go where the app says they go in
 * plain words (the user-only file, "im Klartext"), never "verschlüsselt".
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppContext } from '@main/app/app-context';
import { cipherFromSafeStorage, type SafeStorageLike } from '@main/services/settings/safe-storage-cipher';
import { createSecretStore } from '@main/services/settings/secret-backends';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-secrets-cipher-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** safeStorage as Electron gives it on Linux, with the backend it selected; counts what it was asked to encrypt. */
function fakeSafeStorage(backend: string, available = true) {
  const fake = {
    encrypted: 0,
    backendAsked: 0,
    api: {
      isEncryptionAvailable: () => available,
      // "v10" is Chromium's prefix for its fixed-key obfuscation.
      encryptString: (s: string) => {
        fake.encrypted += 1;
        return Buffer.concat([Buffer.from('v10'), Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)]);
      },
      decryptString: (b: Buffer) => Buffer.from(b.subarray(3).map((x) => x ^ 0x5a)).toString('utf8'),
      getSelectedStorageBackend: () => {
        fake.backendAsked += 1;
        return backend;
      },
    } satisfies SafeStorageLike,
  };
  return fake;
}

const secretText = (lang: string) =>
  (
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../renderer/locales/${lang}/connections.json`), 'utf8')) as {
      secret: Record<string, string>;
    }
  ).secret;

describe("Electron's safeStorage as the secrets cipher", () => {
  it('treats Linux "basic_text" (and a backend not known yet) as obfuscation, not encryption', () => {
    expect(cipherFromSafeStorage(fakeSafeStorage('basic_text').api, 'linux')?.obfuscatesOnly).toBe(true);
    expect(cipherFromSafeStorage(fakeSafeStorage('unknown').api, 'linux')?.obfuscatesOnly).toBe(true);
    expect(cipherFromSafeStorage(fakeSafeStorage('gnome_libsecret').api, 'linux')?.obfuscatesOnly).toBe(false);
    expect(cipherFromSafeStorage(fakeSafeStorage('kwallet6').api, 'linux')?.obfuscatesOnly).toBe(false);
    expect(cipherFromSafeStorage(fakeSafeStorage('basic_text', false).api, 'linux')).toBeUndefined();
  });

  it('counts DPAPI and the macOS Keychain as encryption without asking for a Linux backend', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const fake = fakeSafeStorage('basic_text');
      expect(cipherFromSafeStorage(fake.api, platform)?.obfuscatesOnly).toBe(false);
      expect(fake.backendAsked).toBe(0);
    }
  });

  it('with "basic_text" and no credential store, stores the secret in the user-only file and says it is plain', async () => {
    const fake = fakeSafeStorage('basic_text');
    const path = join(dir, 'secrets.json');
    const secrets = createSecretStore({ path, cipher: cipherFromSafeStorage(fake.api, 'linux'), scope: dir });

    await secrets.set('ista', 'TOPSECRET-42');

    expect(await secrets.storage()).toEqual({ backend: 'file', path });
    expect(fake.encrypted).toBe(0);
    expect(await readFile(path, 'utf8')).toContain('TOPSECRET-42');
    // What the connection form shows for that backend: plain text, readable by the user's account only.
    expect(secretText('de').file).toContain('im Klartext');
    expect(secretText('en').file).toContain('plain text');
    for (const lang of ['de', 'en']) expect(secretText(lang).file).not.toMatch(/verschlüsselt|encrypted/i);
  });

  it('reports the user-only file to the renderer (app:info) when the desktop app only has "basic_text"', async () => {
    const context = createAppContext({
      mode: 'electron',
      version: 't',
      userDataDir: dir,
      secretCipher: cipherFromSafeStorage(fakeSafeStorage('basic_text').api, 'linux'),
      credentialStore: null,
      log: () => undefined,
    });
    try {
      const info = await context.handlers['app:info'](undefined);
      expect(info.secretStorage).toEqual({ backend: 'file', path: join(dir, 'secrets.json') });
    } finally {
      await context.close();
    }
  });

  it('with a real secret service, encrypts and says so', async () => {
    const fake = fakeSafeStorage('gnome_libsecret');
    const path = join(dir, 'secrets.json');
    const secrets = createSecretStore({ path, cipher: cipherFromSafeStorage(fake.api, 'linux'), scope: dir });

    await secrets.set('ista', 'TOPSECRET-42');

    expect(await secrets.storage()).toEqual({ backend: 'electron-safe-storage', path });
    expect(await readFile(path, 'utf8')).not.toContain('TOPSECRET-42');
  });
});
