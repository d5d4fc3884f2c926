/** Senders and a recording handler set for the gate tests. */
import { createAppContext } from '@main/app/app-context';
import type { Handlers } from '@main/ipc/gate';
import type { ElectronSender, HttpSender, Trust } from '@main/ipc/senders';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RENDERER_URL = 'file:///opt/kostenbruecke/resources/app.asar/out/renderer';
export const TOKEN = 'a'.repeat(43);
export const PORT = 41234;
export const TRUST: Trust = { electron: { rendererUrl: RENDERER_URL }, http: { token: TOKEN, port: PORT } };

export const ourFrame: ElectronSender = { transport: 'electron', frameUrl: `${RENDERER_URL}/index.html`, isMainFrame: true };
export const ourPage: HttpSender = {
  transport: 'http',
  method: 'POST',
  token: TOKEN,
  host: `127.0.0.1:${PORT}`,
  origin: `http://127.0.0.1:${PORT}`,
};

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** The real handlers of a fresh app, each call recorded before it runs. */
export async function recordedHandlers(): Promise<{ handlers: Handlers; calls: string[]; close: () => Promise<void> }> {
  const context = createAppContext({
    mode: 'browser',
    version: '9.9.9',
    userDataDir: await tempDir('kb-ipc-'),
    log: () => undefined,
  });
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    Object.entries(context.handlers).map(([channel, fn]) => [
      channel,
      (input: unknown) => {
        calls.push(channel);
        return (fn as (i: unknown) => Promise<unknown>)(input);
      },
    ]),
  ) as Handlers;
  return { handlers, calls, close: () => context.close() };
}
