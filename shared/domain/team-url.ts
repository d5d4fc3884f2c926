/**
 * The one reader of the office database's `postgres://user:password@host:port/database?sslmode=…` address, for the
 * address an administrator sets in KB_TEAM_DB and the one a clerk pastes into Einstellungen → Team-Datenbank: both
 * mean the same connection (docs/team-workspace.md, "How a desk connects"). No Node, no DOM: `URL` is in both.
 *
 * TLS follows `sslmode`: `require`, `verify-ca` and `verify-full` switch it on (and the app then checks the server's
 * certificate for its name); `disable`, `allow`, `prefer` and no `sslmode` at all leave it off, as node-postgres reads
 * the same address. Any other value is refused rather than guessed.
 */
export type TeamUrlParts = { host: string; port: number; database: string; user: string; tls: boolean; password?: string };

const TLS_OFF = new Set(['disable', 'allow', 'prefer']);
const TLS_ON = new Set(['require', 'verify-ca', 'verify-full']);
export const DEFAULT_TEAM_PORT = 5432;

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/** The parts of the address; undefined when it is none (another scheme, no user, server or database, a bad sslmode). */
export function parseTeamUrl(raw: string): TeamUrlParts | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return undefined;
  const path = url.pathname.replace(/^\//, '');
  const database = path.includes('/') ? undefined : decode(path);
  const user = decode(url.username);
  const password = url.password ? decode(url.password) : '';
  // IPv6 addresses come in brackets (`[fd00::5]`); the driver wants them without.
  const host = decode(url.hostname.replace(/^\[|\]$/g, ''));
  if (!host || !database || !user || password === undefined) return undefined;
  const port = url.port ? Number(url.port) : DEFAULT_TEAM_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode !== null && !TLS_OFF.has(sslmode) && !TLS_ON.has(sslmode)) return undefined;
  return {
    host,
    port,
    database,
    user,
    tls: sslmode !== null && TLS_ON.has(sslmode),
    ...(password ? { password } : {}),
  };
}
