/** Browser mode end to end: the app's services plus the loopback bridge that serves the renderer. */
import { createAppContext } from '@main/app/app-context';
import type { AppContext, AppContextOptions, Log } from '@main/app/app-context';
import { startBridge } from '@main/bridge/server';
import type { Bridge } from '@main/bridge/server';
import { acquireInstanceLock, type InstanceLock } from '@main/lib/instance-lock';

export type BrowserModeOptions = {
  userDataDir: string;
  rendererDir: string;
  version: string;
  port?: number;
  log?: Log;
  demoDelays?: AppContextOptions['demoDelays'];
  demoSeedLarge?: AppContextOptions['demoSeedLarge'];
  /** `null`: keep secrets in the user-only file even where an OS credential store exists (tests). */
  credentialStore?: AppContextOptions['credentialStore'];
  /** The team database (default: KB_TEAM_DB of the environment; `null`: none). */
  teamDb?: AppContextOptions['teamDb'];
  /** Shorter checks of the team database (tests of its going away). */
  teamHealthMs?: number;
};
export type BrowserMode = { bridge: Bridge; context: AppContext; close(): Promise<void> };

/** Throws InstanceLockedError when another instance runs on the data folder (electron/lib/instance-lock.ts). */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const lock = await acquireInstanceLock(options.userDataDir, 'browser');
  try {
    return await startLocked(options, lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

async function startLocked(options: BrowserModeOptions, lock: InstanceLock): Promise<BrowserMode> {
  const context = createAppContext({
    mode: 'browser',
    version: options.version,
    userDataDir: options.userDataDir,
    ...(options.log ? { log: options.log } : {}),
    ...(options.demoDelays ? { demoDelays: options.demoDelays } : {}),
    ...(options.demoSeedLarge === undefined ? {} : { demoSeedLarge: options.demoSeedLarge }),
    ...(options.credentialStore === undefined ? {} : { credentialStore: options.credentialStore }),
    ...(options.teamDb === undefined ? {} : { teamDb: options.teamDb }),
    ...(options.teamHealthMs === undefined ? {} : { timing: { teamHealthMs: options.teamHealthMs } }),
  });
  const bridge = await startBridge({
    handlers: context.handlers,
    hub: context.hub,
    files: context.files,
    rendererDir: options.rendererDir,
    port: options.port ?? 0,
    ...(options.log ? { log: options.log } : {}),
  });
  await lock.setAddress(bridge.launchUrl);
  return {
    bridge,
    context,
    async close() {
      await bridge.close();
      await context.close();
      await lock.release();
    },
  };
}
