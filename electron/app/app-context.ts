/**
 * Builds every service the app runs on, for Electron and browser mode alike: settings, the embedded demo MSC,
 * MSC clients, the file store, the event hub and the IPC handlers. Transport-specific parts (dialogs, the
 * secret cipher) come in as values from the caller.
 */
import { RESOURCES_DIR } from '@main/app/paths';
import { join } from 'node:path';
import { consoleLog, type Log } from '@main/lib/log';
import Conf from 'conf';
import { deserializeSettings, type SettingsBackend } from '@main/services/settings/settings-file';
import type { AppInfo } from '@shared/ipc/contract';
import { createEventHub } from '@main/ipc/events';
import type { EventHub } from '@main/ipc/events';
import type { Handlers } from '@main/ipc/gate';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox, SandboxOptions } from '@main/sandbox/index';
import { createSettingsStore, type SettingsStore } from '@main/services/settings/settings-store';
import type { SecretCipher } from '@main/services/settings/secret-store';
import { createSecretStore } from '@main/services/settings/secret-backends';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';
import { createFileStore } from '@main/app/file-store';
import type { FileStore } from '@main/app/file-store';
import { createMscConnections } from '@main/app/msc-connections';
import { createHandlers } from '@main/app/handlers/index';
import type { HandlerDeps } from '@main/app/handlers/index';
import { createWorkspaces, WORKSPACES_FOLDER } from '@main/app/workspaces';
import { CERTIFICATES_FOLDER } from '@main/app/certificates';
import type { Dialogs } from '@main/app/dialogs';
import type { MscLimits } from '@main/app/msc-connections';
import type { ReconcileTiming } from '@main/services/billing/send-reconciler';
import type { Clock } from '@main/services/workspace/clock';
import type { AutoRetry } from '@main/services/workspace/outbox';
import { createTeamSettings } from '@main/app/team-settings';
import { createTeamLink, type TeamLink } from '@main/app/team-link';
import { createConnectionEngine, type ConnectionChange } from '@main/app/connection-engine';
import { createDeskCertificates, DESK_CERTIFICATES_FILE } from '@main/app/desk-certificates';
import { createWorkspaceEngine } from '@main/app/workspace-engine';

export type { Log } from '@main/lib/log';

export type AppContextOptions = {
  mode: AppInfo['mode'];
  version: string;
  userDataDir: string;
  dialogs?: Dialogs;
  /** Electron's safeStorage when it really encrypts; used before the OS credential store. */
  secretCipher?: SecretCipher;
  /** The OS credential store (default: @napi-rs/keyring); `null`: none, secrets go to the user-only file. */
  credentialStore?: (() => Promise<CredentialStore>) | null;
  log?: Log;
  /** Matching delays of the embedded demo MSC; tests shorten them, the app keeps the sandbox defaults. */
  demoDelays?: SandboxOptions['delays'];
  /** Extra generated billing units in the embedded demo MSC (tests and benchmarks of long lists). */
  demoSeedLarge?: number;
  /** Where fonts and other shipped files are (default: the repository's resources/). */
  resourcesDir?: string;
  /** electron-store in the desktop app; conf (its Node base, same file format) in browser mode and tests. */
  settingsBackend?: SettingsBackendFactory;
  /** Fault tests only: shorter MSC client timeouts/retries, SEND reconciliation and outbox auto-retry than the app's. */
  timing?: AppTiming;
  /**
   * The team database's `postgres://` URL as the administrator sets it (default: the environment's KB_TEAM_DB;
   * `null`: none, whatever the environment says). Without it, Einstellungen → Team-Datenbank decides.
   */
  teamDb?: string | null;
};

export type AppTiming = {
  mscLimits?: MscLimits;
  sendReconcile?: ReconcileTiming;
  outboxAutoRetry?: Partial<AutoRetry>;
  /** Wall and monotonic time for the workspaces and the follow-up of unclear SENDs (tests set the clock back). */
  clock?: Clock;
  /** How often the team database is asked whether it still answers (default 3 s). */
  teamHealthMs?: number;
};

