import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@renderer/lib/api';

export type Loaded<T> =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

type Held<T> = { source: () => Promise<T>; loaded: Loaded<T> };

/**
 * Loads what `fetch` returns whenever `fetch` changes (keep it in useCallback); `null` means nothing to load.
 * A result is tied to the fetch that produced it, so an answer for an earlier choice never shows for a later one.
 */
export function useLoad<T>(fetch: (() => Promise<T>) | null) {
  const [held, setHeld] = useState<Held<T> | null>(null);

  useEffect(() => {
    if (fetch === null) return;
    let live = true;
    fetch().then(
      (value) => {
        if (live) setHeld({ source: fetch, loaded: { state: 'ready', value } });
      },
      (err: unknown) => {
        if (live) setHeld({ source: fetch, loaded: { state: 'error', message: errorMessage(err) } });
      },
    );
    return () => {
      live = false;
    };
  }, [fetch]);

  const loaded: Loaded<T> = fetch === null ? { state: 'idle' } : held?.source === fetch ? held.loaded : { state: 'loading' };

  /** Loads again; a shown value stays until the new one arrives. Returns the new value, or null on failure. */
  const reload = useCallback(async (): Promise<T | null> => {
    if (fetch === null) return null;
    setHeld((h) => (h?.source === fetch && h.loaded.state === 'ready' ? h : { source: fetch, loaded: { state: 'loading' } }));
    try {
      const value = await fetch();
      setHeld({ source: fetch, loaded: { state: 'ready', value } });
      return value;
    } catch (err) {
      setHeld({ source: fetch, loaded: { state: 'error', message: errorMessage(err) } });
      return null;
    }
  }, [fetch]);

  const set = useCallback(
    (value: T) => {
      if (fetch !== null) setHeld({ source: fetch, loaded: { state: 'ready', value } });
    },
    [fetch],
  );

  return { loaded, reload, set };
}
