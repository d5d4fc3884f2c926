/** All IPC handlers, built from the services they call. Typed by `Handlers`, so a missing channel does not compile. */
import type { AppInfo } from '@shared/ipc/contract';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import type { SettingsStore } from '@main/services/settings/settings-store';
import type { MscConnections } from '@main/app/msc-connections';
import type { FileStore } from '@main/app/file-store';
import type { Dialogs } from '@main/app/dialogs';
import { createFileHandlers } from '@main/app/dialogs';

export type HandlerDeps = {
  info: AppInfo;
  hub: EventHub;
  settings: SettingsStore;
  msc: MscConnections;
  files: FileStore;
  dialogs: Dialogs | undefined;
};

export function createHandlers({ info, hub, settings, msc, files, dialogs }: HandlerDeps): Handlers {
  const fileHandlers = createFileHandlers(files, dialogs);
  return {
    'app:info': () => Promise.resolve(info),
    'connections:list': () => settings.list(),
    'connections:save': (input) => settings.save(input),
    'connections:remove': ({ id }) => settings.remove(id),
    'connections:check': async ({ id }) => {
      const health = await msc.check(id);
      hub.emit('connection:status', { connectionId: id, health });
      return health;
    },
    'files:open': (input) => fileHandlers.open(input),
    'files:save': (input) => fileHandlers.save(input),
  };
}
