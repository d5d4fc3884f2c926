/**
 * Where the MSC connections live (docs/team-workspace.md, "One truth between desks"): on a team desk the office's
 * list in the team database (pg-connections.ts), so every desk works on one id per MSC; otherwise this desk's settings
 * file. The embedded `demo` connection always stays in the settings file, on every desk alike. Secrets always stay in
 * this desk's own store, kept under the connection's id AND the address they were entered for: when any desk moves a
 * connection to another address, no desk finds a secret for it any more and each asks for it again, so a secret is
 * never sent anywhere but where it was entered for.
 */
import { randomUUID } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import { ConnectionInput, DEMO_CONNECTION_ID, type ClientCertificate, type Connection } from '@shared/domain/connection';
import { appError } from '@shared/domain/app-error';
import type { SecretStore } from '@main/services/settings/secret-store';
import { checkCertificateFiles, sameName, type SettingsStore } from '@main/services/settings/settings-store';
import { SettingsError } from '@main/services/settings/settings-error';
import {
  CONNECTIONS_CHANNEL,
  pgConnections,
  teamSecretKey,
  type SharedConnection,
  type StoredConnection,
} from '@main/services/team/pg-connections';
import type { TeamLink } from '@main/app/team-link';
import { joinOffice, sameMsc } from '@main/app/connection-join';
import type { DeskCertificates } from '@main/app/desk-certificates';

export type ConnectionEngineDeps = {
  /** This desk's settings file: the `demo` connection, mappings, and every connection while not on a team. */
  local: SettingsStore;
  secrets: SecretStore;
  /** This desk's own client-certificate paths for the office's connections (never in the database). */
  certificates: DeskCertificates;
  link: Promise<TeamLink>;
  certificatesDir?: string;
  /** This desk's id (team-settings.ts); joining is recorded under it. */
  deskId: () => Promise<string>;
  now?: () => Date;
  newId?: () => string;
};

/** One connection of the office's list changed at some desk (the kb_connections notice). */
export type ConnectionChange = { id: string; removed: boolean };

/** The notice's payload (007_connections.sql); one that cannot be read names no connection. */
function changeOf(payload: string): ConnectionChange | undefined {
  try {
    const { op, id } = JSON.parse(payload) as { op?: unknown; id?: unknown };
    return typeof id === 'string' ? { id, removed: op === 'DELETE' } : undefined;
  } catch {
    return undefined;
  }
}

export type ConnectionEngine = SettingsStore & {
  /** Whether the team database holds `id` (false while not on a team); never waits for the settings file. */
  knownInTeam: (id: string) => Promise<boolean>;
  /**
   * Joining: takes this desk's own connections into the office's list, once per desk and database (see
   * `joinOffice`); every read of the list waits for it. Started at once; again whenever the desk joins anew.
   */
  join: () => Promise<void>;
  /**
   * The id under which this desk's data folder holds the workspace of the office's connection `id`: its own
   * connection that joined as `id` or was matched to it (the folder takeover reads that folder).
   */
  localIdOf: (id: string) => Promise<string>;
  /** Hears every change another desk makes to the office's list, naming the connection, until the returned call. */
  follow: (onChange: (change: ConnectionChange) => void) => Promise<() => Promise<void>>;
};

const missing = () =>
  appError('CONFLICT', { key: 'connection.gone' }, 'Diese Verbindung gibt es nicht mehr. Bitte die Liste neu laden.', {
    reason: 'not-found',
  });

