/**
 * Browser mode: the same API as the Electron preload, over the loopback HTTP bridge. The launch token arrives in
 * the URL fragment once, is kept in sessionStorage (this tab only) and goes with every call as a header.
 */
import { isEventName } from '@shared/ipc/contract';
import { BRIDGE_TOKEN_HEADER, mapChannels } from '@shared/ipc/api-types';
import type { ChannelFunctions, PreloadApi, Subscribe } from '@shared/ipc/api-types';
import { isResult } from '@shared/ipc/result';
import type { Result } from '@shared/ipc/result';

const TOKEN_KEY = 'kostenbruecke.token';
export const TOKEN_HEADER = BRIDGE_TOKEN_HEADER;

/** Reads the token from `#token=…` (then removes it from the address bar) or from this tab's session. */
export function bridgeToken(): string | null {
  const match = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash);
  if (match?.[1] !== undefined) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    // The hash router owns the fragment; the launch address opens the start screen.
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#/`);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const SESSION_LOST: Result<never> = {
  ok: false,
  error: {
    code: 'AUTH',
    message:
      'Diese Browser-Sitzung gehört nicht zur laufenden Kostenbrücke. Bitte öffnen Sie die Adresse, die beim Start angezeigt wurde.',
    key: 'bridge.sessionLost',
  },
};

const APP_GONE: Result<never> = {
  ok: false,
  error: {
    code: 'NETWORK',
    message: 'Kostenbrücke antwortet nicht. Läuft das Programm noch? Bitte starten Sie es neu.',
    key: 'bridge.gone',
  },
};

const streamOpenListeners = new Set<(missed: boolean) => void>();
let streamOpen = false;
/** An opening with missed events that no listener heard of yet. */
let missedUnheard = false;

/**
 * Called each time the event stream (re)connects, with whether events may have been missed: always on a
 * reconnection, on the first opening only when reads were answered before it (they wait for it, see `call`).
 * Whoever caches what events would refresh must read again then.
 */
export function onBridgeStreamOpen(listener: (missed: boolean) => void): () => void {
  streamOpenListeners.add(listener);
  // Opened before anyone listened: the newcomer hears of it at once.
  if (streamOpen) {
    listener(missedUnheard);
    missedUnheard = false;
  }
  return () => {
    streamOpenListeners.delete(listener);
  };
}

/** Whether the event stream is open now. */
export const bridgeStreamOpen = (): boolean => streamOpen;

/** How long the first reads wait for the event stream before they go without it (it then counts as missed). */
const FIRST_OPEN_WAIT_MS = 2_000;

export function createBridgeClient(): PreloadApi {
  const token = bridgeToken();
  // The stream opens before the first read goes out: every answer is then given after the main process began
  // sending this page its events, so none is missed and nothing needs reading twice at start.
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let opens = 0;
  let answeredWithoutStream = false;
  // Released by the first opening, or by a stream that fails or is slow: the reads must not wait for it for good.
  let releaseReads = (): void => undefined;
  const firstOpen = new Promise<void>((resolve) => {
    releaseReads = resolve;
  });
  const source = token === null ? undefined : new EventSource(`/events?token=${encodeURIComponent(token)}`);
  if (source) {
    setTimeout(releaseReads, FIRST_OPEN_WAIT_MS);
    source.addEventListener('open', () => {
      const missed = opens > 0 || answeredWithoutStream;
      opens++;
      streamOpen = true;
      answeredWithoutStream = false;
      releaseReads();
      if (streamOpenListeners.size === 0) missedUnheard ||= missed;
      for (const l of streamOpenListeners) l(missed);
    });
    source.addEventListener('error', () => {
      streamOpen = false;
      releaseReads();
    });
  } else releaseReads();

  async function call(channel: string, input: unknown): Promise<Result<unknown>> {
    if (token === null) return SESSION_LOST;
    if (!streamOpen) await firstOpen;
    if (!streamOpen) answeredWithoutStream = true;
    let res: Response;
    try {
      res = await fetch(`/ipc/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ input }),
      });
    } catch {
      return APP_GONE;
    }
    if (res.status === 403) return SESSION_LOST;
    const body: unknown = await res.json().catch(() => undefined);
    return isResult(body) ? body : APP_GONE;
  }

  const on: Subscribe = (name, listener) => {
    if (!isEventName(name)) throw new Error(`Unbekanntes Ereignis: ${String(name)}`);
    let set = listeners.get(name);
    if (!set) {
      const fresh = new Set<(payload: unknown) => void>();
      listeners.set(name, fresh);
      source?.addEventListener(name, (e) => {
        const payload: unknown = JSON.parse((e as MessageEvent<string>).data);
        for (const l of fresh) l(payload);
      });
      set = fresh;
    }
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  };

  const calls = mapChannels((channel) => (input: unknown) => call(channel, input)) as ChannelFunctions;
  return { ...calls, on };
}

/** Sends a file the clerk picked to the bridge; returns the id the services know it by. */
export async function uploadFile(file: File): Promise<Result<{ fileId: string; name: string; size: number }>> {
  const token = bridgeToken();
  if (token === null) return SESSION_LOST;
  try {
    const res = await fetch(`/files/upload?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', [TOKEN_HEADER]: token },
      body: file,
    });
    if (res.status === 413)
      return {
        ok: false,
        error: {
          code: 'VALIDATION',
          message: 'Die Datei ist zu groß (höchstens 50 MB).',
          key: 'file.tooLarge',
          params: { megabytes: 50 },
        },
      };
    if (!res.ok) return SESSION_LOST;
    const body = (await res.json()) as { fileId: string; name: string; size: number };
    return { ok: true, value: body };
  } catch {
    return APP_GONE;
  }
}

/** Fetches a prepared file with the token header and hands it to the browser's download. */
export async function downloadFile(fileId: string, name: string): Promise<Result<null>> {
  const token = bridgeToken();
  if (token === null) return SESSION_LOST;
  try {
    const res = await fetch(`/files/download/${encodeURIComponent(fileId)}`, { headers: { [TOKEN_HEADER]: token } });
    if (!res.ok)
      return {
        ok: false,
        error: {
          code: 'INTERNAL',
          message: 'Die Datei ist nicht mehr vorhanden. Bitte erneut erzeugen.',
          key: 'file.goneCreateAgain',
        },
      };
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 10_000);
    return { ok: true, value: null };
  } catch {
    return APP_GONE;
  }
}
