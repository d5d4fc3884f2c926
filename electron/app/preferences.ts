/** The clerk's preferences in `preferences.json` of the data folder; a damaged file falls back to the defaults. */
import { join } from 'node:path';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import { DEFAULT_PREFERENCES, Preferences } from '@shared/ipc/channels/preferences';

export type PreferencesStore = {
  get(): Promise<Preferences>;
  update(change: Partial<Preferences>): Promise<Preferences>;
};

export function createPreferencesStore(userDataDir: string): PreferencesStore {
  const path = join(userDataDir, 'preferences.json');
  let queue: Promise<unknown> = Promise.resolve();

  async function get(): Promise<Preferences> {
    let stored: unknown;
    try {
      stored = await readJsonIfExists(path);
    } catch {
      stored = undefined;
    }
    const parsed = Preferences.safeParse(stored);
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  }

  // Updates run one after another so two quick changes never overwrite each other.
  function update(change: Partial<Preferences>): Promise<Preferences> {
    const next = queue.then(async () => {
      const merged = Preferences.parse({ ...(await get()), ...change });
      await writeJsonAtomic(path, merged);
      return merged;
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return { get, update };
}
