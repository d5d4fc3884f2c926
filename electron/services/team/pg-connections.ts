/**
 * The office's MSC connections in the team database (table team_connections, migration 007): the definitions
 * without any secret, one row per connection id, with who changed it last and when. A save names the `updatedAt` it
 * was based on and is refused when another desk saved in between; the refusal names that desk's clerk.
 * Secrets never come here: each desk keeps its own (electron/app/connection-engine.ts).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { appError } from '@shared/domain/app-error';
import { formatGermanDate } from '@shared/domain/dates';
import {
  ClientCertificate,
  Connection,
  secretAddress,
  type ConnectionAuth,
  type ConnectionTarget,
} from '@shared/domain/connection';
import { transaction, type TeamDb } from '@main/services/team/team-db';

/**
 * A connection as the office keeps it: everything but the secret, the certificate files and what this desk knows
 * about them. Of a client certificate the office keeps only that the connection needs one: the files are copies in
 * one desk's data folder, so each desk keeps the paths of its own (electron/app/desk-certificates.ts).
 */
export const SharedConnection = Connection.omit({
  hasSecret: true,
  secretLost: true,
  clientCertificate: true,
  certificateMissing: true,
}).extend({ needsClientCertificate: z.literal(true).optional() });
export type SharedConnection = z.infer<typeof SharedConnection>;
/**
 * `legacyCertificate`: the paths a row written by an earlier version held (of the desk that chose the files); that
 * desk takes them into its own store, every other desk is asked for its own.
 */
export type StoredConnection = { connection: SharedConnection; updatedBy: string; legacyCertificate?: ClientCertificate };

export const CONNECTIONS_CHANNEL = 'kb_connections';

/**
 * The key of a team connection's secret in a desk's own store: the connection's id AND the address the secret was
 * entered for, so a connection another desk moved to a new address finds no secret and asks for it again.
 */
export function teamSecretKey(c: { id: string; target: ConnectionTarget; auth: ConnectionAuth }): string {
  const address = createHash('sha256').update(secretAddress(c.target, c.auth)).digest('hex').slice(0, 16);
  return `team:${c.id}:${address}`;
}

type Row = { id: string; definition: unknown; created_at: Date; updated_at: Date; updated_by: string };

/** A row's definition as this version reads it; `undefined` for a shape it does not know. */
export function sharedOf(
  row: Omit<Row, 'updated_by'>,
): { connection: SharedConnection; legacyCertificate?: ClientCertificate } | undefined {
  const { clientCertificate, ...definition } = row.definition as { clientCertificate?: unknown };
  const legacy = clientCertificate === undefined ? undefined : ClientCertificate.safeParse(clientCertificate);
  if (legacy && !legacy.success) return undefined;
  // A row another (newer) version of the app wrote in a shape this one does not know is left out, not guessed at.
  const parsed = SharedConnection.safeParse({
    ...definition,
    ...(legacy ? { needsClientCertificate: true } : {}),
    id: row.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  });
  if (!parsed.success) return undefined;
  return legacy ? { connection: parsed.data, legacyCertificate: legacy.data } : { connection: parsed.data };
}

function storedOf(row: Row): StoredConnection | undefined {
  const shared = sharedOf(row);
  return shared && { ...shared, updatedBy: row.updated_by };
}

export const definitionOf = ({ id: _id, createdAt: _c, updatedAt: _u, ...definition }: SharedConnection) => definition;

/** `by` is the other clerk's name; without it (a desk that created the same id at once) the text names no one. */
export function changedElsewhere(name: string, by: string | undefined, at: Date | undefined): Error {
  const when = at ? ` am ${formatGermanDate(at.toISOString().slice(0, 10))}` : '';
  const retry = 'Bitte die Liste neu laden und die Änderung dann erneut eintragen.';
  const details = {
    reason: 'changed-elsewhere',
    ...(by === undefined ? {} : { updatedBy: by }),
    ...(at ? { updatedAt: at.toISOString() } : {}),
  };
  if (by === undefined) {
    return appError(
      'CONFLICT',
      { key: 'connection.changedAtOtherDesk', params: { connection: name } },
      `Die Verbindung „${name}“ wurde inzwischen an einem anderen Arbeitsplatz geändert. ${retry}`,
      details,
    );
  }
  return appError(
    'CONFLICT',
    { key: 'connection.changedElsewhere', params: { connection: name, by } },
    `Die Verbindung „${name}“ wurde inzwischen von ${by}${when} geändert. ${retry}`,
    details,
  );
}

export type PgConnections = {
  list: () => Promise<StoredConnection[]>;
  get: (id: string) => Promise<StoredConnection | undefined>;
  /**
   * Creates (`basedOn` undefined, the id unused) or updates (`basedOn` the `updatedAt` the clerk edited) a connection;
   * refused with the other clerk's name when the row changed meanwhile or the id is taken.
   */
  put: (connection: SharedConnection, basedOn: string | undefined) => Promise<SharedConnection>;
  remove: (id: string) => Promise<void>;
};

export function pgConnections(db: TeamDb): PgConnections {
  const SELECT = 'SELECT id, definition, created_at, updated_at, updated_by FROM team_connections';
  return {
    async list() {
      const { rows } = await db.pool.query<Row>(`${SELECT} ORDER BY created_at, id`);
      return rows.map(storedOf).filter((c): c is StoredConnection => c !== undefined);
    },
    async get(id) {
      const { rows } = await db.pool.query<Row>(`${SELECT} WHERE id = $1`, [id]);
      return rows[0] && storedOf(rows[0]);
    },
    put(connection, basedOn) {
      return transaction(db, async (client) => {
        const { rows } = await client.query<Row>(`${SELECT} WHERE id = $1 FOR UPDATE`, [connection.id]);
        const now = rows[0];
        if (now && (basedOn === undefined || now.updated_at.getTime() !== Date.parse(basedOn))) {
          throw changedElsewhere(connection.name, now.updated_by, now.updated_at);
        }
        if (!now && basedOn !== undefined) {
          throw appError(
            'CONFLICT',
            { key: 'connection.gone' },
            'Diese Verbindung gibt es nicht mehr. Bitte die Liste neu laden.',
            {
              reason: 'not-found',
            },
          );
        }
        // Two saves within one millisecond must still be two versions, or a stale one would pass the check.
        const at = new Date(Math.max(Date.parse(connection.updatedAt), (now?.updated_at.getTime() ?? 0) + 1));
        const saved = {
          ...connection,
          createdAt: now?.created_at.toISOString() ?? connection.createdAt,
          updatedAt: at.toISOString(),
        };
        // A new connection two desks create with one id at once (never with random ids): the key lets one win.
        const { rowCount } = await client.query(
          `INSERT INTO team_connections (id, definition, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, updated_at = EXCLUDED.updated_at,
             updated_by = EXCLUDED.updated_by
           WHERE $6::boolean`,
          [saved.id, JSON.stringify(definitionOf(saved)), saved.createdAt, saved.updatedAt, db.desk, now !== undefined],
        );
        if (rowCount !== 1) throw changedElsewhere(connection.name, undefined, undefined);
        return saved;
      });
    },
    async remove(id) {
      await db.pool.query('DELETE FROM team_connections WHERE id = $1', [id]);
    },
  };
}
