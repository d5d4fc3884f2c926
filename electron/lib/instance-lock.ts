/**
 * One running Kostenbrücke per data folder. Two instances on one folder would overwrite each other's drafts,
 * settings and outbox files and run two demo MSCs on one state file, so the second start is refused and told
 * which process holds the folder and how to reach it.
 *
 * The lock is a file created exclusively (`wx`) in the data folder, holding the holder's pid, start time and
 * address. It is stale when that pid no longer runs (`process.kill(pid, 0)`), so a crashed or killed instance
 * never blocks the next start. A pid is reused by the system after a while (a reboot makes that likely), so the
 * lock also records when the operating system started the holder's process (`processStart`, Linux: /proc); a
 * process with that pid but another start is an unrelated one, and the lock is stale. Where the system does not
 * tell (Windows, macOS), the pid alone decides, as it does for locks written before this field. A hand-written lock rather than proper-lockfile: that package judges staleness
 * by an mtime heartbeat (a killed instance blocks restarts until it times out), keeps no holder details for the
 * message, and is not a direct dependency of the app.
 */
import { mkdir, open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isLeftoverTempName, writeJsonAtomic } from '@main/lib/atomic-file';

export const LOCK_FILE = 'kostenbruecke.lock';

export const LockHolder = z.object({
  pid: z.int().positive(),
  startedAt: z.string(),
  mode: z.enum(['browser', 'electron']),
  /** Browser mode: the launch address (with its token; the file is user-only like secrets.json). */
  address: z.string().optional(),
  /** When the operating system started the holder's process (opaque); tells a reused pid from the holder. */
  processStart: z.string().optional(),
});
export type LockHolder = z.infer<typeof LockHolder>;

export type InstanceLock = {
  readonly path: string;
  /** Records where this instance can be reached, once its bridge listens. */
  setAddress(address: string): Promise<void>;
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
};

/** A lock file being written right now is empty for a moment; only an older unreadable one counts as stale. */
const UNREADABLE_GRACE_MS = 2_000;

export class InstanceLockedError extends Error {
  readonly holder: LockHolder;
  readonly dir: string;

  constructor(dir: string, holder: LockHolder) {
    super(lockedMessage(dir, holder));
    this.name = 'InstanceLockedError';
    this.holder = holder;
    this.dir = dir;
  }
}

/** The refusal in German and English: the second start cannot know the clerk's language. */
export function lockedMessage(dir: string, holder: LockHolder): string {
  const pid = String(holder.pid);
  const de =
    holder.mode === 'electron'
      ? `im Desktop-Fenster von Kostenbrücke (Prozess ${pid}). Bitte dort weiterarbeiten oder das Fenster schließen.`
      : `im Browser (Prozess ${pid}) unter ${holder.address ?? '(Adresse noch nicht bekannt)'}. Bitte dort weiterarbeiten oder jene Instanz mit Strg+C beenden.`;
  const en =
    holder.mode === 'electron'
      ? `in the Kostenbrücke desktop window (process ${pid}). Please continue there or close that window.`
      : `in the browser (process ${pid}) at ${holder.address ?? '(address not yet known)'}. Please continue there or stop that instance with Ctrl+C.`;
  return (
    `Kostenbrücke läuft bereits mit dem Datenordner ${dir} (seit ${holder.startedAt}) ${de}\n` +
    `Kostenbrücke is already running on the data folder ${dir} (since ${holder.startedAt}) ${en}`
  );
}

/**
 * The holder's address when it is a browser-mode page on this machine (http on 127.0.0.1, no user part), else
 * undefined. The desktop offers to open only such an address: the lock file is data, not an instruction.
 */
