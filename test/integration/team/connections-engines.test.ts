/**
 * One contract, two engines (issue 23): the MSC connections of a desk keep the same promises in the settings file
 * and, on a team desk, in the office's list in the team database (electron/app/connection-engine.ts): create, list
 * with the built-in demo first, edit keeping the secret, an address change dropping it, one name per connection,
 * remove with the secret, mappings remembered for a connection. Secrets stay in the desk's own store either way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineMappingKind, type ConnectionInput } from '@shared/domain/connection';
import { z } from 'zod';
import { createConnectionEngine, type ConnectionEngine } from '@main/app/connection-engine';
import { createDeskCertificates } from '@main/app/desk-certificates';
import type { TeamLink } from '@main/app/team-link';
import { createFileSecretStore } from '@main/services/settings/secret-store';
import { deserializeSettings } from '@main/services/settings/settings-file';
import { createSettingsStore } from '@main/services/settings/settings-store';
import { openTeamDb, type TeamDb } from '@main/services/team/team-db';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '@test/support/postgres-cluster';

const found = findPostgresBin();
const dirs: string[] = [];
let cluster: PostgresCluster | undefined;
const dbs: TeamDb[] = [];

/** A desk's connections on `db` (the team database), or in its settings file alone (`undefined`). */
async function desk(db: TeamDb | undefined): Promise<ConnectionEngine> {
  const dir = await mkdtemp(join(tmpdir(), 'kb-conn-engine-'));
  dirs.push(dir);
  const backend = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings });
  const secrets = createFileSecretStore(join(dir, 'secrets.json'));
  const local = createSettingsStore({
    backend,
    secrets,
    knownElsewhere: (id) => engine.knownInTeam(id),
  });
  const link = { isTeam: () => db !== undefined, db: () => db } as unknown as TeamLink;
  const engine = createConnectionEngine({
    local,
    secrets,
    certificates: createDeskCertificates(join(dir, 'team-zertifikate.json')),
    link: Promise.resolve(link),
    deskId: () => Promise.resolve(dir),
  });
  return engine;
}

const engines: { name: string; open: () => Promise<ConnectionEngine> }[] = [
  { name: 'settings file', open: () => desk(undefined) },
  ...('missing' in found
    ? []
    : [
        {
          name: 'team database',
          open: async () => {
            const db = await openTeamDb({
              url: await (cluster as PostgresCluster).database(`c${String(dbs.length)}`),
              desk: 'Frau Berger',
            });
            dbs.push(db);
            return desk(db);
          },
        },
      ]),
];

beforeAll(async () => {
  if (!('missing' in found)) cluster = await startPostgresCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(dbs.map((d) => d.close()));
  await cluster?.stop();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

if ('missing' in found) {
  describe('connections in the team database', () => {
    (process.env.CI ? it : it.skip)(`cannot run: ${found.missing}`, () => {
      throw new Error(found.missing);
    });
  });
}

const ista: ConnectionInput = {
  name: 'ista Produktion',
  mscCode: '40',
  target: { kind: 'url', url: 'https://api.ista.example/bved' },
  profile: 'bved-v1',
  auth: { kind: 'oauth2-client-credentials', clientId: 'kunde-4711', clientSecret: 's3cret' },
};
const COLUMNS = defineMappingKind('test:columns', z.object({ name: z.string() }));

describe.each(engines)('MSC connections ($name)', (engine) => {
  it('creates, lists after the demo, edits keeping the secret, refuses a second name, remembers mappings, removes', async () => {
    const connections = await engine.open();
    const created = await connections.save(ista);
    expect(created).toMatchObject({ name: 'ista Produktion', hasSecret: true });
    expect((await connections.list()).map((c) => c.id)).toEqual(['demo', created.id]);
    expect(await connections.getSecret(created.id)).toBe('s3cret');

    const renamed = await connections.save({
      ...ista,
      id: created.id,
      name: 'ista',
      basedOn: created.updatedAt,
      auth: { kind: 'oauth2-client-credentials', clientId: 'kunde-4711' },
    });
    expect(renamed).toMatchObject({ id: created.id, name: 'ista', hasSecret: true, createdAt: created.createdAt });
    expect(await connections.getSecret(created.id)).toBe('s3cret');
    await expect(connections.save({ ...ista, name: 'ISTA' })).rejects.toMatchObject({
      appError: { code: 'VALIDATION', details: { reason: 'duplicate-name' } },
    });

    await connections.rememberMapping(created.id, COLUMNS, { name: 'Spalte B' });
    expect(await connections.getMapping(created.id, COLUMNS)).toEqual({ name: 'Spalte B' });

    // Another address: the secret entered for the old one is not sent there.
    const moved = await connections.save({
      ...ista,
      id: created.id,
      name: 'ista',
      basedOn: renamed.updatedAt,
      target: { kind: 'url', url: 'https://api.other.example/bved' },
      auth: { kind: 'oauth2-client-credentials', clientId: 'kunde-4711' },
    });
    expect(moved.hasSecret).toBe(false);
    expect(await connections.getSecret(created.id)).toBeUndefined();

    await connections.remove(created.id);
    expect((await connections.list()).map((c) => c.id)).toEqual(['demo']);
    expect(await connections.get(created.id)).toBeUndefined();
  });

  it('refuses an OAuth2 connection without a secret and keeps nothing of it', async () => {
    const connections = await engine.open();
    await expect(
      connections.save({ ...ista, auth: { kind: 'oauth2-client-credentials', clientId: 'kunde-4711' } }),
    ).rejects.toMatchObject({ appError: { code: 'VALIDATION' } });
    expect((await connections.list()).map((c) => c.id)).toEqual(['demo']);
  });
});
