/** Handlers of Einstellungen → Team-Datenbank, the takeover of the data folder and who has a period open. */
import { join } from 'node:path';
import type { Handlers } from '@main/ipc/gate';
import { AppErrorException } from '@shared/domain/app-error';
import type { TeamLink } from '@main/app/team-link';
import { assertReachable } from '@main/app/team-link';
import type { TeamSettings } from '@main/app/team-settings';
import { WORKSPACES_FOLDER, type Workspaces } from '@main/app/workspaces';
import { readTakeover, takeOverFolder, takeoverOf } from '@main/services/team/folder-takeover';
import { createPresence, type Presence } from '@main/services/team/pg-presence';
import { systemClock, type Clock } from '@main/services/workspace/clock';

type TeamHandlers = Pick<Handlers, `team:${string}` & keyof Handlers>;

export type TeamHandlerDeps = {
  link: Promise<TeamLink>;
  settings: TeamSettings;
  workspaces: Workspaces;
  userDataDir: string;
  /**
   * Where this desk's data folder keeps the workspace of the office's connection: its own connection that was matched
   * to it when joining may have another id (electron/app/connection-join.ts). Default: the same id.
   */
  localIdOf?: (connectionId: string) => Promise<string>;
  clock?: Clock;
};

function setByAdministrator(): AppErrorException {
  return new AppErrorException({
    code: 'VALIDATION',
    message: 'Die Team-Datenbank ist vom Administrator festgelegt (KB_TEAM_DB) und kann hier nicht geändert werden.',
    key: 'team.setByAdministrator',
  });
}

export function teamHandlers({
  link: linking,
  settings,
  workspaces,
  userDataDir,
  localIdOf = (id) => Promise.resolve(id),
  clock = systemClock,
}: TeamHandlerDeps): TeamHandlers {
  let presence: { db: unknown; presence: Presence } | undefined;
  const presenceOf = async (): Promise<Presence> => {
    const db = (await linking).db();
    if (presence?.db !== db) presence = { db, presence: createPresence({ db, deskId: await settings.deskId() }) };
    return presence.presence;
  };
  const workspaceDir = async (connectionId: string) => join(userDataDir, WORKSPACES_FOLDER, await localIdOf(connectionId));

  return {
    'team:status': async () => (await linking).status(),
    'team:save': async (form) => {
      const link = await linking;
      if ((await settings.describe())?.source === 'env') throw setByAdministrator();
      await assertReachable(await settings.withStoredPassword(form));
      await settings.save(form);
      await link.reconfigure();
      await workspaces.reopenAll();
      return link.status();
    },
    'team:leave': async () => {
      const link = await linking;
      if ((await settings.describe())?.source === 'env') throw setByAdministrator();
      await settings.clear();
      await link.reconfigure();
      await workspaces.reopenAll();
      return link.status();
    },
    'team:set-clerk': async ({ clerk }) => {
      const link = await linking;
      await settings.setClerk(clerk);
      // The link reads the name on every save; the status event lets every window drop its question.
      await link.changed();
      return link.status();
    },
    'team:takeover-state': async ({ connectionId }) => {
      const marker = await readTakeover(await workspaceDir(connectionId));
      return marker ? takeoverOf(marker) : null;
    },
    'team:take-over': async ({ connectionId }) => {
      const db = (await linking).db();
      const described = await settings.describe();
      const result = await takeOverFolder({
        db,
        workspaceDir: await workspaceDir(connectionId),
        connectionId,
        folderId: await settings.deskId(),
        databaseName: described ? `${described.address.host}/${described.address.database}` : '',
        clock,
      });
      // Other desks heard of the entries through the database; this desk's lists are read again.
      await workspaces.reopenAll();
      return result;
    },
    'team:presence': async ({ connectionId, billingunit, periodTo, open }) => {
      if (!(await linking).isTeam()) return [];
      return (await presenceOf()).beat({ connectionId, billingunit, periodTo, open });
    },
  };
}
