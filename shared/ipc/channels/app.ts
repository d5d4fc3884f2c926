/** App-level channels: who am I, and native file dialogs (Electron only; browser mode uploads and downloads). */
import { z } from 'zod';
import { channel, FileRef } from '@shared/ipc/channel';
import { StorageProblem } from '@shared/domain/storage-problem';
import { SecretStorage } from '@shared/domain/connection';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['electron', 'browser']),
  /** The data folder: settings, drafts, archive. */
  dataDir: z.string(),
  /** Where connection secrets go, chosen at start (see electron/services/settings/secret-backends.ts). */
  secretStorage: SecretStorage,
});
export type AppInfo = z.infer<typeof AppInfo>;

export const FileKind = z.enum(['excel', 'pdf', 'certificate', 'arge']);
export type FileKind = z.infer<typeof FileKind>;

export const appChannels = {
  'app:info': channel(z.void(), AppInfo),
  /** Damaged files found since the start, so the clerk learns that something was set aside. */
  'app:problems': channel(z.void(), z.array(StorageProblem)),
  /** Native open dialog; `null` when the clerk cancels. */
  'files:open': channel(z.object({ kind: FileKind }).strict(), FileRef.nullable()),
  /** Native save dialog for a prepared file; `null` when cancelled. */
  'files:save': channel(z.object({ fileId: z.string().min(1) }).strict(), z.object({ savedTo: z.string() }).nullable()),
} as const;
