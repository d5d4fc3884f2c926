/**
 * Turns a stored connection into a working MSC client: resolves the embedded demo's address, fetches the secret,
 * reads certificate files. Also runs the health check behind `connections:check`.
 */
import { readFile } from 'node:fs/promises';
import { appError } from '@shared/domain/app-error';
import { isNetworkOrDevicePath, type Connection } from '@shared/domain/connection';
import type { ConnectionHealth } from '@shared/ipc/contract';
import { createMscClient } from '@main/services/msc-client/index';
import type { MscClient, MscClientConfig, MscClientDeps } from '@main/services/msc-client/index';
import type { SettingsStore } from '@main/services/settings/settings-store';
import { toAppError } from '@main/ipc/errors';
import { openAgreementStore, type AgreementStore } from '@main/services/arge/agreement-store';
import { createFileExchangeClient } from '@main/services/arge/file-exchange-client';

/** A health check should answer within seconds, not wait through the client's full retry schedule. */
const HEALTH_LIMITS = { timeoutMs: 10_000, retries: 1 } as const;

export type MscConnectionsDeps = {
  settings: SettingsStore;
  /** Base URL of the embedded demo MSC; starts it on first use. */
  demoUrl: () => Promise<string>;
  clientDeps?: MscClientDeps;
  now?: () => Date;
  /** Where a file-exchange connection keeps its agreements and written files (its workspace folder's `arge`). */
  fileExchangeDir?: (connectionId: string) => string;
};

export type MscLimits = { timeoutMs?: number; retries?: number };

export type MscConnections = {
  /** A client for the connection; the caller closes it. */
  open(id: string, limits?: MscLimits): Promise<MscClient>;
  check(id: string): Promise<ConnectionHealth>;
  /** The agreements of a file-exchange connection; refused for a connection with an API. */
  agreements(id: string): Promise<AgreementStore>;
};

export function createMscConnections(deps: MscConnectionsDeps): MscConnections {
  const now = deps.now ?? (() => new Date());
  const stores = new Map<string, Promise<AgreementStore>>();

  function storeOf(id: string): Promise<AgreementStore> {
    if (deps.fileExchangeDir === undefined)
      throw appError('INTERNAL', { key: 'fileExchange.noFolder' }, 'Für Dateiaustausch ist kein Ordner eingerichtet.');
    let found = stores.get(id);
    if (!found) {
      found = openAgreementStore(deps.fileExchangeDir(id), now);
      stores.set(id, found);
      found.catch(() => stores.delete(id));
    }
    return found;
  }

  async function fileExchangeOf(id: string): Promise<Connection & { target: { kind: 'file-exchange' } }> {
    const connection = await deps.settings.get(id);
    if (!connection)
      throw appError('VALIDATION', { key: 'connection.gone' }, 'Diese Verbindung gibt es nicht mehr. Bitte die Liste neu laden.');
    if (connection.target.kind !== 'file-exchange') {
      throw appError(
        'VALIDATION',
        { key: 'connection.notFileExchange', params: { connection: connection.name } },
        `„${connection.name}“ ist eine Verbindung über die Schnittstelle, kein Dateiaustausch.`,
      );
    }
    return connection as Connection & { target: { kind: 'file-exchange' } };
  }

  async function configFor(connection: Connection): Promise<MscClientConfig> {
    // A file-exchange connection never reaches here (open() gives it its own client).
    const baseUrl = connection.target.kind === 'url' ? connection.target.url : await deps.demoUrl();
    let auth: MscClientConfig['auth'] = { kind: 'none' };
    if (connection.auth.kind === 'oauth2-client-credentials') {
      // hasSecret false: the secret was dropped (e.g. the address changed); nothing is sent, even if one lingers.
      const secret = connection.hasSecret ? await deps.settings.getSecret(connection.id) : undefined;
      if (secret === undefined) {
        throw appError(
          'AUTH',
          { key: 'connection.noSecret', params: { connection: connection.name } },
          `Für „${connection.name}“ ist kein Kennwort gespeichert. Bitte unter „Bearbeiten“ eingeben.`,
        );
      }
      auth = {
        kind: 'oauth2',
        clientId: connection.auth.clientId,
        clientSecret: secret,
        ...(connection.auth.tokenUrl === undefined ? {} : { tokenUrl: connection.auth.tokenUrl }),
      };
    }
    if (connection.certificateMissing) {
      throw appError(
        'VALIDATION',
        { key: 'connection.certificateMissing', params: { connection: connection.name } },
        `Für „${connection.name}“ fehlt an diesem Arbeitsplatz das Client-Zertifikat. Bitte unter „Bearbeiten“ die ` +
          'Dateien wählen.',
      );
    }
    const cert = connection.clientCertificate;
    return {
      baseUrl,
      profile: connection.profile,
      auth,
      ...(cert
        ? {
            clientCertificate: {
              certPem: await readPem(cert.certPath, 'certificate'),
              keyPem: await readPem(cert.keyPath, 'key'),
              ...(cert.caPath === undefined ? {} : { caPem: await readPem(cert.caPath, 'ca') }),
            },
          }
        : {}),
    };
  }

  async function open(id: string, limits: MscLimits = {}): Promise<MscClient> {
    const connection = await deps.settings.get(id);
    if (!connection)
      throw appError('VALIDATION', { key: 'connection.gone' }, 'Diese Verbindung gibt es nicht mehr. Bitte die Liste neu laden.');
    if (connection.target.kind === 'file-exchange') {
      const target = connection.target;
      return createFileExchangeClient({ connection: { ...connection, target }, store: await storeOf(id), now });
    }
    return createMscClient({ ...(await configFor(connection)), ...limits }, deps.clientDeps ?? {});
  }

  return {
    open,
    async agreements(id) {
      await fileExchangeOf(id);
      return storeOf(id);
    },
    async check(id) {
      const checkedAt = now().toISOString();
      let client: MscClient | undefined;
      try {
        client = await open(id, HEALTH_LIMITS);
        const report = await client.health({ patience: 'interactive' });
        return { state: 'ok', checkedAt, latencyMs: report.latencyMs, apiVersion: report.apiVersion };
      } catch (err) {
        return { state: 'error', checkedAt, error: toAppError(err) };
      } finally {
        await client?.close();
      }
    },
  };
}

/** A network or device path from an older settings file is never opened (see isNetworkOrDevicePath). */
const PEM_PARTS = { certificate: 'das Client-Zertifikat', key: 'den privaten Schlüssel', ca: 'das Stammzertifikat' } as const;

async function readPem(path: string, part: keyof typeof PEM_PARTS): Promise<string> {
  try {
    if (isNetworkOrDevicePath(path)) throw new Error('network or device path');
    return await readFile(path, 'utf8');
  } catch {
    throw appError(
      'VALIDATION',
      { key: `connection.pemUnreadable.${part}` },
      `Die Datei für ${PEM_PARTS[part]} kann nicht gelesen werden. Bitte unter „Bearbeiten“ neu wählen.`,
    );
  }
}
