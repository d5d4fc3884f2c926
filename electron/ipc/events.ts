/**
 * Main→renderer events. Services emit through this hub; the Electron window, the browser
 * bridge's SSE stream and the desktop notifier subscribe. Payloads are checked against the contract first.
 */
import { events } from '@shared/ipc/contract';
import type { EventName, EventPayload } from '@shared/ipc/contract';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

export type EventHub = {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  subscribe(listener: EventListener): () => void;
};

export function createEventHub(log: (message: string, error?: unknown) => void = console.error): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      const parsed = events[name].safeParse(payload);
      if (!parsed.success) {
        log(`event ${name} dropped: payload outside the contract`, parsed.error);
        return;
      }
      for (const listener of listeners) {
        try {
          listener(name, parsed.data as EventPayload<typeof name>);
        } catch (err) {
          log(`event ${name}: a listener failed`, err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
