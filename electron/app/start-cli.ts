/**
 * `npm start`: builds and launches the desktop app. The electron package fetches its binary on first use; where
 * that is impossible (no internet, or ELECTRON_SKIP_BINARY_DOWNLOAD set), it says so in one line and runs browser
 * mode instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT_DIR, installedElectronBinary } from '@main/app/paths';
import { buildMainAndPreload, buildRenderer } from '@main/app/build';
import { runBrowserMode } from '@main/bridge/web-cli';

/** The electron package's own installer; its output stays hidden so a failure is the one line below. */
function fetchElectron(): string | null {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return null;
  process.stdout.write('Electron wird beim ersten Start geladen … ');
  const installer = join(ROOT_DIR, 'node_modules', 'electron', 'install.js');
  const result = spawnSync(process.execPath, [installer], { cwd: ROOT_DIR, stdio: 'ignore', timeout: 300_000 });
  const binary = result.status === 0 ? installedElectronBinary() : null;
  if (binary !== null) console.log('fertig.');
  return binary;
}

async function main(): Promise<void> {
  const binary = installedElectronBinary() ?? fetchElectron();
  if (binary === null) {
    const skipped = Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD);
    console.log(
      `${skipped ? 'Electron ist nicht installiert' : 'nicht möglich'} – Kostenbrücke startet stattdessen im Browser-Modus.`,
    );
    await runBrowserMode(process.argv.slice(2));
    return;
  }
  await buildRenderer();
  await buildMainAndPreload();
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: ROOT_DIR, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err: unknown) => {
  console.error('Kostenbrücke konnte nicht starten:', err);
  process.exit(1);
});