export type SettingsBackendOptions = { cwd: string; name: string; deserialize: (text: string) => Record<string, unknown> };
export type SettingsBackendFactory = (options: SettingsBackendOptions) => SettingsBackend;

const confBackend: SettingsBackendFactory = ({ cwd, name, deserialize }) =>
  new Conf<Record<string, unknown>>({ cwd, configName: name, projectName: 'kostenbruecke', deserialize });

export type AppContext = {
  handlers: Handlers;
  hub: EventHub;
  files: FileStore;
  /** The embedded demo MSC, if something has needed it so far. */
  demo(): Sandbox | undefined;
  /** Starts the embedded demo MSC now instead of on first use (the cold-start benchmark counts it in). */
  startDemo(): Promise<Sandbox>;
  close(): Promise<void>;
};

export const DEMO_DATA_FOLDER = 'demo-messdienst';

/**
 * The OS credential store through @napi-rs/keyring, loaded only when asked for (a missing prebuilt binary is then
 * just "no credential store"). On Linux it must be the Secret Service: the binding's other choice, the kernel
 * keyring, forgets everything at reboot.
 */
async function osCredentialStore(): Promise<CredentialStore> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  const entry = (account: string) => new AsyncEntry('Kostenbrücke', account, { linux: { store: 'secret-service' } });
  return {
    get: async (account) => (await entry(account).getPassword()) ?? undefined,
    set: async (account, secret) => {
      await entry(account).setPassword(secret);
    },
    delete: async (account) => {
      await entry(account).deletePassword();
    },
  };
}

