/**
 * Where this desk's team database is configured: the administrator's KB_TEAM_DB (wins, the screen only shows it) or
 * `team-db.json` in the data folder from Einstellungen → Team-Datenbank. The password is kept like an MSC
 * connection's secret (the OS credential store or the user-only secrets file), never in that file or the database.
 * The file also holds the clerk's name and this data folder's id, which the database knows it by.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import type { SecretStore } from '@main/services/settings/secret-store';
import { parseTeamUrl, type TeamAddress } from '@main/services/team/team-connection';
import type { TeamDbForm } from '@shared/ipc/channels/team';

export const TEAM_DB_ENV = 'KB_TEAM_DB';
/** The secret store's account of the team database's password; connection ids are UUIDs or `demo`. */
export const TEAM_SECRET_ID = 'team-database';

const Stored = z.object({
  deskId: z.string().min(1),
  clerk: z.string().min(1).optional(),
  connection: z.object({ host: z.string(), port: z.int(), database: z.string(), user: z.string(), tls: z.boolean() }).optional(),
});
type Stored = z.infer<typeof Stored>;

export type TeamConfig = { source: 'env' | 'settings'; address: TeamAddress };

export type TeamSettings = {
  /** The configured database with its password, or undefined in the local mode. */
  config(): Promise<TeamConfig | undefined>;
  /** The address without asking the credential store, for the screen. */
  describe(): Promise<{ source: 'env' | 'settings'; address: TeamAddress; hasPassword: boolean } | undefined>;
  save(form: TeamDbForm): Promise<void>;
  clear(): Promise<void>;
  clerk(): Promise<string | undefined>;
  setClerk(name: string): Promise<void>;
  deskId(): Promise<string>;
  /** The form's values with the stored password where the form left it out. */
  withStoredPassword(form: TeamDbForm): Promise<TeamAddress>;
};

export function createTeamSettings({
  userDataDir,
  secrets,
  env = process.env[TEAM_DB_ENV],
}: {
  userDataDir: string;
  secrets: SecretStore;
  env?: string | undefined;
}): TeamSettings {
  const path = join(userDataDir, 'team-db.json');
  const fromEnv = env?.trim() ? parseTeamUrl(env) : undefined;
  if (env?.trim() && !fromEnv) {
    throw new Error(`${TEAM_DB_ENV} ist keine postgres://-Adresse mit Benutzer, Server und Datenbank.`);
  }
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };

  /** A missing or unreadable file starts over (a new desk id, the connection asked again); written only on a change. */
  async function read(): Promise<Stored> {
    const parsed = Stored.safeParse(await readJsonIfExists(path).catch(() => undefined));
    return parsed.success ? parsed.data : { deskId: randomUUID() };
  }
  const update = (change: (s: Stored) => Stored) => serial(async () => writeJsonAtomic(path, change(await read())));

  return {
    async config() {
      if (fromEnv) return { source: 'env', address: fromEnv };
      const stored = await serial(read);
      if (!stored.connection) return undefined;
      const password = await secrets.get(TEAM_SECRET_ID).catch(() => undefined);
      return { source: 'settings', address: { ...stored.connection, ...(password === undefined ? {} : { password }) } };
    },
    async describe() {
      if (fromEnv) return { source: 'env', address: fromEnv, hasPassword: fromEnv.password !== undefined };
      const stored = await serial(read);
      if (!stored.connection) return undefined;
      const password = await secrets.get(TEAM_SECRET_ID).catch(() => undefined);
      return { source: 'settings', address: stored.connection, hasPassword: password !== undefined };
    },
    async save({ password, ...connection }) {
      if (password !== undefined) await secrets.set(TEAM_SECRET_ID, password);
      await update((s) => ({ ...s, connection }));
    },
    async clear() {
      await secrets.delete(TEAM_SECRET_ID).catch(() => undefined);
      await update(({ connection: _dropped, ...s }) => s);
    },
    clerk: async () => (await serial(read)).clerk,
    setClerk: (clerk) => update((s) => ({ ...s, clerk })),
    deskId: () =>
      serial(async () => {
        const stored = await read();
        // The database knows this folder by its id from the first use on, so it is kept from then.
        await writeJsonAtomic(path, stored);
        return stored.deskId;
      }),
    async withStoredPassword(form) {
      const { password, ...rest } = form;
      const stored = password ?? (await secrets.get(TEAM_SECRET_ID).catch(() => undefined));
      return { ...rest, ...(stored === undefined ? {} : { password: stored }) };
    },
  };
}
