/** Why a connection to the team database failed, in the clerk's terms (issue 23, item 2); the address: team-url.test.ts. */
import { describe, expect, it } from 'vitest';
import { teamProblemOf } from '@main/services/team/team-connection';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

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
