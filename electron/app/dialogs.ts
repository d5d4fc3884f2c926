/**
 * Native open/save dialogs behind a narrow interface, so the handlers stay plain Node: main.ts passes an adapter
 * over Electron's `dialog`; browser mode passes none (the browser's own file picker and download take over).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { appError } from '@shared/domain/app-error';
import type { FileKind, FileRef } from '@shared/ipc/contract';
import { writeFileAtomic } from '@main/lib/atomic-file';
import type { FileStore } from '@main/app/file-store';
import { MAX_FILE_BYTES } from '@main/app/file-store';

export type FileFilter = { name: string; extensions: string[] };
export type Dialogs = {
  showOpen(options: { title: string; filters: FileFilter[] }): Promise<string | null>;
  /** Several files at once (ARGE files with the PDFs beside them); empty when cancelled. */
  showOpenMany?(options: { title: string; filters: FileFilter[] }): Promise<string[]>;
  showSave(options: { title: string; defaultName: string; filters: FileFilter[] }): Promise<string | null>;
};

export const FILTERS: Readonly<Record<FileKind, FileFilter[]>> = {
  excel: [{ name: 'Excel-Arbeitsmappe', extensions: ['xlsx'] }],
  pdf: [{ name: 'PDF-Dokument', extensions: ['pdf'] }],
  certificate: [{ name: 'Zertifikat oder Schlüssel (PEM)', extensions: ['pem', 'crt', 'cer', 'key'] }],
  arge: [{ name: 'ARGE-Datei', extensions: ['dat', 'DAT', 'txt'] }],
};

const OPEN_TITLES: Readonly<Record<FileKind, string>> = {
  excel: 'Excel-Datei öffnen',
  pdf: 'PDF öffnen',
  certificate: 'Zertifikat oder Schlüssel wählen',
  arge: 'ARGE-Datei öffnen',
};

const NO_DIALOGS = 'Im Browser wählen Sie Dateien über das Auswahlfenster des Browsers.';

export function createFileHandlers(files: FileStore, dialogs: Dialogs | undefined) {
  return {
    async open({ kind }: { kind: FileKind }): Promise<FileRef | null> {
      if (!dialogs) throw appError('CANCELLED', { key: 'file.browserPicks' }, NO_DIALOGS);
      const path = await dialogs.showOpen({
        title: OPEN_TITLES[kind],
        filters: FILTERS[kind],
      });
      if (path === null) return null;
      const info = await stat(path);
      if (info.size > MAX_FILE_BYTES)
        throw appError(
          'VALIDATION',
          { key: 'file.tooLarge', params: { megabytes: MAX_FILE_BYTES / 2 ** 20 } },
          'Die Datei ist zu groß (höchstens 50 MB).',
        );
      const stored = files.put(path, new Uint8Array(await readFile(path)));
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
    async save({ fileId }: { fileId: string }): Promise<{ savedTo: string } | null> {
      if (!dialogs) throw appError('CANCELLED', { key: 'file.browserPicks' }, NO_DIALOGS);
      const file = files.get(fileId);
      if (!file)
        throw appError(
          'VALIDATION',
          { key: 'file.goneCreateAgain' },
          'Die Datei ist nicht mehr vorhanden. Bitte erneut erzeugen.',
        );
      const ext = extname(file.name).toLowerCase();
      const kind: FileKind = ext === '.pdf' ? 'pdf' : ext === '.dat' ? 'arge' : 'excel';
      const path = await dialogs.showSave({ title: 'Speichern unter', defaultName: file.name, filters: FILTERS[kind] });
      if (path === null) return null;
      await writeFileAtomic(path, file.bytes);
      return { savedTo: path };
    },
  };
}

/** The part of Electron's `dialog` module the adapter uses, typed structurally to keep this file plain Node. */
export type ElectronDialogLike<W> = {
  showOpenDialog(
    window: W,
    options: { title: string; filters: FileFilter[]; properties: ['openFile'] | ['openFile', 'multiSelections'] },
  ): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(
    window: W,
    options: { title: string; defaultPath: string; filters: FileFilter[] },
  ): Promise<{ canceled: boolean; filePath?: string }>;
};

export function electronDialogs<W>(dialog: ElectronDialogLike<W>, window: () => W): Dialogs {
  return {
    async showOpen({ title, filters }) {
      const r = await dialog.showOpenDialog(window(), { title, filters, properties: ['openFile'] });
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    async showOpenMany({ title, filters }) {
      const r = await dialog.showOpenDialog(window(), { title, filters, properties: ['openFile', 'multiSelections'] });
      return r.canceled ? [] : r.filePaths;
    },
    async showSave({ title, defaultName, filters }) {
      const r = await dialog.showSaveDialog(window(), { title, defaultPath: defaultName, filters });
      return r.canceled || !r.filePath ? null : r.filePath;
    },
  };
}
