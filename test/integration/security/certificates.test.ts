/**
 * Through the IPC gate as the renderer calls it: a certificate uploaded (browser mode) or picked (desktop) is taken
 * into the data folder and the connection refers to the copy; typed paths outside it all get the same answer.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGateApp } from '@test/support/gate-app';

const app = useGateApp('kb-certificates-');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const base = {
  name: 'Mit Zertifikat',
  mscCode: '40',
  target: { kind: 'url', url: 'https://api.msc.example' },
  profile: 'bved-v1',
  auth: { kind: 'none' },
} as const;

describe('client certificates over the gate', () => {
  it('give one answer for every unusable path', async () => {
    const answers = await Promise.all(
      ['/etc/shadow', '/etc/nope', '\\\\server\\share\\c.pem', '//server/share', '\\\\.\\pipe\\x', '/dev/sda'].map((certPath) =>
        app.call('connections:save', { ...base, clientCertificate: { certPath, keyPath: certPath } }).then(
          () => 'accepted',
          (err: unknown) => (err instanceof Error ? err.message : String(err)),
        ),
      ),
    );
    expect(answers[0]).toBe(answers[1]);
    expect(answers.every((a) => a.startsWith('connections:save: VALIDATION') && /Datei wählen/.test(a))).toBe(true);
  });

  it('take an uploaded file into the data folder, and the connection refers to the copy', async () => {
    const { dataDir } = await app.call('app:info', undefined);
    const uploaded = app.context.files.put('firma.pem', new TextEncoder().encode(PEM));
    const key = app.context.files.put('firma.key', new TextEncoder().encode(PEM.replaceAll('CERTIFICATE', 'PRIVATE KEY')));
    const cert = await app.call('connections:take-certificate', { fileId: uploaded.id, part: 'cert' });
    const taken = await app.call('connections:take-certificate', { fileId: key.id, part: 'key' });
    expect(cert.path.startsWith(join(dataDir, 'zertifikate'))).toBe(true);
    const saved = await app.call('connections:save', {
      ...base,
      clientCertificate: { certPath: cert.path, keyPath: taken.path },
    });
    expect(saved.clientCertificate?.certPath).toBe(cert.path);
  });
});
