/**
 * The address of the office's database as the form and KB_TEAM_DB give it, and why a connection failed in the
 * clerk's terms (docs/team-workspace.md, "How a desk connects").
 */
import pg from 'pg';
import type { TeamDbForm, TeamProblem } from '@shared/ipc/channels/team';

// The address is read by the one reader the settings screen uses too.
export { parseTeamUrl } from '@shared/domain/team-url';

export type TeamAddress = Omit<TeamDbForm, 'password'> & { password?: string };

/** The pg pool settings of an address; with TLS the server's certificate must be valid for its name. */
export function poolConfig(address: TeamAddress): pg.PoolConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: address.user,
    ...(address.password === undefined ? {} : { password: address.password }),
    ssl: address.tls ? { rejectUnauthorized: true, servername: address.host } : false,
  };
}

type PgLikeError = Error & { code?: string };

/** What went wrong, from the driver's error: the SQLSTATE where the server answered, the socket error where not. */
export function teamProblemOf(err: unknown): TeamProblem {
  const e = err as PgLikeError;
  const text = e.message;
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case '57P01': // the server shut down
    case '57P03': // the server is starting or stopping
      return 'host-unreachable';
    case '28P01':
      return 'password-wrong';
    case '3D000':
      return 'database-missing';
    case '28000':
      // pg_hba.conf refuses the unencrypted connection, or (with a `hostssl` line only) has no entry for it.
      return /no encryption|SSL off/i.test(text) ? 'tls-required' : 'password-wrong';
    default:
      break;
  }
  if (/does not support SSL/i.test(text)) return 'tls-unsupported';
  if (/timeout|terminated unexpectedly|Connection terminated/i.test(text)) return 'host-unreachable';
  if (/password authentication failed|no password supplied|SASL/i.test(text)) return 'password-wrong';
  return 'other';
}

/** Connects once and asks the server something; answers the problem or undefined when the database can be used. */
export async function probeTeamDb(address: TeamAddress, timeoutMs = 8000): Promise<TeamProblem | undefined> {
  const client = new pg.Client({ ...poolConfig(address), connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return teamProblemOf(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}
