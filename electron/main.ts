/** Composition root of the desktop app: paths, services, IPC, security, window. No business logic here. */
import { app, BrowserWindow, dialog, ipcMain, Notification, safeStorage, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppContext } from '@main/app/app-context';
import { electronStoreBackend, safeStorageCipher } from '@main/shell/stores';
import { electronDialogs } from '@main/app/dialogs';
import { createNotifier } from '@main/app/notifications';
import { createPreferencesStore } from '@main/app/preferences';
import type { Language } from '@shared/ipc/channels/preferences';
import { createGate } from '@main/ipc/gate';
import { forwardEvents, registerIpc } from '@main/ipc/register';
import { applySecurity } from '@main/security';
import { createMainWindow } from '@main/window';
import { acquireInstanceLock, InstanceLockedError, loopbackPage } from '@main/lib/instance-lock';

// Test hook: a fresh data folder per e2e run, never honoured in the installed app.
const testUserData = process.env.APP_USER_DATA_DIR;
if (!app.isPackaged && testUserData) app.setPath('userData', testUserData);

const rendererDir = join(import.meta.dirname, '..', 'renderer');
const preload = join(import.meta.dirname, '..', 'preload', 'preload.cjs');
let window: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(start);

async function start(): Promise<void> {
  applySecurity({ app, session: session.defaultSession, shell });
  const userDataDir = app.getPath('userData');
  // requestSingleInstanceLock covers a second window; the file lock also covers browser mode on the same folder.
  const lock = await acquireInstanceLock(userDataDir, 'electron').catch(async (err: unknown) => {
    if (!(err instanceof InstanceLockedError)) throw err;
    const open = loopbackPage(err.holder.address);
    const buttons = open ? ['Im Browser öffnen / Open in browser', 'OK'] : ['OK'];
    const { response } = await dialog.showMessageBox({ type: 'warning', message: err.message, buttons });
    if (open && response === 0) await shell.openExternal(open);
    app.quit();
    return undefined;
  });
  if (!lock) return;
  const dialogs = electronDialogs(dialog, () => window ?? undefined);
  const secretCipher = safeStorageCipher(safeStorage);
  const context = createAppContext({
    ...{ mode: 'electron', version: app.getVersion(), userDataDir, dialogs, settingsBackend: electronStoreBackend },
    // electron-builder copies resources/ next to app.asar (extraResources); unpackaged runs use the repository's.
    ...(app.isPackaged ? { resourcesDir: join(process.resourcesPath, 'resources') } : {}),
    ...(secretCipher ? { secretCipher } : {}),
  });
  const trust = { electron: { rendererUrl: pathToFileURL(rendererDir).href } };
  registerIpc(ipcMain, createGate({ handlers: context.handlers, trust }));
  const preferences = createPreferencesStore(userDataDir);
  let language: Language = (await preferences.get()).language;
  const notify = createNotifier(
    (notice) => {
      if (Notification.isSupported()) new Notification(notice).show();
    },
    () => language,
  );
  context.hub.subscribe((name, payload) => {
    // Progress comes many times a second during an import and never makes a notification.
    if (name === 'excel:import-progress') return;
    notify(name, payload);
    void preferences.get().then((p) => (language = p.language));
  });

  window = await createMainWindow(BrowserWindow, { preload, rendererIndex: join(rendererDir, 'index.html') });
  forwardEvents(context.hub, window.webContents);
  window.on('closed', () => {
    window = null;
  });
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    void context
      .close()
      .then(() => lock.release())
      .finally(() => {
        app.quit();
      });
  });
}
