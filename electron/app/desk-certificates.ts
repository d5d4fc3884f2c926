/**
 * A team desk's own client-certificate files for the office's connections (docs/team-workspace.md, "MSC
 * connections"): the certificate and key are copies in THIS desk's data folder (certificates.ts), so their paths mean
 * nothing at another desk and the private key must never reach the database. The office's list only says that a
 * connection needs a certificate; each desk keeps the paths of its own files here, keyed by the connection's id, in a
 * small JSON file of its data folder written atomically.
 */
import { z } from 'zod';
import { ClientCertificate } from '@shared/domain/connection';
import { moveAsideCorrupt, readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';

export const DESK_CERTIFICATES_FILE = 'team-zertifikate.json';

const DeskCertificatesFile = z.object({ version: z.literal(1), connections: z.record(z.string(), ClientCertificate) }).strict();

export type DeskCertificates = {
  get: (connectionId: string) => Promise<ClientCertificate | undefined>;
  set: (connectionId: string, certificate: ClientCertificate) => Promise<void>;
  delete: (connectionId: string) => Promise<void>;
};

export function createDeskCertificates(path: string): DeskCertificates {
  async function read(): Promise<Record<string, ClientCertificate>> {
    let raw: unknown;
    try {
      raw = await readJsonIfExists(path);
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      raw = null;
    }
    if (raw === undefined) return {};
    const parsed = DeskCertificatesFile.safeParse(raw);
    if (parsed.success) return parsed.data.connections;
    // A file that cannot be used is kept beside (nothing lost); the desk then asks for its files again.
    await moveAsideCorrupt(path);
    return {};
  }

  // One change at a time, so two saves in a row never write over each other's entry.
  let queue: Promise<unknown> = Promise.resolve();
  /** `apply` returns the new entries, or `undefined` when nothing changes. */
  function change(
    apply: (all: Record<string, ClientCertificate>) => Record<string, ClientCertificate> | undefined,
  ): Promise<void> {
    const run = queue.then(async () => {
      const next = apply(await read());
      if (next) await writeJsonAtomic(path, { version: 1, connections: next });
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    async get(id) {
      await queue;
      return (await read())[id];
    },
    set: (id, certificate) => change((all) => ({ ...all, [id]: certificate })),
    delete: (id) =>
      change((all) => {
        if (!(id in all)) return undefined;
        return Object.fromEntries(Object.entries(all).filter(([key]) => key !== id));
      }),
  };
}
