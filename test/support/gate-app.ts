/**
 * The app's services on a data folder with the embedded demo MSC, their channels called through the IPC gate as the
 * renderer calls them (inputs and outputs checked against the contract): how integration tests drive channels.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import { createAppContext } from '@main/app/app-context';
import type { AppContext, AppContextOptions } from '@main/app/app-context';
import { createGate } from '@main/ipc/gate';
import { ourFrame, tempDir, TRUST } from '@test/unit/ipc/helpers';

export type CallChannel = <C extends Channel>(channel: C, input: Input<C>) => Promise<Output<C>>;
export type GateApp = { context: AppContext; call: CallChannel };
type Extra = Pick<AppContextOptions, 'demoDelays' | 'resourcesDir'>;

/** Opens the app on `userDataDir`; a failed call throws with the error's code and message. */
export function openGateApp(userDataDir: string, extra: Extra = {}): GateApp {
  const context = createAppContext({ mode: 'browser', version: '1.0.0', userDataDir, log: () => undefined, ...extra });
  const gate = createGate({ handlers: context.handlers, trust: TRUST });
  async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Output<C>> {
    const reply = await gate.call(ourFrame, channel, input);
    if (reply.kind !== 'result') throw new Error(`gate: ${reply.kind}`);
    if (!reply.result.ok) throw new Error(`${channel}: ${reply.result.error.code} ${reply.result.error.message}`);
    return reply.result.value as Output<C>;
  }
  return { context, call };
}

/**
 * One app on a fresh data folder for the tests of a file (or describe block): opened before them, closed after and
 * its folders removed. `emptyResources`: no shipped resources (the PDF reports then use the standard fonts, whose
 * text a test can read back).
 */
export function useGateApp(prefix: string, options: Omit<Extra, 'resourcesDir'> & { emptyResources?: boolean } = {}): GateApp {
  const { emptyResources = false, ...extra } = options;
  let app: GateApp | undefined;
  const dirs: string[] = [];
  const opened = (): GateApp => {
    if (!app) throw new Error('the app opens before the tests run');
    return app;
  };
  beforeAll(async () => {
    dirs.push(await tempDir(prefix));
    if (emptyResources) dirs.push(await tempDir(`${prefix}resources-`));
    app = openGateApp(dirs[0] ?? '', emptyResources ? { ...extra, resourcesDir: dirs[1] ?? '' } : extra);
  });
  afterAll(async () => {
    await app?.context.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  return {
    get context() {
      return opened().context;
    },
    call: (channel, input) => opened().call(channel, input),
  };
}

/** Reads until `done` holds (the demo MSC matches and answers asynchronously); fails naming the last value. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
