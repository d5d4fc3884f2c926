/**
 * Crash-safe file writes: write a temp file beside the target, fsync it, rename it over the target,
 * then fsync the folder. A crash at any point leaves either the old or the new content, never a torn file.
 */
import * as nodeFs from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { storageFailure } from '@main/lib/storage-error';

/** The file-system calls the writes use; tests swap them to play a full disk or a read-only folder. */
export type WriteFs = Pick<typeof nodeFs, 'open' | 'rename' | 'mkdir' | 'unlink' | 'link' | 'access'>;
let fs: WriteFs = nodeFs;

/** Test seam: writes go through `replacement` until called again without one (a full disk needs root to mount). */
export function useWriteFsForTests(replacement?: Partial<WriteFs>): void {
  fs = { ...nodeFs, ...replacement };
}

/** Writes `data` to a fresh temp file beside `path` and fsyncs it; returns the temp file's path. */
async function writeSyncedTemp(path: string, data: string | Uint8Array, flags: 'w' | 'wx'): Promise<string> {
  const dir = dirname(path);
  await fs.mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fh = await fs.open(tmp, flags, 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (err) {
    // A full disk leaves the temp file empty or cut short; it holds nothing anyone acknowledged.
    await fh.close().catch(() => undefined);
    await fs.unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fh.close();
  return tmp;
}

/** Runs a write; a full disk or missing permission becomes the named STORAGE error for the target's folder. */
async function named<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw storageFailure(err, dirname(path)) ?? err;
  }
}

export function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return named(path, async () => {
    const tmp = await writeSyncedTemp(path, data, 'w');
    try {
      await fs.rename(tmp, path);
    } catch (err) {
      await fs.unlink(tmp).catch(() => undefined);
      throw err;
    }
    await syncDir(dirname(path));
  });
}

/** Writes JSON atomically, pretty-printed so a support engineer can read it. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Reads JSON; `undefined` when the file does not exist. Parse errors are thrown to the caller. */
export async function readJsonIfExists(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return JSON.parse(text) as unknown;
}

/**
 * Like writeFileAtomic, but never replaces an existing file: fails with EEXIST instead.
 * A hard link publishes the fsynced temp file under its final name in one step (append-only archives).
 */
export function writeNewFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return named(path, async () => {
    const tmp = await writeSyncedTemp(path, data, 'wx');
    try {
      await publishWithoutReplacing(tmp, path);
    } finally {
      await fs.unlink(tmp).catch(() => undefined);
    }
    await syncDir(dirname(path));
  });
}

/** Gives `from` the additional name `to` unless `to` exists (EEXIST); `from` stays. */
async function publishWithoutReplacing(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    // File systems without hard links (FAT, some shares): check, then rename; the single writer makes the gap harmless.
    const exists = await fs.access(to).then(
      () => true,
      () => false,
    );
    if (exists) throw Object.assign(new Error(`EEXIST: ${to}`), { code: 'EEXIST' });
    await fs.rename(from, to);
  }
}

/** True for the temp files writeFileAtomic leaves behind when a process dies mid-write. */
export function isAtomicTempName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** Also the settings file library's (`settings.json.tmp-<10 digits><6 hex>`, from the `atomically` package). */
export function isLeftoverTempName(name: string): boolean {
  return isAtomicTempName(name) || /\.tmp-\d{10}[0-9a-f]{6}$/.test(name);
}

/**
 * Moves a file that cannot be used to `<name>.corrupt-<timestamp>` beside it, so nothing is lost and
 * the next start does not trip over it again. Returns the new path, or undefined if the file is gone.
 */
export async function moveAsideCorrupt(path: string, at: Date = new Date()): Promise<string | undefined> {
  const base = `${path}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
  for (let n = 0; ; n++) {
    const target = n === 0 ? base : `${base}-${String(n)}`;
    try {
      await publishWithoutReplacing(path, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code === 'ENOENT') return undefined;
      throw err;
    }
    await fs.unlink(path).catch(() => undefined);
    await syncDir(dirname(path));
    return target;
  }
}

async function syncDir(dir: string): Promise<void> {
  // Directory fsync makes the rename durable on Linux; Windows cannot open folders for it, which is harmless.
  try {
    const fh = await fs.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* not supported on this platform */
  }
}