export function createConnectionEngine(deps: ConnectionEngineDeps): ConnectionEngine {
  const { local, secrets, certificates } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? randomUUID;

  /** The office's list while this desk is on a team; `undefined` (the settings file) otherwise. */
  async function team() {
    const link = await deps.link;
    return link.isTeam() ? pgConnections(link.db()) : undefined;
  }
  const onTeam = async (id: string | undefined) => (id === DEMO_CONNECTION_ID ? undefined : team());

  async function withSecret(c: SharedConnection): Promise<Connection> {
    const { needsClientCertificate, ...fields } = c;
    let own: ClientCertificate | undefined;
    if (needsClientCertificate) own = await certificates.get(c.id);
    const certificate: Pick<Connection, 'clientCertificate' | 'certificateMissing'> = needsClientCertificate
      ? own
        ? { clientCertificate: own }
        : { certificateMissing: true }
      : {};
    if (c.auth.kind !== 'oauth2-client-credentials') return { ...fields, ...certificate, hasSecret: false };
    // A store that cannot be read right now (a locked keyring) is asked again at the next use.
    const stored = await secrets.get(teamSecretKey(c)).catch(() => undefined);
    return stored === undefined
      ? { ...fields, ...certificate, hasSecret: false, secretLost: 'other-desk' }
      : { ...fields, ...certificate, hasSecret: true };
  }

  /**
   * A row an earlier version wrote still holds the certificate paths of the desk that chose the files: that desk
   * (the files are in its own certificate folder) keeps them as its own; any other desk is asked for its files.
   */
  async function adoptLegacy(stored: StoredConnection): Promise<void> {
    const legacy = stored.legacyCertificate;
    if (!legacy || deps.certificatesDir === undefined) return;
    const dir = deps.certificatesDir;
    const mine = [legacy.certPath, legacy.keyPath, legacy.caPath].every((p) => p === undefined || isInside(dir, p));
    if (mine && (await certificates.get(stored.connection.id)) === undefined)
      await certificates.set(stored.connection.id, legacy);
  }

  async function localDemo(): Promise<Connection[]> {
    return (await local.list()).filter((c) => c.id === DEMO_CONNECTION_ID);
  }

  let joining: Promise<void> = Promise.resolve();
  function join(): Promise<void> {
    const run = joining.then(async () => {
      const link = await deps.link;
      if (!link.isTeam()) return;
      await joinOffice({ db: link.db(), deskId: await deps.deskId(), local, secrets, certificates, now });
    });
    joining = run.catch(() => undefined);
    return run;
  }

  /**
   * The office's list as last read: while the team database is gone the screens keep their connections (the editor
   * keeps what the clerk types, docs/team-workspace.md "The database gone"); changing one waits for the database.
   */
  let lastRead: StoredConnection[] | undefined;
  async function officeList(): Promise<StoredConnection[] | undefined> {
    const link = await deps.link;
    if (!link.isTeam()) return undefined;
    try {
      lastRead = await pgConnections(link.db()).list();
    } catch (err) {
      if (lastRead === undefined) throw err;
    }
    return lastRead;
  }

  async function list(): Promise<Connection[]> {
    await joining;
    const stored = await officeList();
    if (!stored) return local.list();
    await Promise.all(stored.map(adoptLegacy));
    const office = await Promise.all(stored.map((s) => withSecret(s.connection)));
    return [...(await localDemo()), ...office];
  }

  async function saveShared(shared: ReturnType<typeof pgConnections>, raw: ConnectionInput): Promise<Connection> {
    const parsed = ConnectionInput.safeParse(raw);
    if (!parsed.success) throw SettingsError.fromZod('Die Verbindung ist nicht vollständig', parsed.error);
    const input = parsed.data;
    const existing = input.id === undefined ? undefined : (await shared.get(input.id))?.connection;
    if (input.id !== undefined && !existing) throw missing();
    const clash = (await list()).find((c) => c.id !== existing?.id && sameName(c.name, input.name));
    if (clash) {
      throw new SettingsError('VALIDATION', `Es gibt schon eine Verbindung namens „${clash.name}“.`, {
        reason: 'duplicate-name',
        field: 'name',
      });
    }
    // This desk's own files for the connection: a save keeping them is not asked to prove them again.
    const own = existing?.needsClientCertificate ? await certificates.get(existing.id) : undefined;
    await checkCertificateFiles(
      input,
      existing && { ...existing, hasSecret: false, ...(own ? { clientCertificate: own } : {}) },
      deps.certificatesDir,
    );
    const secret = input.auth.kind === 'oauth2-client-credentials' ? input.auth.clientSecret || undefined : undefined;
    // A new connection is set up by a desk that knows its secret; an existing one may be saved by a desk without it.
    if (!existing && input.auth.kind === 'oauth2-client-credentials' && secret === undefined) {
      throw new SettingsError('VALIDATION', 'Für die Anmeldung per OAuth2 fehlt das Client-Secret.');
    }
    const { auth, id: _id, basedOn, clientCertificate, ...fields } = input;
    const at = now().toISOString();
    // Files chosen here: the office's connection needs a certificate, and this desk's paths stay here. None sent by a
    // desk that had its own: the clerk took the certificate off, for every desk. None sent by a desk that never had
    // any (it only entered its password, say): the office's requirement stands.
    const needs =
      clientCertificate !== undefined ||
      (existing?.needsClientCertificate === true && own === undefined && input.target.kind !== 'file-exchange');
    const connection: SharedConnection = {
      ...fields,
      ...(needs ? { needsClientCertificate: true } : {}),
      id: existing?.id ?? newId(),
      auth:
        auth.kind === 'none'
          ? auth
          : { kind: auth.kind, clientId: auth.clientId, ...(auth.tokenUrl === undefined ? {} : { tokenUrl: auth.tokenUrl }) },
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
    const key = teamSecretKey(connection);
    if (secret !== undefined) await secrets.set(key, secret);
    let saved: SharedConnection;
    try {
      saved = await shared.put(connection, existing ? (basedOn ?? existing.updatedAt) : undefined);
    } catch (err) {
      if (secret !== undefined && (!existing || teamSecretKey(existing) !== key))
        await secrets.delete(key).catch(() => undefined);
      throw err;
    }
    // The secret for the old address is not sent anywhere any more; it goes.
    if (existing && teamSecretKey(existing) !== key) await secrets.delete(teamSecretKey(existing)).catch(() => undefined);
    if (clientCertificate) await certificates.set(saved.id, clientCertificate);
    else if (own) await certificates.delete(saved.id);
    return withSecret(saved);
  }

  // A failure (the database not reachable now) is tried again at the next join, when the link comes back.
  join().catch(() => undefined);

  return {
    ...local,
    list,
    async get(id) {
      await joining;
      if (id === DEMO_CONNECTION_ID) return local.get(id);
      const stored = await officeList();
      if (!stored) return local.get(id);
      const found = stored.find((s) => s.connection.id === id);
      if (!found) return undefined;
      await adoptLegacy(found);
      return withSecret(found.connection);
    },
    async save(input) {
      const shared = await onTeam(input.id);
      return shared ? saveShared(shared, input) : local.save(input);
    },
    async remove(id) {
      const shared = await onTeam(id);
      if (!shared) return local.remove(id);
      const found = await shared.get(id);
      if (!found) return;
      await shared.remove(id);
      await secrets.delete(teamSecretKey(found.connection)).catch(() => undefined);
      await certificates.delete(id).catch(() => undefined);
    },
    async getSecret(id) {
      const shared = await onTeam(id);
      if (!shared) return local.getSecret(id);
      const found = await shared.get(id);
      return found && secrets.get(teamSecretKey(found.connection));
    },
    join,
    async localIdOf(id) {
      const shared = await onTeam(id);
      const office = shared && (await shared.get(id));
      if (!office) return id;
      const own = await local.list();
      return (
        (own.find((c) => c.id === id) ?? own.find((c) => c.id !== DEMO_CONNECTION_ID && sameMsc(c, office.connection)))?.id ?? id
      );
    },
    async knownInTeam(id) {
      const shared = await onTeam(id);
      return shared !== undefined && (await shared.get(id)) !== undefined;
    },
    async follow(onChange) {
      const link = await deps.link;
      if (!link.isTeam()) return () => Promise.resolve();
      return link.db().listen(CONNECTIONS_CHANNEL, (payload) => {
        const change = changeOf(payload);
        if (change) onChange(change);
      });
    },
  };
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
