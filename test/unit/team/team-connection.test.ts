/** How a desk's team database address is read and why a connection failed, in the clerk's terms (issue 23, item 2). */
import { describe, expect, it } from 'vitest';
import { parseTeamUrl, teamProblemOf } from '@main/services/team/team-connection';
import { formFromUrl } from '@renderer/features/team/team-url';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('the team database address', () => {
  it('reads the administrator URL with its password, port and TLS', () => {
    expect(parseTeamUrl('postgres://kb:ge%40heim@db.buero.local:6543/kostenbruecke?sslmode=require')).toEqual({
      host: 'db.buero.local',
      port: 6543,
      database: 'kostenbruecke',
      user: 'kb',
      password: 'ge@heim',
      tls: true,
    });
    expect(parseTeamUrl('postgresql://kb@db/kb')).toMatchObject({ port: 5432, tls: false });
    expect(parseTeamUrl('postgres://kb@db/kb?sslmode=disable')).toMatchObject({ tls: false });
  });

  it('refuses what is no database address', () => {
    expect(parseTeamUrl('https://db.buero.local/kb')).toBeUndefined();
    expect(parseTeamUrl('postgres://db.buero.local/kb')).toBeUndefined();
    expect(parseTeamUrl('postgres://kb@db.buero.local')).toBeUndefined();
    expect(parseTeamUrl('kein Link')).toBeUndefined();
  });

  it('fills the form from a pasted address the same way, assuming encryption where the address does not say', () => {
    expect(formFromUrl(' postgres://kb:geheim@10.0.0.5:5433/buero ')).toEqual({
      host: '10.0.0.5',
      port: 5433,
      database: 'buero',
      user: 'kb',
      password: 'geheim',
      tls: true,
    });
    expect(formFromUrl('postgres://kb@10.0.0.5/buero?sslmode=disable')).toMatchObject({ tls: false });
    expect(formFromUrl('10.0.0.5:5432')).toBeUndefined();
  });
});

describe('why the connection failed', () => {
  it.each([
    [pgError('ECONNREFUSED'), 'host-unreachable'],
    [pgError('ENOTFOUND'), 'host-unreachable'],
    [new Error('Connection terminated due to connection timeout'), 'host-unreachable'],
    [pgError('28P01', 'password authentication failed for user "kb"'), 'password-wrong'],
    [pgError('3D000', 'database "buero" does not exist'), 'database-missing'],
    [pgError('28000', 'no pg_hba.conf entry for host "10.0.0.7", user "kb", database "kb", no encryption'), 'tls-required'],
    [pgError('28000', 'no pg_hba.conf entry for host "10.0.0.7", user "kb", database "kb", SSL off'), 'tls-required'],
    [new Error('The server does not support SSL connections'), 'tls-unsupported'],
    [new Error('something else'), 'other'],
  ])('%s → %s', (err, problem) => {
    expect(teamProblemOf(err)).toBe(problem);
  });
});
