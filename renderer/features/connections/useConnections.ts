import { useCallback, useEffect, useState } from 'react';
import type { Connection, ConnectionInput } from '@shared/domain/connection';
import type { ConnectionHealth } from '@shared/ipc/contract';
import { api, errorMessage, onEvent } from '@renderer/lib/api';

export type HealthView = { state: 'unknown' } | { state: 'checking' } | ConnectionHealth;

export type ConnectionsState =
  { state: 'loading' } | { state: 'ready'; connections: Connection[] } | { state: 'error'; message: string };

/** The connection list with the live health of each connection; checks all on load and after each save. */
export function useConnections() {
  const [list, setList] = useState<ConnectionsState>({ state: 'loading' });
  const [health, setHealth] = useState<Readonly<Record<string, HealthView>>>({});

  const check = useCallback(async (id: string) => {
    setHealth((h) => ({ ...h, [id]: { state: 'checking' } }));
    try {
      const result = await api['connections:check']({ id });
      setHealth((h) => ({ ...h, [id]: result }));
    } catch (err) {
      const failed: HealthView = {
        state: 'error',
        checkedAt: new Date().toISOString(),
        error: { code: 'INTERNAL', message: errorMessage(err) },
      };
      setHealth((h) => ({ ...h, [id]: failed }));
    }
  }, []);

  const reload = useCallback(async () => {
    try {
      setList({ state: 'ready', connections: await api['connections:list']() });
    } catch (err) {
      setList({ state: 'error', message: errorMessage(err) });
    }
  }, []);

  useEffect(() => {
    let live = true;
    api['connections:list']().then(
      (connections) => {
        if (!live) return;
        setList({ state: 'ready', connections });
        for (const c of connections) void check(c.id);
      },
      (err: unknown) => {
        if (live) setList({ state: 'error', message: errorMessage(err) });
      },
    );
    const unsubscribe = onEvent('connection:status', ({ connectionId, health: next }) => {
      setHealth((h) => ({ ...h, [connectionId]: next }));
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [check]);

  const save = useCallback(
    async (input: ConnectionInput) => {
      const saved = await api['connections:save'](input);
      await reload();
      void check(saved.id);
      return saved;
    },
    [reload, check],
  );

  const remove = useCallback(
    async (id: string) => {
      await api['connections:remove']({ id });
      setHealth(({ [id]: _gone, ...rest }) => rest);
      await reload();
    },
    [reload],
  );

  return { list, health, check, save, remove, reload };
}
