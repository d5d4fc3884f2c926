import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channels } from '@shared/ipc/contract';
import { EVENT_PREFIX } from '@shared/ipc/api-types';
import { createGate } from '@main/ipc/gate';
import { createEventHub } from '@main/ipc/events';
import { forwardEvents, registerIpc } from '@main/ipc/register';
import type { IpcMainEventLike, IpcMainLike } from '@main/ipc/register';
import { RENDERER_URL, TRUST, recordedHandlers } from '@test/unit/ipc/helpers';

type Listener = (event: IpcMainEventLike, raw: unknown) => Promise<unknown>;

/** Stands in for Electron's ipcMain: the same two methods, a plain map behind them. */
function fakeIpcMain(): IpcMainLike & { listeners: Map<string, Listener> } {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    handle(channel, listener) {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
    removeHandler(channel) {
      listeners.delete(channel);
    },
  };
}

describe('Electron IPC registration', () => {
  let ipc: ReturnType<typeof fakeIpcMain>;
  let close: () => Promise<void>;
  let calls: string[];
  let unregister: () => void;

  beforeEach(async () => {
    const recorded = await recordedHandlers();
    ({ close, calls } = recorded);
    ipc = fakeIpcMain();
    unregister = registerIpc(ipc, createGate({ handlers: recorded.handlers, trust: TRUST, log: () => undefined }));
  });
  afterEach(async () => {
    await close();
  });

  it('registers exactly the contract channels and removes them again', () => {
    expect([...ipc.listeners.keys()].sort()).toEqual([...channels].sort());
    unregister();
    expect(ipc.listeners.size).toBe(0);
  });

  it('answers our main frame with a Result', async () => {
    const listener = ipc.listeners.get('app:info')!;
    const reply = await listener({ senderFrame: { url: `${RENDERER_URL}/index.html`, parent: null } }, undefined);
    expect(reply).toMatchObject({ ok: true, value: { name: 'Kostenbrücke' } });
  });

  it('rejects a subframe and a foreign page without running the handler', async () => {
    const listener = ipc.listeners.get('connections:list')!;
    const top = { url: `${RENDERER_URL}/index.html`, parent: null };
    await expect(listener({ senderFrame: { url: `${RENDERER_URL}/index.html`, parent: top } }, undefined)).rejects.toThrow(
      'Zugriff verweigert',
    );
    await expect(listener({ senderFrame: { url: 'https://evil.example/', parent: null } }, undefined)).rejects.toThrow();
    await expect(listener({ senderFrame: null }, undefined)).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it('forwards contract events to the window until it is gone', () => {
    const hub = createEventHub(() => undefined);
    const sent: [string, unknown][] = [];
    let destroyed = false;
    forwardEvents(hub, { send: (channel, payload) => sent.push([channel, payload]), isDestroyed: () => destroyed });
    const payload = {
      connectionId: 'demo',
      health: { state: 'ok' as const, checkedAt: '2025-01-01T00:00:00Z', latencyMs: 3, apiVersion: '1.0.1' },
    };
    hub.emit('connection:status', payload);
    destroyed = true;
    hub.emit('connection:status', payload);
    expect(sent).toEqual([[`${EVENT_PREFIX}connection:status`, payload]]);
  });

  it('drops an event whose payload breaks the contract', () => {
    const logged: string[] = [];
    const hub = createEventHub((m) => logged.push(m));
    const received: unknown[] = [];
    hub.subscribe((_name, p) => received.push(p));
    hub.emit('connection:status', { connectionId: 'demo' } as never);
    expect(received).toEqual([]);
    expect(logged[0]).toContain('connection:status');
  });
});
