/**
 * Running work the status bar shows (reading 101 overview pages, an import): a tiny store outside React so any
 * hook can report progress without prop drilling. `done`/`total` are counts; `total` 0 means not yet known.
 */
import { useSyncExternalStore } from 'react';

export type Activity = { id: string; labelKey: string; params?: Record<string, string | number>; done: number; total: number };

let activities: readonly Activity[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function reportActivity(activity: Activity): void {
  activities = [...activities.filter((a) => a.id !== activity.id), activity];
  emit();
}

export function endActivity(id: string): void {
  if (!activities.some((a) => a.id === id)) return;
  activities = activities.filter((a) => a.id !== id);
  emit();
}

export function useActivities(): readonly Activity[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => activities,
  );
}
