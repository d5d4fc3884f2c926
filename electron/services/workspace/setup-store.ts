/**
 * Where the tracked setups (setup-watcher.ts) are kept, apart from how they are polled. Two engines, like the
 * outbox's: the data folder (one file per billing unit, one instance per folder, below) and the team database
 * (services/team/pg-setups.ts), where every desk shows the same matching state and one desk at a time polls a setup.
 */
import { join } from 'node:path';
import { TrackedSetup } from '@shared/domain/workspace';
import { writeJsonAtomic } from '@main/lib/atomic-file';
import { createKeyedSerial } from '@main/lib/keyed-serial';
import type { Clock } from '@main/services/workspace/clock';
import { createListeners } from '@main/services/workspace/events';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';

/** `foreign`: another desk's change, learnt from the database; `previous`: the stand this desk knew before. */
export type SetupChange = { setup: TrackedSetup; previous: TrackedSetup | undefined; foreign: boolean };

export type SetupStore = {
  /** Setups as this desk knows them: its own writes at once, other desks' as they are announced. */
  list: () => TrackedSetup[];
  get: (billingunit: string) => TrackedSetup | undefined;
  /**
   * Changes one billing unit's setup from its current stand (locked while `change` runs, so a desk's late poll never
   * writes over a newer setup another desk tracked). `change` returns the new stand or undefined for no change.
   */
  update: (
    billingunit: string,
    change: (current: TrackedSetup | undefined) => TrackedSetup | undefined,
  ) => Promise<TrackedSetup | undefined>;
  /**
   * Whether this desk may poll the setup now: true unless another desk polls it (its turn holds for `forMs`), so two
   * desks never both ask the MSC for one setup's matching.
   */
  takeTurn: (billingunit: string, forMs: number) => Promise<boolean>;
  /** Every change this desk learns of, its own and other desks'. Returns the unsubscribe function. */
  subscribe: (listener: (change: SetupChange) => void) => () => void;
  where: (billingunit: string) => string;
  close: () => Promise<void>;
};

export type SetupStoreContext = { dir: string; clock: Clock; files: FileContext };
export type OpenSetupStore = (context: SetupStoreContext) => Promise<SetupStore>;

/** The data folder's engine: `<dir>/<billingunit>.json`; this process is the folder's only writer and poller. */
export const openFolderSetupStore: OpenSetupStore = async ({ dir, files }) => {
  const setups = await loadJsonDir(dir, TrackedSetup, files, (name, s) =>
    name === s.billingunit ? undefined : `Dateiname passt nicht zu Liegenschaft ${s.billingunit}`,
  );
  const changes = createListeners<SetupChange>();
  const serial = createKeyedSerial();
  const fileOf = (billingunit: string) => join(dir, `${billingunit}.json`);
  return {
    list: () => [...setups.values()],
    get: (bu) => setups.get(bu),
    update: (bu, change) =>
      serial(bu, async () => {
        const previous = setups.get(bu);
        const next = change(previous);
        if (next === undefined) return undefined;
        await writeJsonAtomic(fileOf(bu), next);
        setups.set(bu, next);
        changes.emit({ setup: next, previous, foreign: false });
        return next;
      }),
    takeTurn: () => Promise.resolve(true),
    subscribe: changes.subscribe,
    where: fileOf,
    close: () => Promise.resolve(),
  };
};
