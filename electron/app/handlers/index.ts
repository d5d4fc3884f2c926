/** All IPC handlers, built from the services they call. Typed by `Handlers`, so a missing channel does not compile. */
import { join } from 'node:path';
import type { AppInfo } from '@shared/ipc/contract';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import type { SettingsStore } from '@main/services/settings/settings-store';
import type { MscConnections } from '@main/app/msc-connections';
import type { FileStore } from '@main/app/file-store';
import type { Dialogs } from '@main/app/dialogs';
import { createFileHandlers } from '@main/app/dialogs';
import { CERTIFICATES_FOLDER, takeCertificate } from '@main/app/certificates';
import type { Workspaces } from '@main/app/workspaces';
import type { Log } from '@main/app/app-context';
import { unitHandlers } from '@main/app/handlers/units';
import { billingHandlers, type BillingTiming } from '@main/app/handlers/billing';
import { excelHandlers } from '@main/app/handlers/excel';
import { loadFonts, reportHandlers } from '@main/app/handlers/reports';
import { resultHandlers } from '@main/app/handlers/results';
import type { PdfFonts } from '@main/services/reports/check-report-pdf';
import { overviewHandlers } from '@main/app/handlers/overview';
import { setupWizardHandlers } from '@main/app/handlers/setup-wizard';
import { createWizardDrafts } from '@main/app/wizard-drafts';
import { demoHandlers } from '@main/app/handlers/demo';
import { osrHandlers } from '@main/app/handlers/osr';
import { argeHandlers } from '@main/app/handlers/arge';
import { argeImportHandlers } from '@main/app/handlers/arge-import';
import type { Sandbox } from '@main/sandbox/index';
import { createPreferencesStore } from '@main/app/preferences';
import { teamHandlers } from '@main/app/handlers/team';
import type { TeamLink } from '@main/app/team-link';
import type { TeamSettings } from '@main/app/team-settings';

export type HandlerDeps = {
  /** Where secrets go is known only once the secret store has probed its backend, so `app:info` asks it then. */
  info: Omit<AppInfo, 'secretStorage'>;
  hub: EventHub;
  settings: SettingsStore;
  msc: MscConnections;
  workspaces: Workspaces;
  files: FileStore;
  dialogs: Dialogs | undefined;
  log: Log;
  resourcesDir: string;
  /** The embedded demo MSC, started on first use (the Demo-Messdienst panel acts as its staff). */
  demo: () => Promise<Sandbox>;
  /** How often and how long a SEND of unknown outcome is followed up (default: the reconciler's own). */
  sendReconcile?: BillingTiming;
  /** The team database this desk works on, if any (electron/app/team-link.ts). */
  team: { link: Promise<TeamLink>; settings: TeamSettings; localIdOf?: (connectionId: string) => Promise<string> };
};

export function createHandlers({
  info,
  hub,
  settings,
  msc,
  workspaces,
  files,
  dialogs,
  log,
  resourcesDir,
  demo,
  sendReconcile,
  team,
}: HandlerDeps): Handlers {
  const fileHandlers = createFileHandlers(files, dialogs);
  const preferences = createPreferencesStore(info.dataDir);
  let fonts: Promise<PdfFonts | undefined> | undefined;
  return {
    'app:info': async () => ({ ...info, secretStorage: await settings.secretStorage() }),
    'app:problems': async () => {
      // Reading the preferences sets a damaged file aside, so it is among the problems from the first call on.
      await preferences.get();
      return [...(await settings.problems()), ...preferences.problems(), ...(await workspaces.problems())];
    },
    'files:open': (input) => fileHandlers.open(input),
    'files:save': (input) => fileHandlers.save(input),
    'connections:list': () => settings.list(),
    'connections:save': async (input) => {
      const saved = await settings.save(input);
      await workspaces.forget(saved.id, { removed: false });
      return saved;
    },
    'connections:take-certificate': (input) => takeCertificate(files, join(info.dataDir, CERTIFICATES_FOLDER), input),
    'connections:remove': async ({ id }) => {
      await settings.remove(id);
      await workspaces.forget(id, { removed: true });
    },
    'connections:check': async ({ id }) => {
      const health = await msc.check(id);
      hub.emit('connection:status', { connectionId: id, health });
      return health;
    },
    'preferences:get': () => preferences.get(),
    'preferences:update': (change) => preferences.update(change),
    ...unitHandlers(workspaces),
    ...billingHandlers(workspaces, hub, log, sendReconcile),
    ...excelHandlers(workspaces, files, settings, log, hub),
    ...reportHandlers(workspaces, files, resourcesDir),
    ...overviewHandlers(workspaces, hub),
    ...setupWizardHandlers(createWizardDrafts(info.dataDir)),
    ...demoHandlers({ settings, workspaces, files, demo, log }),
    ...osrHandlers(workspaces),
    ...argeImportHandlers(workspaces, files, dialogs),
    ...argeHandlers({ ws: workspaces, files, settings, msc }),
    ...resultHandlers(workspaces, files, () => (fonts ??= loadFonts(resourcesDir))),
    ...teamHandlers({
      link: team.link,
      settings: team.settings,
      workspaces,
      userDataDir: info.dataDir,
      ...(team.localIdOf ? { localIdOf: team.localIdOf } : {}),
    }),
  };
}
