import { useEffect, useState } from 'react';
import type { StorageProblem } from '@shared/ipc/contract';
import { api, onEvent } from '@renderer/lib/api';

/**
 * Damaged files the app set aside (settings, drafts, outbox items). The app keeps working without them,
 * but the clerk must know, e.g. to re-enter a connection or re-import a draft.
 */
export function useStorageProblems(): readonly StorageProblem[] {
  const [problems, setProblems] = useState<readonly StorageProblem[]>([]);
  useEffect(() => {
    let live = true;
    const load = () => {
      api['app:problems']().then(
        (list) => {
          if (live) setProblems(list);
        },
        () => undefined,
      );
    };
    load();
    const unsubscribe = onEvent('workspace:changed', ({ event }) => {
      if (event.type === 'problem') load();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return problems;
}
