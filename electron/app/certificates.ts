/**
 * Client certificates are taken into the data folder: the clerk picks a file (native dialog in the desktop app, an
 * upload in browser mode) and the connection refers to the copy. A typed path would let the app open whatever it
 * names: a network share (on Windows an SMB connection that can hand out the user's NTLM credentials), a device,
 * or a system file whose existence the answer would reveal.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { appError } from '@shared/domain/app-error';
import type { CertificatePart } from '@shared/domain/connection';
import { writeFileAtomic } from '@main/lib/atomic-file';
import type { FileStore } from '@main/app/file-store';

export const CERTIFICATES_FOLDER = 'zertifikate';
/** A PEM certificate chain or key is a few kilobytes; anything much larger is not one. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;

/** Copies a picked or uploaded file into `dir` after checking it is PEM; returns the copy's path. */
export async function takeCertificate(
  files: FileStore,
  dir: string,
  { fileId, part }: { fileId: string; part: CertificatePart },
): Promise<{ path: string; name: string }> {
  const file = files.get(fileId);
  if (!file) throw appError('VALIDATION', { key: 'file.gone' }, 'Die Datei ist nicht mehr vorhanden. Bitte erneut wählen.');
  files.delete(fileId);
  const text = Buffer.from(file.bytes).toString('utf8');
  if (file.bytes.byteLength > MAX_CERTIFICATE_BYTES || !/-----BEGIN [A-Z0-9 ]+-----/.test(text)) {
    throw appError(
      'VALIDATION',
      { key: 'file.notCertificate', params: { kilobytes: MAX_CERTIFICATE_BYTES / 1024 } },
      `Die Datei ist kein Zertifikat oder Schlüssel im PEM-Format (höchstens ${String(MAX_CERTIFICATE_BYTES / 1024)} KB).`,
      {
        reason: 'certificate-invalid',
        field: FIELD_OF[part],
      },
    );
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${part}-${randomUUID()}.pem`);
  await writeFileAtomic(path, file.bytes);
  // A private key is readable by this user only (no-op on Windows, where the profile folder is already private).
  await chmod(path, 0o600).catch(() => undefined);
  return { path, name: file.name };
}

const FIELD_OF: Readonly<Record<CertificatePart, 'certPath' | 'keyPath' | 'caPath'>> = {
  cert: 'certPath',
  key: 'keyPath',
  ca: 'caPath',
};
