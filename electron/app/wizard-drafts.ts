/**
 * The send-for-matching wizard of each property, in `setup-wizard/<connection>/<billingunit>.json` of the data
 * folder (apart from the workspaces, whose folders only the workspace writes). A damaged file counts as no draft:
 * the wizard starts over, which loses a convenience, never data that was sent.
 */
import { join } from 'node:path';
import { unlink } from 'node:fs/promises';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import { WizardDraft } from '@shared/ipc/channels/setup-wizard';

export type WizardDrafts = {
  get(connectionId: string, billingunit: string): Promise<WizardDraft | null>;
  save(connectionId: string, billingunit: string, draft: WizardDraft | null): Promise<void>;
};

export const WIZARD_FOLDER = 'setup-wizard';

/** Connection ids and billing unit numbers are checked by the contract to be safe as file names. */
export function createWizardDrafts(userDataDir: string): WizardDrafts {
  const pathOf = (connectionId: string, billingunit: string): string =>
    join(userDataDir, WIZARD_FOLDER, connectionId, `${billingunit}.json`);
  // Saves of one property run one after another, so a slow write never lands after a newer one.
  const queues = new Map<string, Promise<unknown>>();
  return {
    async get(connectionId, billingunit) {
      let stored: unknown;
      try {
        stored = await readJsonIfExists(pathOf(connectionId, billingunit));
      } catch {
        return null;
      }
      const parsed = WizardDraft.safeParse(stored);
      return parsed.success ? parsed.data : null;
    },
    save(connectionId, billingunit, draft) {
      const path = pathOf(connectionId, billingunit);
      const next = (queues.get(path) ?? Promise.resolve()).then(() =>
        draft === null
          ? unlink(path).catch((err: unknown) => {
              if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
            })
          : writeJsonAtomic(path, draft),
      );
      queues.set(
        path,
        next.catch(() => undefined),
      );
      return next;
    },
  };
}
