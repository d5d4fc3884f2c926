/**
 * Binds the gate to Electron's ipcMain and forwards contract events to the window. Electron objects are
 * typed structurally here so this file stays plain Node (the composition root passes the real ones in).
 */
import { channels, isEventName } from '@shared/ipc/contract';
import type { EventName } from '@shared/ipc/contract';
import type { Gate } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import { EVENT_PREFIX } from '@shared/ipc/api-types';

export type FrameLike = { url: string; parent: unknown };
export type IpcMainEventLike = { senderFrame: FrameLike | null };
export type IpcMainLike = {
  handle(channel: string, listener: (event: IpcMainEventLike, raw: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
};
export type WebContentsLike = { send(channel: string, payload: unknown): void; isDestroyed(): boolean };

export function registerIpc(ipcMain: IpcMainLike, gate: Gate): () => void {
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, raw) => {
      const frame = event.senderFrame;
      const reply = await gate.call(
        { transport: 'electron', frameUrl: frame?.url, isMainFrame: frame !== null && frame.parent === null },
        channel,
        raw,
      );
      // A foreign frame gets a rejected promise carrying nothing about our handlers.
      if (reply.kind !== 'result') throw new Error('Zugriff verweigert');
      return reply.result;
    });
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

export function forwardEvents(hub: EventHub, target: WebContentsLike): () => void {
  return hub.subscribe((name: EventName, payload) => {
    if (isEventName(name) && !target.isDestroyed()) target.send(`${EVENT_PREFIX}${name}`, payload);
  });
}
