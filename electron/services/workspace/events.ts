/** A typed listener list: subscribe returns its own unsubscribe, a throwing listener harms no other. */
export type Listeners<E> = {
  subscribe: (listener: (event: E) => void) => () => void;
  emit: (event: E) => void;
};

export function createListeners<E>(onListenerError: (err: unknown) => void = () => undefined): Listeners<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    subscribe(listener) {
      const entry = (event: E) => {
        listener(event);
      };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
  };
}
