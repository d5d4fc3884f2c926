/**
 * Client certificates of the office's connections on the team database through the real handlers (issue 23): the
 * certificate and key files are copies in one desk's data folder, so each desk keeps the paths of its own and the
 * database holds only that the connection needs a certificate — never a path, never a PEM. Desk B sees the
 * certificate missing, its check says so by name, it chooses its own files and works, and desk A's stay as they were.
 */
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { Connection, ConnectionInput } from '@shared/domain/connection';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until } from '@test/support/team-tests';

const SECRET = 'demo-secret';
const CERT = '-----BEGIN CERTIFICATE-----\nMIIBdesk\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEgeheim\n-----END PRIVATE KEY-----\n';

/** The office's connection; each desk's embedded demo MSC stands in for the MSC (it takes the demo client). */
const techem = (extra: Partial<ConnectionInput> = {}): ConnectionInput => ({
  name: 'Techem mit Zertifikat',
  mscCode: '40',
  target: { kind: 'embedded-demo' },
  profile: 'bved-v1',
  auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: SECRET },
  ...extra,
});

/** What the form sends when editing `c`: its fields as shown, the version edited, and the changes. */
const editOf = (c: Connection, changes: Partial<ConnectionInput>): ConnectionInput => ({
  id: c.id,
  name: c.name,
  mscCode: c.mscCode,
  target: c.target,
  profile: c.profile,
  auth: c.auth,
  ...(c.clientCertificate ? { clientCertificate: c.clientCertificate } : {}),
  basedOn: c.updatedAt,
  ...changes,
});

