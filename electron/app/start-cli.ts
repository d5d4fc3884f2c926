/**
 * `npm start`: builds and launches the desktop app. Where the Electron binary is not installed (it cannot always
 * be downloaded), says so in one line and runs browser mode instead. Nothing here downloads anything.
 */
import { spawn } from 'node:child_process';
import { ROOT_DIR, installedElectronBinary } from '@main/app/paths';
import { buildMainAndPreload, buildRenderer } from '@main/app/build';
import { runBrowserMode } from '@main/bridge/web-cli';

async function main(): Promise<void> {
  const binary = installedElectronBinary();
  if (binary === null) {
    console.log('Electron ist hier nicht installiert – Kostenbrücke startet stattdessen im Browser-Modus.');
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
