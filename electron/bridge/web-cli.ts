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
  if (!(options.skipBuild ?? values['no-build']) || !existsSync(join(RENDERER_DIR, 'index.html'))) await buildRenderer();
  const userDataDir = defaultUserDataDir();
  const app = await startBrowserMode({
    userDataDir,
    rendererDir: RENDERER_DIR,
    version: appVersion(),
    port,
  });
  console.log(`Kostenbrücke läuft im Browser. Adresse (nur auf diesem Rechner gültig):`);
  console.log(app.bridge.launchUrl);
  console.log(`Daten: ${userDataDir} · Beenden mit Strg+C`);
  if (!values['no-open'] && hasDisplay()) openInBrowser(app.bridge.launchUrl);

  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1]?.endsWith('web-cli.ts')) {
  runBrowserMode().catch((err: unknown) => {
    console.error('Kostenbrücke konnte nicht starten:', err);
    process.exit(1);
  });
}