export function loopbackPage(address: string | undefined): string | undefined {
  if (address === undefined || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  const plain = url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.username === '' && url.password === '';
  return plain ? url.href : undefined;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the system started process `pid` (clock ticks since boot, from /proc), or undefined where it cannot tell. */
export type ProcessStart = (pid: number) => Promise<string | undefined>;

export const procStart: ProcessStart = async (pid) => {
  const text = await readFile(`/proc/${String(pid)}/stat`, 'utf8').catch(() => undefined);
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' are plain.
  const rest = text?.slice(text.lastIndexOf(')') + 2).split(' ');
  // Field 22, the start time, is the 20th after the command name.
  return rest?.[19];
};

/** Whether the lock's holder still runs: its pid is alive and, where both are known, started when the lock says. */
async function holderRuns(holder: LockHolder, start: ProcessStart): Promise<boolean> {
  if (!isProcessAlive(holder.pid)) return false;
  if (holder.processStart === undefined) return true;
  const now = await start(holder.pid);
  return now === undefined || now === holder.processStart;
}

/** The live holder of the folder's lock, or undefined if there is none or it is stale. */
export async function lockHolder(dir: string, start: ProcessStart = procStart): Promise<LockHolder | undefined> {
  const found = await readHolder(join(dir, LOCK_FILE), start);
  return found.kind === 'held' ? found.holder : undefined;
}

type Found = { kind: 'none' } | { kind: 'held'; holder: LockHolder } | { kind: 'stale'; text: string };

async function readHolder(path: string, start: ProcessStart): Promise<Found> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    throw err;
  }
  let parsed: LockHolder | undefined;
  try {
    parsed = LockHolder.safeParse(JSON.parse(text)).data;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) {
    const age = await stat(path).then(
      (s) => Date.now() - s.mtimeMs,
      () => Infinity,
    );
    if (age < UNREADABLE_GRACE_MS) return { kind: 'held', holder: { pid: 0, startedAt: '?', mode: 'browser' } };
    return { kind: 'stale', text };
  }
  return (await holderRuns(parsed, start)) ? { kind: 'held', holder: parsed } : { kind: 'stale', text };
}

/**
 * Takes the folder's lock or throws InstanceLockedError naming the holder. Then removes the temp files killed
 * writes left in the folder's root (settings, preferences): with the lock held, none of them can be another
 * running instance's half-written file.
 */
export async function acquireInstanceLock(
  dir: string,
  mode: LockHolder['mode'],
  now: () => Date = () => new Date(),
  start: ProcessStart = procStart,
): Promise<InstanceLock> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const processStart = await start(process.pid);
  let mine: LockHolder = {
    pid: process.pid,
    startedAt: now().toISOString(),
    mode,
    ...(processStart === undefined ? {} : { processStart }),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fh = await open(path, 'wx', 0o600);
      try {
        await fh.writeFile(`${JSON.stringify(mine)}\n`);
        await fh.sync();
      } finally {
        await fh.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const found = await readHolder(path, start);
    if (found.kind === 'held') throw new InstanceLockedError(dir, found.holder);
    if (found.kind === 'stale') await removeIfUnchanged(path, found.text);
  }
  for (const name of await readdir(dir)) {
    if (isLeftoverTempName(name)) await unlink(join(dir, name)).catch(() => undefined);
  }
  return {
    path,
    async setAddress(address) {
      mine = { ...mine, address };
      await writeJsonAtomic(path, mine);
    },
    async release() {
      const found = await readHolder(path, start).catch(() => ({ kind: 'none' }) as const);
      if (found.kind === 'held' && found.holder.pid === mine.pid && found.holder.startedAt === mine.startedAt) {
        await unlink(path).catch(() => undefined);
      }
    },
  };
}

/**
 * Removes a stale lock only if it still holds what was judged stale, so two starts after a crash do not
 * remove each other's fresh lock (one of them then meets the other's lock and is refused).
 */
async function removeIfUnchanged(path: string, text: string): Promise<void> {
  const again = await readFile(path, 'utf8').catch(() => undefined);
  if (again === text) await unlink(path).catch(() => undefined);
}
