/**
 * The one settings store: MSC connections and remembered mappings in the settings
 * file (electron-store in the desktop app, `conf` outside it), secrets in a separate SecretStore.
 * The zod `Settings` schema is the source of truth: lenient on read, strict on write.
 */
import { access, constants } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  ConnectionInput,
  DEMO_CLIENT,
  DEMO_CONNECTION_ID,
  secretAddress,
  Settings,
  type Connection,
  type MappingKind,
  type SecretStorage,
  type SettingsProblem,
} from '@shared/domain/connection';
import type { SecretStore } from '@main/services/settings/secret-store';
import { readSettings, type SettingsBackend } from '@main/services/settings/settings-file';
import { SettingsError } from '@main/services/settings/settings-error';

export type SettingsStoreOptions = {
  /**
   * `new ElectronStore({ cwd, name, deserialize: deserializeSettings })` in the desktop app, the same with
   * `new Conf(…)` in browser mode; `deserializeSettings` lets a broken file reach the store to be set aside.
   */
  backend: SettingsBackend;
  secrets: SecretStore;
  /** Where certificate files taken into the data folder are; without it, only a connection's stored paths pass. */
  certificatesDir?: string;
  now?: () => Date;
  newId?: () => string;
  /**
   * Whether a connection this file does not hold exists elsewhere (the team database's list, connection-engine.ts),
   * so mappings can be remembered for it here.
   */
  knownElsewhere?: (id: string) => Promise<boolean>;
};

export type SettingsStore = {
  /** All settings as stored (no secrets). */
  read: () => Promise<Settings>;
  list: () => Promise<Connection[]>;
  get: (id: string) => Promise<Connection | undefined>;
  /** Creates (no `id`) or updates a connection; the secret goes to the SecretStore, never the file. */
  save: (input: ConnectionInput) => Promise<Connection>;
  /** Removes a connection with its secret and mappings; unknown ids are ignored. */
  remove: (id: string) => Promise<void>;
  getSecret: (id: string) => Promise<string | undefined>;
  setActive: (id: string | null) => Promise<void>;
  rememberMapping: <T>(connectionId: string, kind: MappingKind<T>, mapping: T) => Promise<void>;
  /** The remembered mapping, or undefined if none is stored or it no longer fits the kind's schema. */
  getMapping: <T>(connectionId: string, kind: MappingKind<T>) => Promise<T | undefined>;
  /** What was wrong with the stored settings or secrets (read on first use, so this waits for it). */
  problems: () => Promise<readonly SettingsProblem[]>;
  /** Where connection secrets go on this machine. */
  secretStorage: () => Promise<SecretStorage>;
};

