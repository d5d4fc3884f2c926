/**
 * `npm run web`: builds the renderer and runs Kostenbrücke in the browser (loopback only). Also the fallback of
 * `npm start` where no Electron binary is installed. Options: --port N (default: a free port), --no-open.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RENDERER_DIR, appVersion, defaultUserDataDir, hasDisplay } from '@main/app/paths';
import { buildRenderer } from '@main/app/build';
import { openInBrowser } from '@main/app/open-browser';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { InstanceLockedError, lockHolder, lockedMessage, type LockHolder } from '@main/lib/instance-lock';

export async function runBrowserMode(
  argv: string[] = process.argv.slice(2),
  options: { skipBuild?: boolean } = {},
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, 'no-open': { type: 'boolean' }, 'no-build': { type: 'boolean' } },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port muss eine Zahl von 0 bis 65535 sein, nicht „${values.port ?? ''}“.`);
  const userDataDir = defaultUserDataDir();
  const mayOpen = !values['no-open'] && hasDisplay();
  // Checked before the build too, so a second start says so at once instead of after a minute of building.
  const holder = await lockHolder(userDataDir);
  if (holder) {
    refuse(userDataDir, holder, mayOpen);
    return;
  }
  if (!(options.skipBuild ?? values['no-build']) || !existsSync(join(RENDERER_DIR, 'index.html'))) await buildRenderer();
  let app: Awaited<ReturnType<typeof startBrowserMode>>;
  try {
    app = await startBrowserMode({ userDataDir, rendererDir: RENDERER_DIR, version: appVersion(), port });
  } catch (err) {
    if (!(err instanceof InstanceLockedError)) throw err;
    refuse(userDataDir, err.holder, mayOpen);
    return;
  }
  console.log(`Kostenbrücke läuft im Browser. Adresse (nur auf diesem Rechner gültig):`);
  console.log(app.bridge.launchUrl);
  console.log(`Daten: ${userDataDir} · Beenden mit Strg+C`);
  if (mayOpen) openInBrowser(app.bridge.launchUrl);

  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Another instance holds the folder: say which and bring its page to the front instead of starting a second. */
function refuse(userDataDir: string, holder: LockHolder, mayOpen: boolean): void {
  console.error(lockedMessage(userDataDir, holder));
  if (mayOpen && holder.address !== undefined) openInBrowser(holder.address);
  process.exitCode = 1;
}

if (process.argv[1]?.endsWith('web-cli.ts')) {
  runBrowserMode().catch((err: unknown) => {
    console.error('Kostenbrücke konnte nicht starten:', err);
    process.exit(1);
  });
}