export function createAppContext(options: AppContextOptions): AppContext {
  const log: Log = options.log ?? consoleLog;
  const hub = createEventHub(log);
  const files = createFileStore();
  // deserializeSettings lets a damaged settings file reach the store, which sets it aside instead of failing to start.
  const backend = (options.settingsBackend ?? confBackend)({
    cwd: options.userDataDir,
    name: 'settings',
    deserialize: deserializeSettings,
  });
  const secrets = createSecretStore({
    path: join(options.userDataDir, 'secrets.json'),
    cipher: options.secretCipher,
    credentials: options.credentialStore === undefined ? osCredentialStore : (options.credentialStore ?? undefined),
    scope: options.userDataDir,
    log,
  });
  const certificatesDir = join(options.userDataDir, CERTIFICATES_FOLDER);
  // Mappings stay in this desk's file, also for the team's connections (which that file does not list).
  const knownElsewhere = (id: string): Promise<boolean> => connections.knownInTeam(id);
  const localSettings = createSettingsStore({ backend, secrets, certificatesDir, knownElsewhere });
  // On a team desk the connections come from the team database (connection-engine.ts); everything reads them here.
  const settings: SettingsStore = {
    ...localSettings,
    list: () => connections.list(),
    get: (id) => connections.get(id),
    save: (input) => connections.save(input),
    remove: (id) => connections.remove(id),
    getSecret: (id) => connections.getSecret(id),
  };

  // The demo MSC starts the first time a connection needs it, so an app without a demo connection never runs it.
  let demo: Sandbox | undefined;
  let demoStarting: Promise<Sandbox> | undefined;
  const demoSandbox = (): Promise<Sandbox> =>
    (demoStarting ??= startSandbox({
      port: 0,
      dataDir: join(options.userDataDir, DEMO_DATA_FOLDER),
      ...(options.demoDelays ? { delays: options.demoDelays } : {}),
      ...(options.demoSeedLarge === undefined ? {} : { seedLarge: options.demoSeedLarge }),
    }).then((s) => (demo = s)));
  const demoUrl = async (): Promise<string> => (await demoSandbox()).url;

  const msc = createMscConnections({
    settings,
    demoUrl,
    fileExchangeDir: (id) => join(options.userDataDir, WORKSPACES_FOLDER, id, 'arge'),
  });
  const info: HandlerDeps['info'] = {
    name: 'Kostenbrücke',
    version: options.version,
    mode: options.mode,
    dataDir: options.userDataDir,
  };
  const timing = options.timing ?? {};
  // The one choice of engine (docs/team-workspace.md): the data folder, or the team database when one is configured.
  const teamSettings = createTeamSettings({
    userDataDir: options.userDataDir,
    secrets,
    env: options.teamDb === undefined ? process.env.KB_TEAM_DB : (options.teamDb ?? undefined),
  });
  const teamLink = createTeamLink({
    settings: teamSettings,
    log,
    ...(timing.teamHealthMs === undefined ? {} : { healthIntervalMs: timing.teamHealthMs }),
  });
  const connections = createConnectionEngine({
    local: localSettings,
    secrets,
    certificates: createDeskCertificates(join(options.userDataDir, DESK_CERTIFICATES_FILE)),
    link: teamLink,
    certificatesDir,
    deskId: () => teamSettings.deskId(),
  });
  const engine = createWorkspaceEngine({ link: teamLink, ...(timing.clock ? { clock: timing.clock } : {}) });
  const workspaces = createWorkspaces({
    engine,
    userDataDir: options.userDataDir,
    msc,
    isConfigured: async (id) => (await settings.get(id)) !== undefined,
    hasCredentials: async (id) => {
      const c = await settings.get(id);
      return c !== undefined && c.certificateMissing !== true && (c.auth.kind === 'none' || c.hasSecret);
    },
    hub,
    ...(timing.mscLimits ? { limits: timing.mscLimits } : {}),
    ...(timing.outboxAutoRetry ? { autoRetry: timing.outboxAutoRetry } : {}),
    ...(timing.clock ? { clock: timing.clock } : {}),
  });
  /**
   * Another desk changed one of the office's connections: this desk's client for it goes (it may point at the old
   * address or carry the old sign-in), the status is told again so the renderer reads the list afresh, and the
   * connection is checked anew so its card does not show how the old address answered.
   */
  const changedElsewhere = async (link: TeamLink, { id, removed }: ConnectionChange) => {
    await workspaces.forget(id, { removed }).catch((err: unknown) => {
      log(`closing the client of connection ${id} after a change at another desk failed`, err);
    });
    await link.changed();
    if (removed) return;
    hub.emit('connection:status', { connectionId: id, health: await msc.check(id) });
  };
  // Another desk changed the office's connections: the status is told again, and with it the list is read afresh.
  let unfollow: Promise<() => Promise<void>> | undefined;
  const follow = (link: TeamLink, rejoin: boolean) => {
    const before = unfollow;
    unfollow = (async () => {
      await (await before?.catch(() => undefined))?.().catch(() => undefined);
      // Joined anew: this desk's own connections go into the office's list (once per desk, connection-join.ts).
      if (rejoin && link.isTeam())
        await connections.join().catch((err: unknown) => {
          log('taking the connections of this desk into the team database failed', err);
        });
      return connections.follow((change) => void changedElsewhere(link, change)).catch(() => () => Promise.resolve());
    })();
  };
  void teamLink.then((link) => {
    follow(link, false);
    link.onChange((status, reopen) => {
      hub.emit('team:status', status);
      // Back online or joined/left: the workspaces open again on the engine chosen now, reading the database afresh.
      if (reopen) {
        void workspaces.reopenAll();
        follow(link, true);
      }
    });
  });
  const resuming = settings
    .list()
    .then((connections) => workspaces.resumeAll(connections.map((c) => c.id)))
    .catch((err: unknown) => {
      log('resuming the outboxes failed', err);
    });
  const resourcesDir = options.resourcesDir ?? RESOURCES_DIR;
  const handlers = createHandlers({
    info,
    hub,
    settings,
    msc,
    workspaces,
    files,
    dialogs: options.dialogs,
    log,
    resourcesDir,
    demo: demoSandbox,
    sendReconcile: { ...timing.sendReconcile, ...(timing.clock ? { clock: timing.clock } : {}) },
    team: { link: teamLink, settings: teamSettings, localIdOf: (id) => connections.localIdOf(id) },
  });

  return {
    handlers,
    hub,
    files,
    demo: () => demo,
    startDemo: demoSandbox,
    async close() {
      await resuming;
      await workspaces.close();
      await (await unfollow?.catch(() => undefined))?.().catch(() => undefined);
      await (await teamLink).close();
      if (demoStarting) await (await demoStarting.catch(() => undefined))?.close();
    },
  };
}
