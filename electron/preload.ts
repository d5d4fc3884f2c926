/**
 * The preload: the renderer's only door to the main process. It exposes one named function per contract channel
 * and `on(event, listener)` for contract events, never ipcRenderer or a generic invoke.
 * Bundled into one CommonJS file because it runs sandboxed; it imports only electron and @shared.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { isEventName } from '@shared/ipc/contract';
import { EVENT_PREFIX, PRELOAD_GLOBAL, mapChannels } from '@shared/ipc/api-types';
import type { ChannelFunctions, PreloadApi, Subscribe } from '@shared/ipc/api-types';

const calls = mapChannels((channel) => (input: unknown) => ipcRenderer.invoke(channel, input)) as ChannelFunctions;

const on: Subscribe = (name, listener) => {
  if (!isEventName(name)) throw new Error(`Unbekanntes Ereignis: ${String(name)}`);
  // The IpcRendererEvent stays here: it would hand the page a reference to ipcRenderer.
  const wrapped = (_event: IpcRendererEvent, payload: unknown) => {
    listener(payload as Parameters<typeof listener>[0]);
  };
  ipcRenderer.on(`${EVENT_PREFIX}${name}`, wrapped);
  return () => {
    ipcRenderer.removeListener(`${EVENT_PREFIX}${name}`, wrapped);
  };
};

const api = { ...calls, on } satisfies PreloadApi;

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, api);