export function createSettingsStore({
  backend,
  secrets,
  certificatesDir,
  now = () => new Date(),
  newId = randomUUID,
  knownElsewhere,
}: SettingsStoreOptions): SettingsStore {
  const problems: SettingsProblem[] = [];
  let current: Settings | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  // Every read and write goes through one queue, so a save never interleaves with another.
  function serial<T>(task: (settings: Settings) => Promise<T>): Promise<T> {
    const run = chain.then(async () => task((current ??= await init())));
    chain = run.catch(() => undefined);
    return run;
  }

  async function init(): Promise<Settings> {
    const outcome = await readSettings(backend, now());
    problems.push(...outcome.problems);
    let settings = outcome.settings;
    if (outcome.seeded) await secrets.set(DEMO_CONNECTION_ID, DEMO_CLIENT.clientSecret);
    const reconciled = await reconcileSecrets(settings);
    if (reconciled !== settings || outcome.dirty) {
      settings = reconciled;
      write(settings);
    }
    return settings;
  }

  /**
   * `hasSecret` follows what the SecretStore really holds (it can be lost, undecryptable, or kept by the desktop
   * app where browser mode cannot read it), and `secretLost` says why it must be entered again; a store that cannot
   * be read right now (a locked keyring) says nothing either way, so the flags stay.
   */
  async function reconcileSecrets(settings: Settings): Promise<Settings> {
    const connections = await Promise.all(settings.connections.map(reconcileSecret));
    return connections.some((c, i) => c !== settings.connections[i]) ? { ...settings, connections } : settings;
  }

  async function reconcileSecret(c: Connection): Promise<Connection> {
    if (c.auth.kind !== 'oauth2-client-credentials') return c;
    const stored = await secrets.get(c.id).catch(() => null);
    if (stored === null) return c;
    if (stored !== undefined) return c.hasSecret && c.secretLost === undefined ? c : found(c);
    // The demo MSC's client secret is public, so it is simply stored again where this process keeps secrets.
    if (
      isPublicDemo(c) &&
      (await secrets.set(c.id, DEMO_CLIENT.clientSecret).then(
        () => true,
        () => false,
      ))
    )
      return found(c);
    if (!c.hasSecret && c.secretLost === 'address-changed') return c;
    const secretLost = await secrets.lossOf(c.id);
    if (!c.hasSecret && c.secretLost === secretLost) return c;
    if (c.hasSecret && secretLost === 'missing') {
      problems.push({
        file: backend.path,
        message: `Für die Verbindung „${c.name}“ ist kein Client-Secret mehr gespeichert; bitte in den Einstellungen neu eingeben.`,
        at: now().toISOString(),
      });
    }
    return { ...c, hasSecret: false, secretLost };
  }

  function write(next: Settings): Settings {
    const checked = Settings.safeParse(next);
    if (!checked.success) throw SettingsError.fromZod('Die Einstellungen wurden nicht gespeichert', checked.error);
    backend.store = checked.data;
    current = checked.data;
    return checked.data;
  }

  function find(settings: Settings, id: string): Connection {
    const found = settings.connections.find((c) => c.id === id);
    if (!found) throw SettingsError.notFound(`Die Verbindung „${id}“ gibt es nicht (mehr).`);
    return found;
  }

  return {
    read: () => serial((s) => Promise.resolve(s)),
    list: () => serial((s) => Promise.resolve(s.connections)),
    get: (id) => serial((s) => Promise.resolve(s.connections.find((c) => c.id === id))),

    save: (raw) =>
      serial(async (settings) => {
        const parsed = ConnectionInput.safeParse(raw);
        if (!parsed.success) throw SettingsError.fromZod('Die Verbindung ist nicht vollständig', parsed.error);
        const input = parsed.data;
        const existing = input.id === undefined ? undefined : find(settings, input.id);
        const clash = settings.connections.find((c) => c.id !== existing?.id && sameName(c.name, input.name));
        if (clash) {
          throw new SettingsError('VALIDATION', `Es gibt schon eine Verbindung namens „${clash.name}“.`, {
            reason: 'duplicate-name',
            field: 'name',
          });
        }
        await checkCertificateFiles(input, existing, certificatesDir);

        const id = existing?.id ?? newId();
        const secret = input.auth.kind === 'oauth2-client-credentials' ? input.auth.clientSecret || undefined : undefined;
        const hadSecret = existing?.hasSecret === true && existing.auth.kind === 'oauth2-client-credentials';
        // A stored secret is only ever sent where it was entered for: a new address or token URL drops it.
        const moved =
          existing !== undefined && secretAddress(existing.target, existing.auth) !== secretAddress(input.target, input.auth);
        const keepsSecret = hadSecret && !moved;
        const dropsSecret = hadSecret && moved && secret === undefined && input.auth.kind !== 'none';
        if (input.auth.kind === 'oauth2-client-credentials' && secret === undefined && !keepsSecret && !dropsSecret) {
          throw new SettingsError('VALIDATION', 'Für die Anmeldung per OAuth2 fehlt das Client-Secret.');
        }
        const { auth, id: _id, basedOn: _basedOn, ...fields } = input;
        const at = now().toISOString();
        const connection: Connection = {
          ...fields,
          id,
          auth: auth.kind === 'none' ? auth : { kind: auth.kind, clientId: auth.clientId, tokenUrl: auth.tokenUrl },
          hasSecret: auth.kind !== 'none' && !dropsSecret,
          ...(dropsSecret ? { secretLost: 'address-changed' as const } : {}),
          createdAt: existing?.createdAt ?? at,
          updatedAt: at,
        };
        if (connection.auth.kind === 'oauth2-client-credentials' && connection.auth.tokenUrl === undefined) {
          delete connection.auth.tokenUrl;
        }
        const connections = existing
          ? settings.connections.map((c) => (c.id === id ? connection : c))
          : [...settings.connections, connection];

        if (secret !== undefined) await secrets.set(id, secret);
        // Gone before the new address is written, so no leftover secret can be found again for it (reconcileSecret).
        if (dropsSecret) await secrets.delete(id);
        try {
          write({ ...settings, connections, activeConnectionId: settings.activeConnectionId ?? id });
        } catch (err) {
          if (!existing && secret !== undefined) await secrets.delete(id).catch(() => undefined);
          throw err;
        }
        if (auth.kind === 'none' && existing?.hasSecret) await secrets.delete(id);
        return connection;
      }),

    remove: (id) =>
      serial(async (settings) => {
        if (!settings.connections.some((c) => c.id === id)) return;
        const connections = settings.connections.filter((c) => c.id !== id);
        const { [id]: _gone, ...mappings } = settings.mappings;
        const activeConnectionId =
          settings.activeConnectionId === id ? (connections[0]?.id ?? null) : settings.activeConnectionId;
        write({ ...settings, connections, mappings, activeConnectionId });
        await secrets.delete(id);
      }),

    getSecret: (id) => serial(() => secrets.get(id)),

    setActive: (id) =>
      serial((settings) => {
        if (id !== null) find(settings, id);
        write({ ...settings, activeConnectionId: id });
        return Promise.resolve();
      }),

    rememberMapping: (connectionId, kind, mapping) =>
      serial(async (settings) => {
        if (!settings.connections.some((c) => c.id === connectionId) && !(await knownElsewhere?.(connectionId))) {
          find(settings, connectionId);
        }
        const parsed = kind.schema.safeParse(mapping);
        if (!parsed.success) throw SettingsError.fromZod(`Die Zuordnung „${kind.name}“ wurde nicht gemerkt`, parsed.error);
        const forConnection = { ...settings.mappings[connectionId], [kind.name]: parsed.data };
        write({ ...settings, mappings: { ...settings.mappings, [connectionId]: forConnection } });
      }),

    getMapping: <T>(connectionId: string, kind: MappingKind<T>) =>
      serial((settings): Promise<T | undefined> => {
        const stored = settings.mappings[connectionId]?.[kind.name];
        if (stored === undefined) return Promise.resolve(undefined);
        const parsed = kind.schema.safeParse(stored);
        if (parsed.success) return Promise.resolve(parsed.data);
        const message = `Die gemerkte Zuordnung „${kind.name}“ passt nicht mehr und wird nicht verwendet.`;
        if (!problems.some((p) => p.message === message)) problems.push({ file: backend.path, message, at: now().toISOString() });
        return Promise.resolve(undefined);
      }),

    problems: () => serial(() => Promise.resolve([...problems, ...(secrets.problems?.() ?? [])])),

    secretStorage: () => secrets.storage(),
  };
}

