/**
 * Certificate paths: network shares and devices are refused without being opened, every unusable path gets one and
 * the same answer (no telling /etc/shadow from /etc/nope), and a file taken into the data folder is what a
 * connection refers to.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInput } from '@shared/domain/connection';
import { createFileSecretStore } from '@main/services/settings/secret-store';
import { createSettingsStore, type SettingsStore } from '@main/services/settings/settings-store';
import { deserializeSettings } from '@main/services/settings/settings-file';
import { createFileStore } from '@main/app/file-store';
import { takeCertificate } from '@main/app/certificates';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-cert-paths-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const certsDir = () => join(dir, 'zertifikate');
function openStore(): SettingsStore {
  const backend = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings });
  return createSettingsStore({ backend, secrets: createFileSecretStore(join(dir, 'secrets.json')), certificatesDir: certsDir() });
}

const base: ConnectionInput = {
  name: 'Mit Zertifikat',
  mscCode: '40',
  target: { kind: 'url', url: 'https://api.msc.example' },
  profile: 'bved-v1',
  auth: { kind: 'none' },
};
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

async function answerFor(store: SettingsStore, certPath: string): Promise<string> {
  const err = await store.save({ ...base, clientCertificate: { certPath, keyPath: certPath } }).catch((e: unknown) => e);
  if (!(err instanceof Error)) throw new Error(`${certPath} was accepted`);
  return err.message.replace(/^.*: /, '');
}

describe('certificate paths', () => {
  it('answer the same for an existing unreadable file, a missing file and any other file outside the data folder', async () => {
    const store = openStore();
    const answers = new Set(
      await Promise.all(
        ['/etc/shadow', '/etc/nope', '/etc/hostname', join(dir, 'settings.json')].map((p) => answerFor(store, p)),
      ),
    );
    expect([...answers]).toEqual(['Die Zertifikat-Datei lässt sich nicht verwenden. Bitte über „Datei wählen …“ übernehmen.']);
  });

  it.each([
    ['a UNC share', '\\\\server\\share\\c.pem'],
    ['a share written with slashes', '//server/share'],
    ['a Windows device', '\\\\.\\PhysicalDrive0'],
    ['a Windows long-path device', '\\\\?\\C:\\c.pem'],
    ['a Unix device', '/dev/zero'],
  ])('refuses %s without opening it', async (_what, path) => {
    const answer = await answerFor(openStore(), path);
    expect(answer).toBe('darf kein Netzwerk- oder Gerätepfad sein; bitte die Datei über „Datei wählen …“ übernehmen');
  });

  it('takes a picked file into the data folder, readable by this user only, and the connection refers to the copy', async () => {
    const files = createFileStore();
    const cert = files.put('firma.pem', new TextEncoder().encode(PEM));
    const key = files.put('firma.key', new TextEncoder().encode(PEM.replaceAll('CERTIFICATE', 'PRIVATE KEY')));
    const takenCert = await takeCertificate(files, certsDir(), { fileId: cert.id, part: 'cert' });
    const takenKey = await takeCertificate(files, certsDir(), { fileId: key.id, part: 'key' });
    expect(takenCert.path.startsWith(certsDir())).toBe(true);
    expect(await readFile(takenCert.path, 'utf8')).toBe(PEM);
    expect((await stat(takenKey.path)).mode & 0o077).toBe(0);
    const saved = await openStore().save({ ...base, clientCertificate: { certPath: takenCert.path, keyPath: takenKey.path } });
    expect(saved.clientCertificate).toEqual({ certPath: takenCert.path, keyPath: takenKey.path });
    expect(files.get(cert.id)).toBeUndefined();
  });

  it('refuses a file that is no PEM certificate or key', async () => {
    const files = createFileStore();
    const bogus = files.put('shadow', new TextEncoder().encode('root:*:19000:0:99999:7:::\n'));
    await expect(takeCertificate(files, certsDir(), { fileId: bogus.id, part: 'cert' })).rejects.toThrow(/kein Zertifikat/);
    const big = files.put('big.pem', new TextEncoder().encode(PEM + 'A'.repeat(70_000)));
    await expect(takeCertificate(files, certsDir(), { fileId: big.id, part: 'cert' })).rejects.toThrow(/höchstens 64 KB/);
  });
});
