/**
 * The app window with the secure defaults in one place: context isolation, sandbox, no Node in the
 * page, no webviews. The BrowserWindow class comes from main.ts, so the options can be checked under Vitest; they
 * are written out at `new BrowserWindow(…)` because that is where Electronegativity looks for them.
 */
import type { BrowserWindow as ElectronBrowserWindow } from 'electron';

export async function createMainWindow(
  BrowserWindow: typeof ElectronBrowserWindow,
  paths: { preload: string; rendererIndex: string },
): Promise<ElectronBrowserWindow> {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Kostenbrücke',
    backgroundColor: '#f4f5f7',
    autoHideMenuBar: true,
    webPreferences: {
      preload: paths.preload,
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
      // A middle click on a link would open a new window without passing the navigation guard.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => {
    win.show();
  });
  await win.loadFile(paths.rendererIndex);
  return win;
}