function found(c: Connection): Connection {
  const { secretLost: _lost, ...rest } = c;
  return { ...rest, hasSecret: true };
}

export function isPublicDemo(c: Connection): boolean {
  return (
    c.target.kind === 'embedded-demo' && c.auth.kind === 'oauth2-client-credentials' && c.auth.clientId === DEMO_CLIENT.clientId
  );
}

export function sameName(a: string, b: string): boolean {
  return a.trim().localeCompare(b.trim(), 'de', { sensitivity: 'base' }) === 0;
}

/**
 * Certificate files must be copies taken into `certificatesDir` (electron/app/certificates.ts), or the paths the
 * connection already had. Every other path gets one and the same answer without the file system being asked, so
 * the answer tells nothing about which files exist on this machine or a network share.
 */
export async function checkCertificateFiles(
  input: ConnectionInput,
  existing: Connection | undefined,
  certificatesDir: string | undefined,
): Promise<void> {
  const cert = input.clientCertificate;
  if (!cert) return;
  const files: ['Zertifikat' | 'Schlüssel' | 'CA-Zertifikat', 'certPath' | 'keyPath' | 'caPath', string | undefined][] = [
    ['Zertifikat', 'certPath', cert.certPath],
    ['Schlüssel', 'keyPath', cert.keyPath],
    ['CA-Zertifikat', 'caPath', cert.caPath],
  ];
  for (const [what, field, path] of files) {
    if (path === undefined || path === existing?.clientCertificate?.[field]) continue;
    if (certificatesDir !== undefined && isInside(certificatesDir, path) && (await readable(path))) continue;
    throw new SettingsError(
      'VALIDATION',
      `Die ${what}-Datei lässt sich nicht verwenden. Bitte über „Datei wählen …“ übernehmen.`,
      { reason: 'file-unreadable', field },
    );
  }
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

async function readable(path: string): Promise<boolean> {
  return access(path, constants.R_OK).then(
    () => true,
    () => false,
  );
}
