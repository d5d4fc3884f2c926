/**
 * The tenants' statements as one ZIP: stored, not compressed (PDFs are compressed already), built with the same
 * writer as our workbooks (`storedZip`), names in UTF-8 so tenants' names with umlauts stay as they are.
 */
import { storedZip } from '@main/services/excel/zip-parts';

export type ZipFile = { name: string; data: Uint8Array };

export function buildZip(files: readonly ZipFile[]): Buffer {
  return Buffer.concat(storedZip(files.map((f) => ({ name: f.name, bytes: Buffer.from(f.data) }))));
}

/** A file name from a tenant's name and numbers: letters (any script), digits, space, dot, dash; at most 120. */
export function fileNameOf(parts: readonly (string | undefined)[], ext: string): string {
  const base = parts
    .filter((p): p is string => p !== undefined && p.trim() !== '')
    .join(' ')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base === '' ? 'Dokument' : base}.${ext}`;
}
