/** Where things are on disk, for the launchers (Electron itself resolves its own paths in main.ts). */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Repository (or unpacked app) root: two levels above electron/app/ and above out/main/. */
export const ROOT_DIR = resolve(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(ROOT_DIR, 'out', 'renderer');
/** Files shipped with the app (fonts, the OpenAPI description); the installed app finds them under process.resourcesPath. */
export const RESOURCES_DIR = join(ROOT_DIR, 'resources');

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * The folder Electron would use as userData (`appData/<package name>`), so browser mode and the desktop app
 * share one set of connections. APP_USER_DATA_DIR overrides it (tests, support).
 */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = env.APP_USER_DATA_DIR;
  if (override !== undefined && override !== '') return resolve(override);
  const home = homedir();
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  return join(appData, 'kostenbruecke');
}

/**
 * The Electron binary if it is installed, found without `require('electron')`, which would try to download it.
 */
export function installedElectronBinary(root: string = ROOT_DIR): string | null {
  const pkgDir = join(root, 'node_modules', 'electron');
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Whether a browser window could be shown to someone sitting at this machine. */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || platform === 'darwin') return true;
  return Boolean(env.DISPLAY ?? env.WAYLAND_DISPLAY);
}
