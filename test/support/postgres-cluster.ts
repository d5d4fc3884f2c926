/**
 * A throw-away PostgreSQL cluster for tests: `initdb` into a temporary folder, `pg_ctl start` on a free loopback
 * port with its socket in that folder, and everything removed on stop. PostgreSQL refuses to run as root, so as
 * root the cluster belongs to `nobody` and the server tools run through `runuser`.
 * Without Debian's PostgreSQL binaries (`scripts/ensure-postgres.sh` installs them) `findPostgresBin()` says why.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PostgresCluster = {
  /** `postgres://` URL of the database `kostenbruecke` as the cluster's superuser. */
  url: string;
  /** URL of another database of the same cluster, created on demand. */
  database: (name: string) => Promise<string>;
  /** Stops the server but keeps its data (the database "gone" for a while); `resume` starts it on the same port. */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The folder with `initdb` and `pg_ctl`, or the reason the team tests cannot run here. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest !== undefined) return { bin: join(root, newest, 'bin') };
  return {
    missing:
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl): run `bash scripts/ensure-postgres.sh` ' +
      "(apt-get install postgresql) to run the team-workspace tests; the local data folder's tests ran without it.",
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * `durable`: keep PostgreSQL's fsync on, as an office server runs (benchmarks that compare with the data folder's
 * fsynced files); tests leave it off, they do not survive power cuts anyway.
 */
export async function startPostgresCluster({ durable = false }: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const found = findPostgresBin();
  if ('missing' in found) throw new Error(found.missing);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'kb-pg-'));
  const data = join(dir, 'data');
  const asOwner = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'nobody', '--', join(found.bin, tool), ...args]) : run(join(found.bin, tool), args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'nobody']);
    const uid = Number(stdout.trim());
    await chown(dir, uid, uid);
  }
  await chmod(dir, 0o700);
  const port = await freePort();
  const options = `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${durable ? 'on' : 'off'} -c max_connections=100`;
  try {
    await asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    await asOwner('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const urlOf = (db: string) => `postgres://postgres@127.0.0.1:${String(port)}/${db}`;
  const created = new Set<string>();
  const database = async (name: string) => {
    if (!created.has(name)) {
      await run(join(found.bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      created.add(name);
    }
    return urlOf(name);
  };
  const url = await database('kostenbruecke');
  return {
    url,
    database,
    async pause() {
      await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async resume() {
      await asOwner('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    async stop() {
      await asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