describeOnPostgres('client certificates of the office connections', () => {
  const desks = teamDesks('kb-team-certs-');
  const cluster = () => desks.cluster();

  async function desk(url: string | null, clerk: string, dir?: string) {
    const { context, dir: userDataDir } = await desks.open(url, { clerk, dir, timing: { teamHealthMs: 100 } });
    /** Uploads a certificate and a key as the browser form does; the paths of the copies in this desk's folder. */
    const takeFiles = async () => {
      const cert = context.files.put('firma.pem', new TextEncoder().encode(CERT));
      const key = context.files.put('firma.key', new TextEncoder().encode(KEY));
      return {
        certPath: (await context.handlers['connections:take-certificate']({ fileId: cert.id, part: 'cert' })).path,
        keyPath: (await context.handlers['connections:take-certificate']({ fileId: key.id, part: 'key' })).path,
      };
    };
    return Object.assign(context.handlers, { dir: userDataDir, context, takeFiles });
  }
  const closeDesk = desks.close;
  async function definitions(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ text: string }>('SELECT definition::text AS text FROM team_connections');
      return rows.map((r) => r.text);
    } finally {
      await client.end();
    }
  }

  it("keeps each desk's certificate files at that desk and only the need for one in the database", async () => {
    const url = await cluster().database('certificates');
    const a = await desk(url, 'Frau Berger');
    const b = await desk(url, 'Herr Yilmaz');

    const aFiles = await a.takeFiles();
    const created = await a['connections:save'](techem({ clientCertificate: aFiles }));
    expect(created).toMatchObject({ clientCertificate: aFiles, hasSecret: true });
    expect(created.certificateMissing).toBeUndefined();
    expect(await a['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });

    // The database holds that a certificate is needed, but no path of A's and nothing of the files.
    const [row] = await definitions(url);
    expect(row).toContain('needsClientCertificate');
    expect(row).not.toContain(a.dir);
    expect(row).not.toContain('zertifikate');
    expect(row).not.toContain('BEGIN');

    // B sees the connection needing a certificate it does not have here, and no path of A's.
    const atB = await until(
      async () => (await b['connections:list']()).find((c) => c.id === created.id),
      (c) => c !== undefined,
      "A's connection at B",
    );
    expect(atB).toMatchObject({ certificateMissing: true });
    expect(atB?.clientCertificate).toBeUndefined();
    expect(JSON.stringify(await b['connections:list']())).not.toContain(a.dir);

    // B enters only its password: the office's certificate stays required, and B's check names what is missing.
    const withSecret = await b['connections:save'](
      editOf(atB as Connection, { auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: SECRET } }),
    );
    expect(withSecret).toMatchObject({ hasSecret: true, certificateMissing: true });
    expect(await b['connections:check']({ id: created.id })).toMatchObject({
      state: 'error',
      error: { code: 'VALIDATION', key: 'connection.certificateMissing', params: { connection: 'Techem mit Zertifikat' } },
    });

    // B chooses its own files: B works with them, A keeps its own; neither desk's paths reach the other or the row.
    const bFiles = await b.takeFiles();
    const mine = await b['connections:save'](editOf(withSecret, { clientCertificate: bFiles }));
    expect(mine.clientCertificate).toEqual(bFiles);
    expect(mine.certificateMissing).toBeUndefined();
    expect(await b['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });
    const atA = await until(
      async () => (await a['connections:list']()).find((c) => c.id === created.id),
      (c) => c?.updatedAt === mine.updatedAt,
      "B's save at A",
    );
    expect(atA?.clientCertificate).toEqual(aFiles);
    expect(await a['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });
    expect(JSON.stringify(await b['connections:list']())).not.toContain(a.dir);
    expect(JSON.stringify(await a['connections:list']())).not.toContain(b.dir);
    const [after] = await definitions(url);
    expect(after).not.toContain(a.dir);
    expect(after).not.toContain(b.dir);
    expect(after).not.toContain('BEGIN');

    // A desk that has its files takes the certificate off: the office's connection needs none any more, at every desk.
    const { clientCertificate: _off, ...withoutCertificate } = editOf(atA as Connection, {});
    const off = await a['connections:save'](withoutCertificate);
    expect(off.clientCertificate).toBeUndefined();
    const atBAfter = await until(
      async () => (await b['connections:list']()).find((c) => c.id === created.id),
      (c) => c?.updatedAt === off.updatedAt,
      'the certificate taken off at B',
    );
    expect(atBAfter?.clientCertificate).toBeUndefined();
    expect(atBAfter?.certificateMissing).toBeUndefined();
    expect(await b['connections:check']({ id: created.id })).toMatchObject({ state: 'ok' });
  }, 60_000);

  it('takes the certificate paths of a joining desk into its own store, and reads them from an older row', async () => {
    const url = await cluster().database('joining');
    // Desk C worked alone with a certificate; it joins, and the office's row holds no path of it.
    const c = await desk(null, 'Frau Berger');
    const cFiles = await c.takeFiles();
    const own = await c['connections:save'](techem({ clientCertificate: cFiles }));
    await closeDesk(c.context);
    const joined = await desk(url, 'Frau Berger', c.dir);
    expect((await joined['connections:list']()).find((x) => x.id === own.id)).toMatchObject({
      clientCertificate: cFiles,
      hasSecret: true,
    });
    const [row] = await definitions(url);
    expect(row).toContain('needsClientCertificate');
    expect(row).not.toContain(c.dir);
    expect(await joined['connections:check']({ id: own.id })).toMatchObject({ state: 'ok' });

    // A row an earlier version wrote with C's paths in it: C keeps them as its own, desk E is asked for its files.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      `UPDATE team_connections SET definition = (definition - 'needsClientCertificate') || jsonb_build_object('clientCertificate', $2::jsonb) WHERE id = $1`,
      [own.id, JSON.stringify(cFiles)],
    );
    await client.end();
    await closeDesk(joined.context);
    await rm(`${c.dir}/team-zertifikate.json`);
    const back = await desk(url, 'Frau Berger', c.dir);
    expect((await back['connections:list']()).find((x) => x.id === own.id)).toMatchObject({ clientCertificate: cFiles });
    const e = await desk(url, 'Herr Yilmaz');
    const atE = (await e['connections:list']()).find((x) => x.id === own.id);
    expect(atE).toMatchObject({ certificateMissing: true });
    expect(JSON.stringify(atE)).not.toContain(c.dir);
  }, 60_000);
});
