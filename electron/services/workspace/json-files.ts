/**
 * Reading the workspace's JSON files defensively: a file that does not parse or does not fit its
 * schema is moved aside to `<name>.corrupt-<timestamp>` and reported; the rest keeps working.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join, basename } from 'node:path';
import type { z } from 'zod';
import { describeIssues } from '@shared/msc/primitives';
import type { WorkspaceProblem } from '@shared/domain/workspace';
import { isAtomicTempName, moveAsideCorrupt, readJsonIfExists } from '@main/lib/atomic-file';
import { isoNow, type Clock } from '@main/services/workspace/clock';

export type FileContext = { clock: Clock; report: (problem: WorkspaceProblem) => void };

/** Extra check beyond the schema, e.g. that the file name matches the id inside; returns why it fails. */
export type Consistency<T> = (name: string, value: T) => string | undefined;

/** Reads and validates one file; undefined if it is missing or was set aside as corrupt. */
export async function readValidated<T>(
  path: string,
  schema: z.ZodType<T>,
  ctx: FileContext,
  check?: Consistency<T>,
): Promise<T | undefined> {
  let raw: unknown;
  try {
    raw = await readJsonIfExists(path);
  } catch (err) {
    if (err instanceof SyntaxError) await setAside(path, 'kein gültiges JSON', ctx);
    else {
      // Not readable (permissions, a folder under a file's name): leave it where it is, but say so.
      const why = (err as NodeJS.ErrnoException).code ?? String(err);
      ctx.report({
        file: path,
        message: `Die Datei ${basename(path)} ist nicht lesbar (${why}) und wird übergangen.`,
        at: isoNow(ctx.clock),
      });
    }
    return undefined;
  }
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    await setAside(path, describeIssues(parsed.error).slice(0, 3).join('; '), ctx);
    return undefined;
  }
  const mismatch = check?.(basename(path, '.json'), parsed.data);
  if (mismatch !== undefined) {
    await setAside(path, mismatch, ctx);
    return undefined;
  }
  return parsed.data;
}

/**
 * Loads every `<name>.json` of a folder (creating it if missing). Temp files left by a crash mid-write
 * are deleted: the atomic rename never happened, so they hold nothing that was ever acknowledged.
 */
export async function loadJsonDir<T>(
  dir: string,
  schema: z.ZodType<T>,
  ctx: FileContext,
  check?: Consistency<T>,
): Promise<Map<string, T>> {
  await mkdir(dir, { recursive: true });
  const out = new Map<string, T>();
  for (const name of (await readdir(dir)).sort()) {
    if (isAtomicTempName(name)) {
      await unlink(join(dir, name)).catch(() => undefined);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const value = await readValidated(join(dir, name), schema, ctx, check);
    if (value !== undefined) out.set(name.slice(0, -'.json'.length), value);
  }
  return out;
}

export async function setAside(path: string, why: string, ctx: FileContext): Promise<void> {
  const at = ctx.clock.now();
  const movedTo = await moveAsideCorrupt(path, new Date(at));
  const where = movedTo === undefined ? '' : ` und wurde nach ${basename(movedTo)} verschoben`;
  ctx.report({
    file: path,
    movedTo,
    message: `Die Datei ${basename(path)} ist beschädigt (${why})${where}; alles andere bleibt nutzbar.`,
    key: 'damaged',
    params: { file: basename(path) },
    at: isoNow(ctx.clock),
  });
}
