/**
 * Writes a draft's ARGE files into a folder: both files or, on an error, none left half-written; an existing file
 * is never replaced (two exports in the same second get names one second apart, as the standard's names count
 * seconds).
 */
import { access, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeNewFileAtomic } from '@main/lib/atomic-file';
import { exportDraftToArge } from '@shared/arge/export';
import type { ExportIssue } from '@shared/arge/export';
import type { ExportOptions } from '@shared/arge/from-draft';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';

export type WrittenFile = { path: string; name: string; kind: 'M' | 'K'; records: number; bytes: number };
export type ExportToFolder = { ok: true; files: WrittenFile[]; issues: ExportIssue[] } | { ok: false; issues: ExportIssue[] };

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

export async function exportArgeFiles(
  template: Template,
  fill: FilledTemplate,
  opts: ExportOptions,
  folder: string,
  now: Date = new Date(),
): Promise<ExportToFolder> {
  for (let shift = 0; shift < 60; shift++) {
    const at = new Date(now.getTime() + shift * 1000);
    const result = exportDraftToArge(template, fill, opts, at);
    if (!result.ok) return result;
    const taken = await Promise.all(result.files.map((f) => exists(join(folder, f.name))));
    if (taken.some(Boolean)) continue;
    const written: WrittenFile[] = [];
    try {
      for (const f of result.files) {
        const path = join(folder, f.name);
        await writeNewFileAtomic(path, f.bytes);
        written.push({ path, name: f.name, kind: f.kind, records: f.records, bytes: f.bytes.length });
      }
    } catch (err) {
      await Promise.all(written.map((w) => unlink(w.path).catch(() => undefined)));
      throw err;
    }
    return { ok: true, files: written, issues: result.issues };
  }
  throw new Error(`${folder}: für die nächste Minute sind alle ARGE-Dateinamen schon vergeben.`);
}
