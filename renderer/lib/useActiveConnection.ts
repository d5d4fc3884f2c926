/**
 * The connection the screens work on. There is no channel for the stored choice yet, so the choice lives for
 * this window and is shared by every page: the demo connection when there is one, otherwise the first.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Connection } from '@shared/domain/connection';
import { api, errorMessage } from '@renderer/lib/api';

const DEMO_ID = 'demo';

let chosenId: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function choose(id: string): void {
  chosenId = id;
  for (const listener of listeners) listener();
}

export type ActiveConnection =
  | { state: 'loading' }
  | { state: 'error'; message: string; reload: () => void }
  | { state: 'none' }
  | { state: 'ready'; connection: Connection; connections: Connection[]; select: (id: string) => void };

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; connections: Connection[] };

export function useActiveConnection(): ActiveConnection {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const chosen = useSyncExternalStore(subscribe, () => chosenId);

  const load = useCallback(() => {
    let live = true;
    api['connections:list']().then(
      (connections) => {
        if (live) setLoaded({ state: 'ready', connections });
      },
      (err: unknown) => {
        if (live) setLoaded({ state: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(load, [load]);

  if (loaded.state === 'loading') return loaded;
  if (loaded.state === 'error') return { ...loaded, reload: () => void load() };
  const { connections } = loaded;
  const connection = connections.find((c) => c.id === chosen) ?? connections.find((c) => c.id === DEMO_ID) ?? connections[0];
  if (!connection) return { state: 'none' };
  return { state: 'ready', connection, connections, select: choose };
}
