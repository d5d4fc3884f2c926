/**
 * The app's services in a process of their own, for tests that kill it: browser mode on the data folder given as
 * the first argument, with a placeholder page. Prints one JSON line with the bridge's port and token when ready.
 * Run: node --import tsx test/support/app-process.ts <userDataDir> <rendererDir>
 */
import { startBrowserMode } from '@main/bridge/browser-mode';

const [userDataDir, rendererDir] = process.argv.slice(2);
if (userDataDir === undefined || rendererDir === undefined) throw new Error('usage: app-process <userDataDir> <rendererDir>');
const app = await startBrowserMode({
  userDataDir,
  rendererDir,
  version: 'crash-test',
  port: 0,
  credentialStore: null,
  log: () => undefined,
});
console.log(JSON.stringify({ port: app.bridge.port, token: app.bridge.token }));
