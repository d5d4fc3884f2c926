/**
 * What a file-exchange connection keeps in its workspace folder instead of an MSC (docs/arge.md, "File-exchange
 * connection"): the agreement per property, the On-Site-Roles data set per unit (the tenant-list import delivers
 * it here), and the ARGE files written per period, each set in its own folder under a manifest with sizes and
 * SHA-256. Every write is atomic; files written for a period are never replaced. A damaged file is set aside and
 * named in the problems, the rest stays usable.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { Agreement, StoredAgreement } from '@shared/arge/agreement';
import { WrittenFile } from '@shared/arge/written-file';
import { OnSiteRolesRecord, type OnSiteRoles } from '@shared/msc/on-site-roles';
import { appError } from '@shared/domain/app-error';
import { describeIssues, IsoDate } from '@shared/msc/primitives';
import { moveAsideCorrupt, readJsonIfExists, writeJsonAtomic, writeNewFileAtomic } from '@main/lib/atomic-file';

const Manifest = z
  .object({
    transactionid: z.string().min(1),
    billingunit: z.string().min(1),
    periodTo: IsoDate,
    at: z.string(),
    files: z.array(WrittenFile).min(1),
  })
  .strict();
export type WrittenSet = z.infer<typeof Manifest>;

export type AgreementStore = {
  list: () => StoredAgreement[];
  get: (billingunit: string) => StoredAgreement | undefined;
  save: (agreement: Agreement) => Promise<StoredAgreement>;
  /** The data set kept per unit of the property, by the MSC user number. */
  roles: (billingunit: string) => ReadonlyMap<string, OnSiteRoles>;
  getRoles: (billingunit: string, unit: string) => OnSiteRolesRecord | undefined;
  putRoles: (billingunit: string, unit: string, roles: OnSiteRoles) => Promise<OnSiteRolesRecord>;
  /** The periods files were written for: period end → the set. */
  written: (billingunit: string) => ReadonlyMap<string, WrittenSet>;
  /** Stores a period's files under a new transaction id; refused when files were written for the period already. */
  writeFiles: (
    billingunit: string,
    periodTo: string,
    files: readonly { name: string; bytes: Uint8Array }[],
  ) => Promise<WrittenSet>;
  /** One written file, checked against its manifest; undefined when it is gone or no longer what was written. */
  readFile: (transactionid: string, name: string) => Promise<Uint8Array | undefined>;
  problems: () => readonly string[];
};

