/**
 * Joining the team database with connections of one's own (docs/team-workspace.md, "Joining"): once per desk and
 * database, each of the desk's connections (all but the embedded demo) is
 * - matched to the office's connection to the same MSC (same address and token URL, same client id; for a file
 *   exchange the same customer number), which keeps the office's id; or otherwise
 * - taken into the office's list with its own id (a random one, so no other desk's clashes), renamed "… (2)" when
 *   the office already uses its name for another MSC.
 * The desk's secret goes along to its own store under the office connection's key, and the paths of its client
 * certificate files to its own certificate store (desk-certificates.ts); the database never sees either. The
 * desk's settings file keeps its connections as they were, for the day it leaves the team again. Joins run one at a
 * time (an advisory lock), so two desks joining with the same MSC end with one connection.
 */
import {
  DEMO_CONNECTION_ID,
  secretAddress,
  type Connection,
  type ConnectionAuth,
  type ConnectionTarget,
} from '@shared/domain/connection';
import type { SecretStore } from '@main/services/settings/secret-store';
import { sameName, type SettingsStore } from '@main/services/settings/settings-store';
import { transaction, type TeamDb } from '@main/services/team/team-db';
import { definitionOf, sharedOf, teamSecretKey, type SharedConnection } from '@main/services/team/pg-connections';
import type { DeskCertificates } from '@main/app/desk-certificates';

type Msc = { target: ConnectionTarget; auth: ConnectionAuth };

/** Whether two connections reach the same MSC as the same client (the joining rule). */
export function sameMsc(a: Msc, b: Msc): boolean {
  if (a.target.kind !== b.target.kind || secretAddress(a.target, a.auth) !== secretAddress(b.target, b.auth)) return false;
  if (a.target.kind === 'file-exchange' && b.target.kind === 'file-exchange')
    return a.target.customerNumber === b.target.customerNumber;
  const client = (c: Msc) => (c.auth.kind === 'oauth2-client-credentials' ? c.auth.clientId : null);
  return client(a) === client(b);
}

/** An advisory lock key of our own ("KBCJ"): joins of all desks run one after the other. */
const JOIN_LOCK = 0x4b42434a;
const NAME_MAX = 60;

export type JoinDeps = {
  db: TeamDb;
  deskId: string;
  local: SettingsStore;
  secrets: SecretStore;
  certificates: DeskCertificates;
  now: () => Date;
};

export async function joinOffice({ db, deskId, local, secrets, certificates, now }: JoinDeps): Promise<void> {
  const own = (await local.list()).filter((c) => c.id !== DEMO_CONNECTION_ID);
  const targets = await transaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [JOIN_LOCK]);
    const { rowCount } = await client.query('SELECT 1 FROM team_connection_joins WHERE desk_id = $1', [deskId]);
    if (rowCount) return [];
    const { rows } = await client.query<{ id: string; definition: unknown; created_at: Date; updated_at: Date }>(
      'SELECT id, definition, created_at, updated_at FROM team_connections',
    );
    const office = rows.flatMap((r) => {
      const shared = sharedOf(r);
      return shared ? [shared.connection] : [];
    });
    const pairs: [Connection, SharedConnection][] = [];
    for (const c of own) {
      const match = office.find((o) => o.id === c.id) ?? office.find((o) => sameMsc(o, c));
      if (match) {
        pairs.push([c, match]);
        continue;
      }
      const { hasSecret: _h, secretLost: _l, clientCertificate, certificateMissing: _m, ...rest } = c;
      const taken: SharedConnection = {
        ...rest,
        ...(clientCertificate ? { needsClientCertificate: true } : {}),
        name: freeName(c.name, office),
        updatedAt: now().toISOString(),
      };
      await client.query(
        `INSERT INTO team_connections (id, definition, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)`,
        [taken.id, JSON.stringify(definitionOf(taken)), taken.createdAt, taken.updatedAt, db.desk],
      );
      office.push(taken);
      pairs.push([c, taken]);
    }
    await client.query('INSERT INTO team_connection_joins (desk_id, joined_at, joined_by) VALUES ($1, $2, $3)', [
      deskId,
      now().toISOString(),
      db.desk,
    ]);
    return pairs;
  });
  for (const [c, office] of targets) {
    // The desk's certificate files stay where they are; their paths go to its own store, never to the database.
    if (c.clientCertificate && office.needsClientCertificate && (await certificates.get(office.id)) === undefined)
      await certificates.set(office.id, c.clientCertificate);
    if (!c.hasSecret || office.auth.kind !== 'oauth2-client-credentials') continue;
    const secret = await local.getSecret(c.id).catch(() => undefined);
    const key = teamSecretKey(office);
    if (secret !== undefined && (await secrets.get(key).catch(() => undefined)) === undefined) await secrets.set(key, secret);
  }
}

function freeName(name: string, office: readonly { name: string }[]): string {
  const taken = (n: string) => office.some((o) => sameName(o.name, n));
  if (!taken(name)) return name;
  for (let i = 2; ; i++) {
    const suffix = ` (${String(i)})`;
    const candidate = name.slice(0, NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!taken(candidate)) return candidate;
  }
}
