/** Reads of the Einstellungen screen. Language: `usePreferences`/`useUpdatePreferences` (renderer/lib). */
import { useChannel } from '@renderer/lib/queries';

/** Version, mode, data folder and where secrets go (the same cache entry the frame reads at start). */
export function useAppInfo() {
  return useChannel('app:info', undefined);
}
