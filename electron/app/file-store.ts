/**
 * Files in flight between the clerk's disk and the services, keyed by random ids. In Electron a native dialog
 * fills it; in browser mode the bridge's upload endpoint does. Exports land here until saved or downloaded.
 * Kept in memory and bounded: these are single workbooks and PDFs, not archives.
 */
import { randomUUID } from 'node:crypto';

export type StoredFile = { id: string; name: string; bytes: Uint8Array; createdAt: number };

export type FileStore = {
  put(name: string, bytes: Uint8Array): StoredFile;
  get(id: string): StoredFile | undefined;
  delete(id: string): void;
};

export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * An ARGE result import brings the D, E835 and E898 files with every tenant's PDF (docs/arge.md), hundreds of small
 * files at once; the byte budget, not the count, is what bounds memory.
 */
export function createFileStore(options: { maxFiles?: number; maxBytes?: number; now?: () => number } = {}): FileStore {
  const maxFiles = options.maxFiles ?? 600;
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const files = new Map<string, StoredFile>();
  return {
    put(name, bytes) {
      const file: StoredFile = { id: randomUUID(), name: safeName(name), bytes, createdAt: now() };
      files.set(file.id, file);
      // Map keeps insertion order, so the first key is the oldest file.
      const total = () => [...files.values()].reduce((a, f) => a + f.bytes.byteLength, 0);
      while (files.size > maxFiles || (files.size > 1 && total() > maxBytes)) {
        const oldest = files.keys().next().value;
        if (oldest === undefined) break;
        files.delete(oldest);
      }
      return file;
    },
    get: (id) => files.get(id),
    delete: (id) => {
      files.delete(id);
    },
  };
}

/** Keeps only the last path segment of a name and drops control characters. */
export function safeName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last.replace(/\p{Cc}/gu, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'datei' : cleaned.slice(0, 200);
}
