/** Reads for the connections part of Einstellungen: the list, each connection's health, where secrets go. */
import { useChannel } from '@renderer/lib/queries';
import { useConnections } from '@renderer/lib/useActiveConnection';
import type { HealthView } from '@renderer/features/connections/health-text';

/** The stored connections (the same cache entry the frame's connection switcher reads). */
export const useConnectionList = useConnections;

/**
 * One connection's health, shared with the status bar's check of the same connection. `check()` asks again;
 * while it runs the view says "checking", so the clerk sees the button did something.
 */
export function useConnectionHealth(id: string): { view: HealthView; check: () => void } {
  const query = useChannel('connections:check', { id });
  const view: HealthView = query.isFetching ? { state: 'checking' } : (query.data ?? { state: 'unknown' });
  return {
    view,
    check: () => {
      void query.refetch();
    },
  };
}

/** Where a secret typed into the form is stored on this machine, as the main process chose it at start. */
export function useSecretStorage() {
  return useChannel('app:info', undefined).data?.secretStorage;
}

/** Whether this is the desktop app or browser mode (a secret the desktop app encrypted is unreadable in the latter). */
export function useAppMode() {
  return useChannel('app:info', undefined).data?.mode;
}
