/**
 * Issue 19, item 11: a full disk or a read-only folder said "unerwarteter interner Fehler … Support" and left an
 * empty temp file per failed write. The disk is played by a file-system seam (a small tmpfs needs root to mount,
 * and chmod does not stop root, which the CI runs as).
 */
import * as nodeFs from 'node:fs/promises';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useWriteFsForTests, type WriteFs } from '@main/lib/atomic-file';
import { acquireInstanceLock } from '@main/lib/instance-lock';
import { toAppError } from '@main/ipc/errors';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { createFakeSender, createManualClock, tempDir } from '@test/unit/workspace/helpers';
import { filledTemplateExample } from '@test/fixtures/msc-examples';

let dir: string;
let cleanup: () => Promise<void>;
let ws: Workspace | undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  useWriteFsForTests();
  await ws?.close();
  ws = undefined;
  await cleanup();
});

const errno = (code: string, path?: string) => Object.assign(new Error(`${code}: refused`), { code, path });

/** A disk that creates the temp file and then runs out of space writing it, as ENOSPC does. */
const fullDisk: Partial<WriteFs> = {
  open: (async (path: string, flags: string, mode: number) => {
    const fh = await nodeFs.open(path, flags, mode);
    return {
      writeFile: () => Promise.reject(errno('ENOSPC', path)),
      sync: () => fh.sync(),
      close: () => fh.close(),
    };
  }) as unknown as WriteFs['open'],
};
const readOnly: Partial<WriteFs> = {
  open: ((path: string) => Promise.reject(errno('EACCES', path))) as unknown as WriteFs['open'],
};

const key = { billingunit: '100200300', periodTo: '2025-12-31' };

async function openWithDraft(): Promise<Workspace> {
  ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
  await ws.drafts.save({ ...key, content: { currency: 'EUR', note: 'gespeichert' } }, 0);
  return ws;
}

describe('writes the disk refuses', () => {
  it('a full disk is named with the folder, keeps the saved draft, and leaves no temp file', async () => {
    const ws = await openWithDraft();
    useWriteFsForTests(fullDisk);

    const err = await ws.drafts.save({ ...key, content: { currency: 'EUR', note: 'neu' } }, 1).catch((e: unknown) => e);

    const shown = toAppError(err);
    expect(shown).toMatchObject({ code: 'STORAGE', key: 'storage.diskFull', params: { folder: join(dir, 'drafts') } });
    expect(shown.message).toContain(`Der Datenträger ist voll: im Ordner ${join(dir, 'drafts')}`);
    expect((await readdir(join(dir, 'drafts'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(ws.drafts.list()[0]?.revision).toBe(1);
    // Once there is space again, the same save from the same revision goes through.
    useWriteFsForTests();
    await expect(ws.drafts.save({ ...key, content: { currency: 'EUR', note: 'neu' } }, 1)).resolves.toMatchObject({
      revision: 2,
    });
  });

  it('a folder without write permission is named with the folder', async () => {
    const ws = await openWithDraft();
    useWriteFsForTests(readOnly);

    const err = await ws.archive
      .append({
        action: 'VALIDATE',
        ...key,
        request: filledTemplateExample,
        response: { status: 204 },
        result: { kind: 'passed' },
      })
      .catch((e: unknown) => e);

    expect(toAppError(err)).toMatchObject({
      code: 'STORAGE',
      key: 'storage.noPermission',
      params: { folder: join(dir, 'archive') },
    });
  });

  it("a refused write of the settings file's library is named from the error's path", () => {
    const err = errno('EROFS', '/daten/kostenbruecke/settings.json.tmp-1732579200abcdef');

    expect(toAppError(err)).toMatchObject({ key: 'storage.noPermission', params: { folder: '/daten/kostenbruecke' } });
  });

  it('temp files of killed writes in the data folder root are removed at start, which the instance lock makes safe', async () => {
    // Without the lock a starting instance could delete a second running instance's half-written file.
    const leftovers = ['.preferences.json.0a1b2c3d4e5f.tmp', 'settings.json.tmp-1732579200abcdef'];
    for (const name of [...leftovers, 'settings.json']) await writeFile(join(dir, name), '');

    const lock = await acquireInstanceLock(dir, 'browser');

    expect((await readdir(dir)).sort()).toEqual(['kostenbruecke.lock', 'settings.json']);
    await lock.release();
  });
});
