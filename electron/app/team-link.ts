/**
 * This desk's link to the team database: opens it when configured, checks every few seconds that it still answers,
 * and says so at once when it does not (the `team:status` event, the banner). Coming back is announced too, so the
 * workspaces reopen on the database and the editor saves what the clerk typed meanwhile, with the revision check.
 */
import type { TeamProblem, TeamStatus } from '@shared/ipc/channels/team';
import { AppErrorException } from '@shared/domain/app-error';
import type { Log } from '@main/lib/log';
import { openTeamDb, type TeamDb } from '@main/services/team/team-db';
import { poolConfig, probeTeamDb, teamProblemOf, type TeamAddress } from '@main/services/team/team-connection';
import type { TeamSettings } from '@main/app/team-settings';

export type TeamLink = {
  status(): Promise<TeamStatus>;
  /** The open database; refused with the clerk's reason while there is none. */
  db(): TeamDb;
  /** Whether this desk works on a team database (also while it is out of reach). */
  isTeam(): boolean;
  /** Reconnects after the configuration changed. */
  reconfigure(): Promise<void>;
  /** A failed query that looks like the server is gone: report offline at once instead of at the next check. */
  noticeFailure(err: unknown): void;
  /** Tells the listeners the status again (the clerk's name changed). */
  changed(): Promise<void>;
  /** Heard on every change of status; `reopen` when the workspaces must be opened again on the database. */
  onChange(listener: (status: TeamStatus, reopen: boolean) => void): void;
  close(): Promise<void>;
};

export type TeamLinkDeps = { settings: TeamSettings; log: Log; healthIntervalMs?: number };

export const OFFLINE_MESSAGE =
  'Die Team-Datenbank ist nicht erreichbar. Ihre Eingaben bleiben in diesem Fenster und werden gespeichert, sobald sie wieder erreichbar ist.';

export function offlineError(): AppErrorException {
  return new AppErrorException({ code: 'NETWORK', message: OFFLINE_MESSAGE, key: 'team.offline' });
}

export async function createTeamLink({ settings, log, healthIntervalMs = 3000 }: TeamLinkDeps): Promise<TeamLink> {
  let db: TeamDb | undefined;
  let configured = false;
  let online = true;
  let problem: TeamProblem | undefined;
  let clerk = await settings.clerk();
  const listeners: ((status: TeamStatus, reopen: boolean) => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let checking: Promise<void> | undefined;

  async function status(): Promise<TeamStatus> {
    const described = await settings.describe();
    clerk = await settings.clerk();
    return {
      mode: described ? 'team' : 'local',
      source: described?.source ?? null,
      connection: described
        ? {
            host: described.address.host,
            port: described.address.port,
            database: described.address.database,
            user: described.address.user,
            tls: described.address.tls,
            hasPassword: described.hasPassword,
          }
        : null,
      clerk: clerk ?? null,
      online: described ? online : true,
      ...(described && problem ? { problem } : {}),
    };
  }

  async function announce(reopen: boolean): Promise<void> {
    const now = await status();
    for (const l of listeners) l(now, reopen);
  }

  async function connect(address: TeamAddress): Promise<void> {
    try {
      db = await openTeamDb({ url: poolConfig(address), desk: () => clerk ?? 'Unbenannter Arbeitsplatz' });
      online = true;
      problem = undefined;
    } catch (err) {
      online = false;
      problem = teamProblemOf(err);
      log('the team database could not be opened', err);
    }
  }

  async function check(): Promise<void> {
    if (!configured || closed) return;
    const wasOnline = online && db !== undefined;
    if (db) {
      try {
        await db.pool.query('SELECT 1');
        online = true;
        problem = undefined;
      } catch (err) {
        online = false;
        problem = teamProblemOf(err);
      }
    } else {
      const config = await settings.config();
      if (config) await connect(config.address);
    }
    const nowOnline = online && db !== undefined;
    if (wasOnline !== nowOnline) await announce(nowOnline);
    // Back: the listening client that failed with the server is replaced at once, so other desks' changes are heard.
    if (nowOnline && !wasOnline) void db?.reconnect().catch(() => undefined);
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!configured || closed) return;
    timer = setTimeout(() => {
      checking = check()
        .catch((err: unknown) => {
          log('checking the team database failed', err);
        })
        .finally(schedule);
    }, healthIntervalMs);
    timer.unref();
  }

  async function open(): Promise<void> {
    const config = await settings.config();
    configured = config !== undefined;
    online = true;
    problem = undefined;
    if (config) await connect(config.address);
    schedule();
  }

  await open();

  return {
    status,
    db() {
      if (!db || !online) throw offlineError();
      return db;
    },
    isTeam: () => configured,
    async reconfigure() {
      clearTimeout(timer);
      await checking;
      const old = db;
      db = undefined;
      await open();
      await announce(true);
      await old?.close().catch(() => undefined);
    },
    noticeFailure(err) {
      if (err instanceof AppErrorException || !configured || !online) return;
      if (teamProblemOf(err) !== 'host-unreachable') return;
      online = false;
      problem = 'host-unreachable';
      void announce(false);
    },
    changed: () => announce(false),
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await checking;
      await db?.close().catch(() => undefined);
    },
  };
}

/** Tests the address before it is saved; refused with the clerk's reason. */
export async function assertReachable(address: TeamAddress): Promise<void> {
  const problem = await probeTeamDb(address);
  if (problem === undefined) return;
  throw new AppErrorException({
    code: problem === 'host-unreachable' ? 'NETWORK' : problem === 'password-wrong' ? 'AUTH' : 'VALIDATION',
    message: PROBLEM_TEXT[problem],
    key: `team.problem.${problem}`,
    details: { problem },
  });
}

const PROBLEM_TEXT: Record<TeamProblem, string> = {
  'host-unreachable': 'Der Datenbank-Server ist nicht erreichbar. Bitte Servername und Port prüfen.',
  'password-wrong': 'Benutzer oder Passwort wurden vom Datenbank-Server abgelehnt.',
  'database-missing': 'Diese Datenbank gibt es auf dem Server nicht. Bitte den Namen der Datenbank prüfen.',
  'tls-required': 'Der Server verlangt eine geschützte Verbindung (TLS). Bitte „Geschützte Verbindung (TLS)“ einschalten.',
  'tls-unsupported':
    'Der Server bietet keine geschützte Verbindung (TLS) an. Bitte „Geschützte Verbindung (TLS)“ ausschalten oder den Server einrichten.',
  other: 'Die Verbindung zur Team-Datenbank ist fehlgeschlagen.',
};
