/**
 * Picking and saving files the same way in both modes: Electron shows native dialogs (files:open/files:save);
 * the browser uses its own file picker and download, talking to the bridge's upload/download endpoints.
 */
import type { FileKind, FileRef } from '@shared/ipc/contract';
import { api, ApiError, transportKind } from '@renderer/lib/api';
import { downloadFile, uploadFile } from '@renderer/lib/bridge-client';

const ACCEPT: Readonly<Record<FileKind, string>> = {
  excel: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: '.pdf,application/pdf',
  certificate: '.pem,.crt,.cer,.key',
  arge: '.dat,.DAT,.txt',
};

/** The file the clerk chose, known to the main process by id; `null` when the clerk cancels. */
export async function pickFile(kind: FileKind): Promise<FileRef | null> {
  if (transportKind === 'electron') return api['files:open']({ kind });
  const file = await browserPick(kind);
  if (!file) return null;
  const uploaded = await uploadFile(file);
  if (!uploaded.ok) throw new ApiError(uploaded.error);
  return { ...uploaded.value, size: file.size };
}

/** Saves a prepared file (an export): Save-as dialog in Electron, a download in the browser. */
export async function saveFile(file: FileRef): Promise<{ savedTo: string } | null> {
  if (transportKind === 'electron') return api['files:save']({ fileId: file.fileId });
  const downloaded = await downloadFile(file.fileId, file.name);
  if (!downloaded.ok) throw new ApiError(downloaded.error);
  return { savedTo: file.name };
}

/** ARGE files (and the PDFs beside them) the clerk chose, several at once; `null` when the clerk cancels. */
export async function pickArgeFiles(kind: 'results' | 'criteria'): Promise<FileRef[] | null> {
  if (transportKind === 'electron') return api['arge-import:pick']({ kind });
  const files = await browserPickMany(kind === 'results' ? '.dat,.DAT,.txt,.pdf,application/pdf' : '.dat,.DAT,.txt');
  if (files.length === 0) return null;
  const out: FileRef[] = [];
  for (const file of files) {
    const uploaded = await uploadFile(file);
    if (!uploaded.ok) throw new ApiError(uploaded.error);
    out.push({ ...uploaded.value, size: file.size });
  }
  return out;
}

function browserPickMany(accept: string): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.accept = accept;
    input.addEventListener('change', () => {
      resolve([...(input.files ?? [])]);
    });
    input.addEventListener('cancel', () => {
      resolve([]);
    });
    input.click();
  });
}

function browserPick(kind: FileKind): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = ACCEPT[kind];
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
    });
    input.addEventListener('cancel', () => {
      resolve(null);
    });
    input.click();
  });
}
