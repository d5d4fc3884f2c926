import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileHandlers } from '@main/app/dialogs';
import type { Dialogs } from '@main/app/dialogs';
import { createFileStore } from '@main/app/file-store';
import { tempDir } from '@test/unit/ipc/helpers';

/** Dialogs that answer with fixed paths, recording what they were asked. */
function answering(openPath: string | null, savePath: string | null) {
  const asked: string[] = [];
  const dialogs: Dialogs = {
    showOpen: ({ filters }) => {
      asked.push(`open ${filters.map((f) => f.extensions.join()).join()}`);
      return Promise.resolve(openPath);
    },
    showSave: ({ defaultName }) => {
      asked.push(`save ${defaultName}`);
      return Promise.resolve(savePath);
    },
  };
  return { dialogs, asked };
}

describe('file dialogs', () => {
  it('read the picked workbook into the file store and write a prepared file where the clerk chose', async () => {
    const dir = await tempDir('kb-dialogs-');
    await writeFile(join(dir, 'Heizkosten.xlsx'), 'PK-bytes');
    const files = createFileStore();
    const { dialogs, asked } = answering(join(dir, 'Heizkosten.xlsx'), join(dir, 'Ziel', 'Bericht.pdf'));
    const handlers = createFileHandlers(files, dialogs);

    const picked = await handlers.open({ kind: 'excel' });
    expect(picked).toMatchObject({ name: 'Heizkosten.xlsx', size: 8 });
    const report = files.put('Prüfbericht.pdf', new TextEncoder().encode('%PDF-1.7'));
    expect(await handlers.save({ fileId: report.id })).toEqual({ savedTo: join(dir, 'Ziel', 'Bericht.pdf') });
    expect(await readFile(join(dir, 'Ziel', 'Bericht.pdf'), 'utf8')).toBe('%PDF-1.7');
    expect(asked).toEqual(['open xlsx', 'save Prüfbericht.pdf']);
  });

  it('answer null when the clerk cancels, and refuse without dialogs (browser mode)', async () => {
    const files = createFileStore();
    const { dialogs } = answering(null, null);
    expect(await createFileHandlers(files, dialogs).open({ kind: 'excel' })).toBeNull();
    const stored = files.put('x.xlsx', new Uint8Array([1]));
    expect(await createFileHandlers(files, dialogs).save({ fileId: stored.id })).toBeNull();
    await expect(createFileHandlers(files, undefined).open({ kind: 'excel' })).rejects.toMatchObject({
      appError: { code: 'CANCELLED' },
    });
  });

  it('keep only a bounded number of files and clean their names', () => {
    const files = createFileStore({ maxFiles: 2 });
    const a = files.put('../../etc/passwd', new Uint8Array([1]));
    files.put('b.xlsx', new Uint8Array([2]));
    files.put('c\u0007.xlsx', new Uint8Array([3]));
    expect(a.name).toBe('passwd');
    expect(files.get(a.id)).toBeUndefined();
    expect(files.put('..', new Uint8Array()).name).toBe('datei');
  });
});
