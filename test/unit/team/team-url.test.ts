/**
 * The one reader of the team database's address (shared/domain/team-url.ts): KB_TEAM_DB and the address pasted into
 * Einstellungen → Team-Datenbank mean the same connection.
 */
import { describe, expect, it } from 'vitest';
import { parseTeamUrl } from '@shared/domain/team-url';
import { parseTeamUrl as parseForDesk } from '@main/services/team/team-connection';

describe('the team database address', () => {
  it('reads server, port, database, user and password, the password percent-decoded', () => {
    expect(parseTeamUrl(' postgres://kb:ge%40heim%2F1@db.buero.local:6543/kostenbruecke?sslmode=require ')).toEqual({
      host: 'db.buero.local',
      port: 6543,
      database: 'kostenbruecke',
      user: 'kb',
      password: 'ge@heim/1',
      tls: true,
    });
    expect(parseTeamUrl('postgresql://m%C3%BCller%40buero:%C3%9F%3A%25x@db/b%C3%BCro')).toMatchObject({
      user: 'müller@buero',
      password: 'ß:%x',
      database: 'büro',
    });
  });

  it('takes the default port and no password when the address names none', () => {
    const parts = parseTeamUrl('postgres://kb@db/kb');
    expect(parts).toEqual({ host: 'db', port: 5432, database: 'kb', user: 'kb', tls: false });
    expect(parts).not.toHaveProperty('password');
  });

  it('reads an IPv6 server without its brackets', () => {
    expect(parseTeamUrl('postgres://kb@[fd00::5]:5433/kb')).toMatchObject({ host: 'fd00::5', port: 5433 });
    expect(parseTeamUrl('postgres://kb@[::1]/kb')).toMatchObject({ host: '::1', port: 5432 });
  });

  it.each([
    ['', false],
    ['?sslmode=disable', false],
    ['?sslmode=allow', false],
    ['?sslmode=prefer', false],
    ['?sslmode=require', true],
    ['?sslmode=verify-ca', true],
    ['?sslmode=verify-full', true],
    ['?application_name=kb&sslmode=verify-full', true],
  ])('switches TLS by sslmode: "%s" → %s', (query, tls) => {
    expect(parseTeamUrl(`postgres://kb@db/kb${query}`)).toMatchObject({ tls });
  });

  it.each([
    ['another scheme', 'https://kb@db.buero.local/kb'],
    ['no user', 'postgres://db.buero.local/kb'],
    ['no database', 'postgres://kb@db.buero.local'],
    ['no database, only a slash', 'postgres://kb@db.buero.local/'],
    ['a path beyond the database', 'postgres://kb@db.buero.local/kb/more'],
    ['no server', 'postgres://kb@/kb'],
    ['port 0', 'postgres://kb@db:0/kb'],
    ['a port out of range', 'postgres://kb@db:70000/kb'],
    ['a broken percent code', 'postgres://kb:%zz@db/kb'],
    ['an sslmode nobody knows', 'postgres://kb@db/kb?sslmode=requir'],
    ['no address at all', 'kein Link'],
    ['server and port only', '10.0.0.5:5432'],
  ])('refuses %s', (_what, raw) => {
    expect(parseTeamUrl(raw)).toBeUndefined();
  });

  it('is the reader the desk uses for KB_TEAM_DB', () => {
    expect(parseForDesk).toBe(parseTeamUrl);
  });
});
