/**
 * Browser mode: the same API as the Electron preload, over the loopback HTTP bridge. The launch token arrives in
 * the URL fragment once, is kept in sessionStorage (this tab only) and goes with every call as a header.
 */
import { eventNames, isEventName } from '@shared/ipc/contract';
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

const streamOpenListeners = new Set<(reread: boolean) => void>();

/**
 * The tab's event stream. `open`: events reach us now. `unannounced`: since the stream last opened, a read went
 * out while it was not open, or an event arrived before anyone listened for it, so a change may not show yet.
 */
const stream = { open: false, openedBefore: false, unannounced: false };

/**
 * Called each time the event stream (re)connects, and at once if it is open already. Events sent while it was not
 * connected are lost, so whoever caches what events would refresh must read again when `reread` says so: after a
 * reconnection, or when reads went out or events arrived unheard before. Reads wait for the stream's first
 * opening, so at start nothing is read twice.
 */
export function onBridgeStreamOpen(listener: (reread: boolean) => void): () => void {
  streamOpenListeners.add(listener);
  if (stream.open) listener(stream.unannounced);
  return () => {
    streamOpenListeners.delete(listener);
  };
}

export function createBridgeClient(): PreloadApi {
  const token = bridgeToken();
  const listeners = new Map<string, Set<(payload: unknown) => void>>(eventNames.map((name) => [name, new Set()]));
  // The stream opens with the client, before the first screen asks for anything.
  let answered: () => void = () => undefined;
  const firstAnswer = new Promise<void>((resolve) => {
    answered = resolve;
  });
  if (token === null) answered();
  else {
    const source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    source.addEventListener('open', () => {
      const reread = stream.openedBefore || stream.unannounced;
      Object.assign(stream, { open: true, openedBefore: true, unannounced: false });
      answered();
      for (const l of streamOpenListeners) l(reread);
    });
    // A refused or broken stream must not hold the reads back: they report what is wrong.
    source.addEventListener('error', () => {
      stream.open = false;
      answered();
    });
    for (const [name, set] of listeners) {
      source.addEventListener(name, (e) => {
        if (set.size === 0) stream.unannounced = true;
        const payload: unknown = JSON.parse((e as MessageEvent<string>).data);
        for (const l of set) l(payload);
      });
    }
  }

  async function call(channel: string, input: unknown): Promise<Result<unknown>> {
    if (token === null) return SESSION_LOST;
    await firstAnswer;
    if (!stream.open) stream.unannounced = true;
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
    const set = isEventName(name) ? listeners.get(name) : undefined;
    if (!set) throw new Error(`Unbekanntes Ereignis: ${name}`);
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
      return { ok: false, error: { code: 'VALIDATION', message: 'Die Datei ist zu groß (höchstens 50 MB).' } };
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
      return { ok: false, error: { code: 'INTERNAL', message: 'Die Datei ist nicht mehr vorhanden. Bitte erneut erzeugen.' } };
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
