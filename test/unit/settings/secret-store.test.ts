import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedSecretStore, createFileSecretStore, type SecretCipher } from '@main/services/settings/secret-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Stands in for Electron's safeStorage: real AES-GCM with a key only this "machine" knows. */
function testCipher(key = randomBytes(32)): SecretCipher {
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

describe('file secret store', () => {
  it('keeps secrets across instances in a file only the user can read', async () => {
    const path = join(dir, 'secrets.json');
    const store = createFileSecretStore(path);
    await store.set('a', 's3cret-ä');
    await store.set('b', 'other');
    await store.delete('b');
    expect(await createFileSecretStore(path).get('a')).toBe('s3cret-ä');
    expect(await createFileSecretStore(path).get('b')).toBeUndefined();
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')('sets a readable-by-others file back to 0600 when loading it', async () => {
    const path = join(dir, 'secrets.json');
    await createFileSecretStore(path).set('a', 'x');
    await chmod(path, 0o644);
    expect(await createFileSecretStore(path).get('a')).toBe('x');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('sets a damaged file aside, reports it and starts empty', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, '{"version":1,');
    const store = createFileSecretStore(path);
    expect(await store.get('a')).toBeUndefined();
    expect(store.problems?.()[0]?.message).toContain('Die Secret-Datei ist beschädigt (kein gültiges JSON)');
    expect((await readdir(dir)).filter((n) => n.startsWith('secrets.json.corrupt-'))).toHaveLength(1);
    await store.set('a', 'neu');
    expect(await createFileSecretStore(path).get('a')).toBe('neu');
  });
});

describe('encrypted secret store', () => {
  it('stores only ciphertext and decrypts with the same cipher', async () => {
    const path = join(dir, 'secrets.bin.json');
    const cipher = testCipher();
    await createEncryptedSecretStore(path, cipher).set('demo', 'demo-secret-klartext');
    expect(await readFile(path, 'utf8')).not.toContain('demo-secret-klartext');
    expect(await createEncryptedSecretStore(path, cipher).get('demo')).toBe('demo-secret-klartext');
  });

  it('reports a secret it cannot decrypt instead of failing', async () => {
    const path = join(dir, 'secrets.bin.json');
    await createEncryptedSecretStore(path, testCipher()).set('x', 'geheim');
    const other = createEncryptedSecretStore(path, testCipher());
    expect(await other.get('x')).toBeUndefined();
    expect(other.problems?.()[0]?.message).toContain('lässt sich nicht entschlüsseln');
  });

  it('reads a plain entry browser mode wrote and encrypts it on convert', async () => {
    const path = join(dir, 'secrets.json');
    await createFileSecretStore(path).set('x', 'klar');
    const store = createEncryptedSecretStore(path, testCipher());

    expect(await store.get('x')).toBe('klar');
    expect(await store.convert()).toEqual([]);

    expect(await readFile(path, 'utf8')).not.toContain('klar');
    expect(await store.get('x')).toBe('klar');
    expect(store.problems?.()).toEqual([]);
  });

  it('still reads the version 1 file, with one encoding for all entries', async () => {
    const path = join(dir, 'secrets.json');
    const cipher = testCipher();
    const sealed = cipher.encrypt('alt-geheim').toString('base64');
    await writeFile(path, JSON.stringify({ version: 1, encoding: 'encrypted', secrets: { a: sealed } }));

    expect(await createEncryptedSecretStore(path, cipher).get('a')).toBe('alt-geheim');
  });
});

describe('a secrets file used without the cipher its entries were encrypted with', () => {
  it('leaves the encrypted entries untouched and says why each is missing', async () => {
    const path = join(dir, 'secrets.json');
    const cipher = testCipher();
    await createEncryptedSecretStore(path, cipher).set('desktop', 'vom-desktop');
    const before = await readFile(path, 'utf8');
    const browser = createFileSecretStore(path);

    expect(await browser.get('desktop')).toBeUndefined();
    expect(await browser.lossOf('desktop')).toBe('desktop-encrypted');
    expect(await browser.lossOf('nie-gespeichert')).toBe('missing');
    expect(await browser.convert()).toEqual(['desktop']);
    expect(await readFile(path, 'utf8')).toBe(before);

    await browser.set('neu', 'im-browser');

    expect(await createEncryptedSecretStore(path, cipher).get('desktop')).toBe('vom-desktop');
    expect(await createFileSecretStore(path).get('neu')).toBe('im-browser');
    expect(browser.problems?.()).toEqual([]);
    expect((await readdir(dir)).filter((n) => n !== 'secrets.json')).toEqual([]);
  });

  it('calls an entry another key encrypted undecryptable, reports it once and keeps it', async () => {
    const path = join(dir, 'secrets.json');
    await createEncryptedSecretStore(path, testCipher()).set('x', 'geheim');
    const other = createEncryptedSecretStore(path, testCipher());

    expect(await other.get('x')).toBeUndefined();
    expect(await other.get('x')).toBeUndefined();

    expect(await other.lossOf('x')).toBe('undecryptable');
    expect(other.problems?.()).toHaveLength(1);
    expect(await other.convert()).toEqual([]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ secrets: { x: { encoding: 'encrypted' } } });
  });
});
