/**
 * The app window with the secure defaults in one place (style rule 13): context isolation, sandbox, no Node in the
 * page, no webviews. The BrowserWindow class comes from main.ts, so the options can be checked under Vitest.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Kostenbrücke',
    backgroundColor: '#f4f5f7',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  };
}

export async function createMainWindow(
  Window: typeof BrowserWindow,
  paths: { preload: string; rendererIndex: string },
): Promise<BrowserWindow> {
  const win = new Window(mainWindowOptions(paths.preload));
  win.once('ready-to-show', () => {
    win.show();
  });
  await win.loadFile(paths.rendererIndex);
  return win;
}
