/**
 * The clerk's preferences in `preferences.json` of the data folder. A damaged file is set aside (not silently
 * overwritten with the defaults) and reported among the storage problems; the defaults apply until the clerk
 * chooses again.
 */
import { join } from 'node:path';
import { moveAsideCorrupt, readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import { DEFAULT_PREFERENCES, Preferences } from '@shared/ipc/channels/preferences';
import type { StorageProblem } from '@shared/domain/storage-problem';

export type PreferencesStore = {
  get(): Promise<Preferences>;
  update(change: Partial<Preferences>): Promise<Preferences>;
  /** The damaged preferences file set aside, if any. */
  problems(): readonly StorageProblem[];
};

// One store per data folder: the desktop shell and the handlers both read it, and the problem must be seen by both.
const stores = new Map<string, PreferencesStore>();

export function createPreferencesStore(userDataDir: string): PreferencesStore {
  const path = join(userDataDir, 'preferences.json');
  const existing = stores.get(path);
  if (existing) return existing;
  const problems: StorageProblem[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<Preferences> {
    let stored: unknown;
    try {
      stored = await readJsonIfExists(path);
    } catch (err) {
      if (!(err instanceof SyntaxError)) return DEFAULT_PREFERENCES;
      stored = err;
    }
    if (stored === undefined) return DEFAULT_PREFERENCES;
    const parsed = Preferences.safeParse(stored);
    if (parsed.success) return parsed.data;
    const at = new Date();
    const movedTo = await moveAsideCorrupt(path, at);
    if (movedTo !== undefined) {
      problems.push({
        file: path,
        movedTo,
        message: `Die Datei mit Ihren Voreinstellungen (Sprache, Ansicht) war beschädigt und wurde beiseitegelegt; bis Sie sie neu wählen, gelten die Standardwerte.`,
        key: 'preferences',
        params: { movedTo },
        at: at.toISOString(),
      });
    }
    return DEFAULT_PREFERENCES;
  }

  // Reads and updates run one after another: two quick changes never overwrite each other, and a damaged file
  // is set aside once.
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  const store: PreferencesStore = {
    get: () => serial(read),
    update: (change) =>
      serial(async () => {
        const merged = Preferences.parse({ ...(await read()), ...change });
        await writeJsonAtomic(path, merged);
        return merged;
      }),
    problems: () => [...problems],
  };
  stores.set(path, store);
  return store;
}
