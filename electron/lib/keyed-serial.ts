/**
 * Runs tasks one after another per key (two SENDs of one period, two writes of one draft), different keys side by
 * side. A failed task does not block the next one of its key.
 */
export type KeyedSerial = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedSerial(): KeyedSerial {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