const SAFE_NAME = /^[A-Za-z0-9._-]{1,100}$/;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const compact = (iso: string): string => iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export async function openAgreementStore(dir: string, now: () => Date = () => new Date()): Promise<AgreementStore> {
  const agreementsDir = join(dir, 'vereinbarungen');
  const rolesDir = join(dir, 'nutzerdaten');
  const filesDir = join(dir, 'dateien');
  const problems: string[] = [];
  const agreements = new Map<string, StoredAgreement>();
  const roles = new Map<string, OnSiteRolesRecord>();
  const sets = new Map<string, WrittenSet>();
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  async function load<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | undefined> {
    try {
      const parsed = schema.safeParse(await readJsonIfExists(path));
      if (parsed.success) return parsed.data;
    } catch {
      // unreadable JSON: set aside below
    }
    const movedTo = await moveAsideCorrupt(path, now()).catch(() => undefined);
    problems.push(`${path} war beschädigt${movedTo === undefined ? '' : ` und liegt jetzt unter ${movedTo}`}.`);
    return undefined;
  }
  const jsonNames = async (d: string): Promise<string[]> =>
    (await readdir(d).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.'));

  for (const name of await jsonNames(agreementsDir)) {
    const stored = await load(join(agreementsDir, name), StoredAgreement);
    if (stored) agreements.set(stored.agreement.billingunit, stored);
  }
  for (const name of await jsonNames(rolesDir)) {
    const record = await load(join(rolesDir, name), OnSiteRolesRecord);
    if (record) roles.set(name.slice(0, -'.json'.length), record);
  }
  for (const name of await readdir(filesDir).catch(() => [] as string[])) {
    if (name.startsWith('.')) continue;
    const manifest = await load(join(filesDir, name, 'manifest.json'), Manifest);
    if (manifest) sets.set(manifest.transactionid, manifest);
  }

  const rolesKey = (bu: string, unit: string): string => `${bu}-${unit}`;

  return {
    list: () => [...agreements.values()].sort((a, b) => a.agreement.billingunit.localeCompare(b.agreement.billingunit)),
    get: (bu) => agreements.get(bu),
    save: (raw) =>
      serial(async () => {
        const parsed = Agreement.safeParse(raw);
        if (!parsed.success) {
          const issues = describeIssues(parsed.error);
          throw appError(
            'VALIDATION',
            { key: 'fileExchange.agreementNotSaved', params: { issues: issues.slice(0, 5).join('; ') } },
            `Die Vereinbarung wurde nicht gespeichert: ${issues.slice(0, 5).join('; ')}`,
            { issues },
          );
        }
        const stored: StoredAgreement = { agreement: parsed.data, updatedAt: now().toISOString() };
        await mkdir(agreementsDir, { recursive: true });
        await writeJsonAtomic(join(agreementsDir, `${parsed.data.billingunit}.json`), stored);
        agreements.set(parsed.data.billingunit, stored);
        return stored;
      }),
    roles: (bu) => {
      const out = new Map<string, OnSiteRoles>();
      for (const [key, record] of roles) {
        if (!key.startsWith(`${bu}-`)) continue;
        const { transactionid: _t, acceptedat: _a, ...data } = record;
        out.set(key.slice(bu.length + 1), data);
      }
      return out;
    },
    getRoles: (bu, unit) => roles.get(rolesKey(bu, unit)),
    putRoles: (bu, unit, data) =>
      serial(async () => {
        const at = now().toISOString();
        const record: OnSiteRolesRecord = { ...data, transactionid: `OSR-${compact(at)}-${unit}`, acceptedat: at };
        await mkdir(rolesDir, { recursive: true });
        await writeJsonAtomic(join(rolesDir, `${rolesKey(bu, unit)}.json`), record);
        roles.set(rolesKey(bu, unit), record);
        return record;
      }),
    written: (bu) => new Map([...sets.values()].filter((s) => s.billingunit === bu).map((s) => [s.periodTo, s])),
    writeFiles: (bu, periodTo, files) =>
      serial(async () => {
        if ([...sets.values()].some((s) => s.billingunit === bu && s.periodTo === periodTo)) {
          throw appError(
            'CONFLICT',
            { key: 'fileExchange.filesWritten', params: { billingunit: bu } },
            `Für die Liegenschaft ${bu} sind die Dateien dieses Zeitraums schon erzeugt.`,
          );
        }
        for (const f of files) if (!SAFE_NAME.test(f.name)) throw new Error(`unsafe ARGE file name ${f.name}`);
        const at = now().toISOString();
        const transactionid = `ARGE-${compact(at)}-${randomBytes(3).toString('hex')}`;
        const folder = join(filesDir, transactionid);
        await mkdir(folder, { recursive: true });
        for (const f of files) await writeNewFileAtomic(join(folder, f.name), f.bytes);
        const set: WrittenSet = {
          transactionid,
          billingunit: bu,
          periodTo,
          at,
          files: files.map((f) => ({ name: f.name, size: f.bytes.byteLength, sha256: sha256(f.bytes) })),
        };
        // The manifest last: a crash before it leaves files nobody lists, never a listing without its files.
        await writeNewFileAtomic(join(folder, 'manifest.json'), `${JSON.stringify(set, null, 2)}\n`);
        sets.set(transactionid, set);
        return set;
      }),
    async readFile(transactionid, name) {
      const listed = sets.get(transactionid)?.files.find((f) => f.name === name);
      if (!listed) return undefined;
      const bytes = await readFile(join(filesDir, transactionid, name)).catch(() => undefined);
      if (!bytes || sha256(bytes) !== listed.sha256) return undefined;
      return new Uint8Array(bytes);
    },
    problems: () => problems,
  };
}
