/**
 * One listening client per desk for the team database's change notices (docs/team-workspace.md, "Connections per
 * desk"). Every store of every open workspace subscribes here instead of holding a client of its own: a channel is
 * LISTENed once however many subscribe, UNLISTENed when the last one goes, and each notice reaches all of them.
 * When the listening client fails (the server went away, its backend was ended) it is dropped; a new one LISTENs every
 * channel that still has subscribers again — retried in the background, on the next `listen`, or on `reconnect()`.
 */
import type pg from 'pg';

export type OnPayload = (payload: string) => void;

export type ListenHub = {
  /** Hears `channel` until the returned function is called. */
  listen: (channel: string, onPayload: OnPayload) => Promise<() => Promise<void>>;
  /** Drops the listening client and LISTENs every subscribed channel on a new one. */
  reconnect: () => Promise<void>;
  close: () => Promise<void>;
};

/** Channels are our own names (kb_drafts …); quoted so that a name is never read as SQL. */
const ident = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

export function createListenHub(pool: pg.Pool, { retryMs = 1000 }: { retryMs?: number } = {}): ListenHub {
  const channels = new Map<string, Set<OnPayload>>();
  let current: Promise<pg.PoolClient> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function drop(opening: Promise<pg.PoolClient>): Promise<void> {
    if (current !== opening) return Promise.resolve();
    current = undefined;
    // Destroyed, not returned to the pool: its LISTENs must not stay with a client a query borrows next.
    return opening.then(
      (c) => {
        c.release(true);
      },
      () => undefined,
    );
  }

  function scheduleRetry(): void {
    clearTimeout(retry);
    if (closed || channels.size === 0) return;
    retry = setTimeout(() => {
      connect().catch(scheduleRetry);
    }, retryMs);
    retry.unref();
  }

  function connect(): Promise<pg.PoolClient> {
    if (current) return current;
    const opening = (async () => {
      const client = await pool.connect();
      // A listener whose server went away must not crash the desk; it is replaced instead.
      client.on('error', () => {
        void drop(opening);
        scheduleRetry();
      });
      client.on('notification', ({ channel, payload }) => {
        for (const onPayload of [...(channels.get(channel) ?? [])]) {
          try {
            onPayload(payload ?? '');
          } catch {
            // One subscriber's failure is its own; the others still hear the notice.
          }
        }
      });
      try {
        for (const channel of [...channels.keys()]) await client.query(`LISTEN ${ident(channel)}`);
      } catch (err) {
        client.release(true);
        throw err;
      }
      return client;
    })();
    current = opening;
    opening.catch(() => {
      if (current === opening) current = undefined;
    });
    return opening;
  }

  async function listenOn(channel: string): Promise<void> {
    const fresh = current === undefined;
    const opening = connect();
    try {
      await (await opening).query(`LISTEN ${ident(channel)}`);
    } catch (err) {
      await drop(opening);
      // A client that failed unnoticed gets one fresh successor before the subscriber hears of it.
      if (fresh) throw err;
      await (await connect()).query(`LISTEN ${ident(channel)}`);
    }
  }

  return {
    async listen(channel, onPayload) {
      if (closed) throw new Error('the notification hub is closed');
      const subscribers = channels.get(channel) ?? new Set<OnPayload>();
      const first = subscribers.size === 0;
      channels.set(channel, subscribers);
      subscribers.add(onPayload);
      try {
        // LISTEN is idempotent, so a channel a new client already took up may be asked for again.
        if (first || !current) await listenOn(channel);
      } catch (err) {
        subscribers.delete(onPayload);
        if (subscribers.size === 0) channels.delete(channel);
        throw err;
      }
      let subscribed = true;
      return async () => {
        if (!subscribed) return;
        subscribed = false;
        subscribers.delete(onPayload);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        const opening = current;
        if (!opening) return;
        if (channels.size === 0) {
          // Nobody listens any more: the client goes, so an idle desk holds no listening connection.
          await drop(opening);
          return;
        }
        try {
          await (await opening).query(`UNLISTEN ${ident(channel)}`);
        } catch {
          // A client that cannot UNLISTEN has failed; the next one LISTENs only what is still subscribed.
          await drop(opening);
          scheduleRetry();
        }
      };
    },
    async reconnect() {
      clearTimeout(retry);
      if (current) await drop(current);
      if (closed || channels.size === 0) return;
      await connect().catch((err: unknown) => {
        scheduleRetry();
        throw err;
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      channels.clear();
      if (current) await drop(current);
    },
  };
}
