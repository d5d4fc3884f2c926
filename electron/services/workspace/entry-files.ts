/**
 * The append-only store under the billing archive and the OSR log: one JSON file per entry, never overwritten. An
 * entry's file name carries its time, sequence number and summary fields, so opening and listing read no content.
 * Leftover temp files of a crash are removed; a file whose name is not ours is set aside with a report.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { isAtomicTempName, writeNewFileAtomic } from '@main/lib/atomic-file';
import { readValidated, setAside, type FileContext } from '@main/services/workspace/json-files';

type Summary = { id: string; seq: number };

export type EntryFiles<S extends Summary, E extends { id: string }> = {
  /** Writes the entry `build` makes for a sequence number; a name another writer took is retried with the next. */
  add: (build: (seq: number) => E) => Promise<S>;
  /** Summaries, oldest first. */
  list: () => S[];
  read: (id: string) => Promise<E | undefined>;
  /**
   * Settles once every entry present at opening has been read in the background: a damaged one is set aside and
   * reported then, not only when the clerk opens it.
   */
  checked: Promise<void>;
};

export type EntryFilesOptions<S extends Summary, E extends { id: string }> = {
  dir: string;
  files: FileContext;
  schema: z.ZodType<E>;
  /** The summary a file name stands for, or undefined when the name is not one of ours. */
  parseName: (id: string) => S | undefined;
  summarize: (entry: E) => S;
  /** Why a stray file was set aside, in the clerk's words. */
  strayReason: string;
};

export async function openEntryFiles<S extends Summary, E extends { id: string }>(
  options: EntryFilesOptions<S, E>,
): Promise<EntryFiles<S, E>> {
  const { dir, files, schema } = options;
  await mkdir(dir, { recursive: true });
  const index = new Map<string, S>();
  for (const name of await readdir(dir)) {
    if (isAtomicTempName(name)) {
      await unlink(join(dir, name)).catch(() => undefined);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const summary = options.parseName(name.slice(0, -'.json'.length));
    if (summary) index.set(summary.id, summary);
    else await setAside(join(dir, name), options.strayReason, files);
  }
  let nextSeq = Math.max(0, ...[...index.values()].map((s) => s.seq)) + 1;

  async function read(id: string): Promise<E | undefined> {
    if (!index.has(id)) return undefined;
    const entry = await readValidated(join(dir, `${id}.json`), schema, files, (name, e) =>
      name === e.id ? undefined : `Dateiname passt nicht zur ID ${e.id}`,
    );
    if (!entry) index.delete(id);
    return entry;
  }

  // One entry after the other, so a large archive does not hold up the app's start or flood the disk.
  const checked = (async () => {
    for (const id of [...index.keys()]) await read(id);
  })().catch(() => undefined);

  return {
    async add(build) {
      for (;;) {
        const entry = build(nextSeq++);
        try {
          await writeNewFileAtomic(join(dir, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
        } catch (err) {
          // Another writer took this name: take the next sequence number, never overwrite.
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        const summary = options.summarize(entry);
        index.set(summary.id, summary);
        return summary;
      }
    },
    list: () => [...index.values()].sort((a, b) => a.seq - b.seq),
    read,
    checked,
  };
}

/** `2025-01-31T10:15:00.123Z` → `20250131T101500123Z`: sortable and valid on every file system. */
export function compactTime(iso: string): string {
  return iso.replace(/[-:.]/g, '');
}

/** The ISO time back from its compact form in a file name. */
export function isoTime(ts: string): string {
  return `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(9, 11)}:${ts.slice(11, 13)}:${ts.slice(13, 15)}.${ts.slice(15, 18)}Z`;
}
