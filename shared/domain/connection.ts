/**
 * MSC connections and the settings file. A PM works with several MSCs; each connection names one MSC,
 * where it is reached, which path profile it speaks and how it authenticates. Secrets never appear
 * here: the form sends one in `ConnectionInput`, the stored `Connection` only says `hasSecret`.
 */
import { z } from 'zod';
import type { StorageProblem } from '@shared/domain/storage-problem';
import { SecureUrl } from '@shared/domain/url-policy';
import { MSC_COMPANY_CODES } from '@shared/domain/codes';
import { PathProfileSchema } from '@shared/msc/operations';
import { CustomerNumber } from '@shared/msc/primitives';

export const DEMO_CONNECTION_ID = 'demo';
/** The embedded demo MSC's default client (docs/msc-contract.md, fixed points); public, not a real secret. */
export const DEMO_CLIENT = { clientId: 'demo', clientSecret: 'demo-secret' } as const;

const httpUrl = SecureUrl;

/** Absolute path on Linux/macOS (`/…`) or Windows (`C:\…`, `\\server\…`). */
const absolutePath = z
  .string()
  .min(1, { message: 'darf nicht leer sein' })
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, { message: 'muss ein vollständiger Dateipfad sein' });

/**
 * What M field 6 of an ARGE file carries as the PM's order criterion (docs/arge.md): the recipient's partner number,
 * or the number of the unit, as agreed with the MSC.
 */
export const ORDER_CRITERIA = ['partner', 'unit'] as const;
export const OrderCriterionSetting = z.enum(ORDER_CRITERIA);
export type OrderCriterionSetting = z.infer<typeof OrderCriterionSetting>;

/**
 * Where the MSC is: a URL, the demo MSC inside the app whose port is only known at runtime, or no API at all: a
 * file exchange (ARGE Heiwako files, docs/arge.md "File-exchange connection"), where the app writes the files
 * and keeps the agreement per property itself. The customer number is the PM's at that MSC (field 3 of every record).
 */
export const ConnectionTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: httpUrl }).strict(),
  z.object({ kind: z.literal('embedded-demo') }).strict(),
  z.object({ kind: z.literal('file-exchange'), customerNumber: CustomerNumber, orderCriterion: OrderCriterionSetting }).strict(),
]);
export type ConnectionTarget = z.infer<typeof ConnectionTarget>;
export type FileExchangeTarget = Extract<ConnectionTarget, { kind: 'file-exchange' }>;

export const isFileExchange = (c: { target: ConnectionTarget } | undefined): boolean => c?.target.kind === 'file-exchange';

/** mTLS client certificate as PEM files (one MSC requires it in its test system). */
export const ClientCertificate = z
  .object({ certPath: absolutePath, keyPath: absolutePath, caPath: absolutePath.optional() })
  .strict();
export type ClientCertificate = z.infer<typeof ClientCertificate>;

export const CERTIFICATE_PARTS = ['cert', 'key', 'ca'] as const;
export const CertificatePart = z.enum(CERTIFICATE_PARTS);
export type CertificatePart = z.infer<typeof CertificatePart>;

/**
 * A network share (`\\server\share`, `//server/share`) or a device (`\\.\`, `\\?\`, `/dev/…`): never opened, not
 * even to see whether it exists (on Windows opening a share can hand the user's NTLM credentials to that server).
 */
export function isNetworkOrDevicePath(path: string): boolean {
  return /^([\\/]{2}|\/(dev|proc|sys)(\/|$))/i.test(path.trim());
}

const takenPath = absolutePath.refine((p) => !isNetworkOrDevicePath(p), {
  message: 'darf kein Netzwerk- oder Gerätepfad sein; bitte die Datei über „Datei wählen …“ übernehmen',
});

/** What the form sends: the paths of copies taken into the data folder (see electron/app/certificates.ts). */
export const ClientCertificateInput = z
  .object({ certPath: takenPath, keyPath: takenPath, caPath: takenPath.optional() })
  .strict();

const clientId = z.string().trim().min(1, { message: 'darf nicht leer sein' }).max(200, { message: 'ist zu lang' });
/** Omitted: the token URL is derived from the connection URL (`/oauth/token`). */
const tokenUrl = httpUrl.optional();

export const ConnectionAuth = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('oauth2-client-credentials'), tokenUrl, clientId }).strict(),
]);
export type ConnectionAuth = z.infer<typeof ConnectionAuth>;

export const AuthInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z
    .object({
      kind: z.literal('oauth2-client-credentials'),
      tokenUrl,
      clientId,
      /** Omitted or empty when editing: keep the stored secret. */
      clientSecret: z.string().max(4096, { message: 'ist zu lang' }).optional(),
    })
    .strict(),
]);
export type AuthInput = z.infer<typeof AuthInput>;

const connectionFields = {
  name: z.string().trim().min(1, { message: 'darf nicht leer sein' }).max(60, { message: 'darf höchstens 60 Zeichen lang sein' }),
  mscCode: z.enum(MSC_COMPANY_CODES, {
    message: `ist kein bekannter Messdienst (Tabelle U, erlaubt: ${MSC_COMPANY_CODES.join(', ')})`,
  }),
  target: ConnectionTarget,
  profile: PathProfileSchema,
  clientCertificate: ClientCertificate.optional(),
  /**
   * The day of the month by which the MSC takes tenant changes (On-Site-Roles) into that month's processing, as the
   * MSC's contract states it (docs/deadlines.md); absent when the clerk has not entered it.
   */
  tenantChangeCutoffDay: z.int().min(1).max(31).optional(),
};

/** What the connection form sends: without `id` it creates a connection, with `id` it updates one. */
export const ConnectionInput = z
  .object({
    id: z.string().min(1).max(100).optional(),
    ...connectionFields,
    clientCertificate: ClientCertificateInput.optional(),
    auth: AuthInput,
    /**
     * The `updatedAt` of the connection the form edited: on a team desk a save based on an older one is refused
     * (another clerk changed it meanwhile). Ignored for connections kept in this desk's settings file.
     */
    basedOn: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type ConnectionInput = z.infer<typeof ConnectionInput>;

/**
 * Where a connection's secret goes: the MSC's address and the token URL. A stored secret belongs to this address;
 * when it changes, the secret is dropped and asked for again, so it never follows the connection to another host.
 */
export function secretAddress(target: ConnectionTarget, auth: { kind: string; tokenUrl?: string | undefined }): string {
  const tokenUrl = auth.kind === 'oauth2-client-credentials' ? auth.tokenUrl : undefined;
  return JSON.stringify([
    target.kind === 'url' ? sameUrl(target.url) : target.kind,
    tokenUrl === undefined ? null : sameUrl(tokenUrl),
  ]);
}

/** `https://a.example` and `https://A.example/` are one address; anything unparsable is compared as typed. */
function sameUrl(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

/**
 * Why a connection that had a secret needs it entered again: it was stored encrypted by the desktop app's
 * safeStorage, which this process does not have (browser mode; the desktop app can still read it), it is encrypted
 * but cannot be decrypted here (another user account, machine or keyring), it is gone, or the connection's address
 * changed (a secret is only ever sent where it was entered for); or, for a connection of the team database, this desk
has never been given it (each desk keeps its own, docs/team-workspace.md).
 */
export const SECRET_LOSSES = ['desktop-encrypted', 'undecryptable', 'missing', 'address-changed', 'other-desk'] as const;
export const SecretLoss = z.enum(SECRET_LOSSES);
export type SecretLoss = z.infer<typeof SecretLoss>;

export const Connection = z
  .object({
    id: z.string().min(1),
    ...connectionFields,
    auth: ConnectionAuth,
    hasSecret: z.boolean(),
    /** Set while `hasSecret` is false because the stored secret could not be read; cleared once it is readable again. */
    secretLost: SecretLoss.optional(),
    /**
     * On a team desk: the office's connection needs a client certificate, but this desk has not chosen its files yet
     * (each desk keeps its own certificate paths, docs/team-workspace.md); `clientCertificate` is then absent.
     */
    certificateMissing: z.literal(true).optional(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type Connection = z.infer<typeof Connection>;

/** Remembered mappings (Excel columns, account → cost type) per connection and kind; values are opaque here. */
export const MappingsByConnection = z.record(z.string(), z.record(z.string(), z.unknown()));

export const SETTINGS_VERSION = 1;

export const Settings = z
  .object({
    schemaVersion: z.literal(SETTINGS_VERSION),
    connections: z.array(Connection).superRefine((list, ctx) => {
      const ids = new Set<string>();
      list.forEach((c, i) => {
        if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Verbindungs-ID „${c.id}“ doppelt` });
        ids.add(c.id);
      });
    }),
    activeConnectionId: z.string().min(1).nullable(),
    mappings: MappingsByConnection,
  })
  .strict();
export type Settings = z.infer<typeof Settings>;

/** A kind of remembered mapping, with the schema its JSON must satisfy. */
export type MappingKind<T> = { readonly name: string; readonly schema: z.ZodType<T> };

/** Declares a mapping kind; the name is a stable key in the settings file. */
export function defineMappingKind<T>(name: string, schema: z.ZodType<T>): MappingKind<T> {
  if (!/^[a-z][a-z0-9-]*(:[a-z0-9-]+)*$/.test(name)) throw new Error(`invalid mapping kind name: ${name}`);
  return { name, schema };
}

/**
 * Where connection secrets are kept on this machine, so the form can say it truthfully: the operating system's
 * credential store, a file encrypted with Electron's safeStorage, or a plain file only the user's account can read.
 */
export const SECRET_BACKENDS = ['os-keyring', 'electron-safe-storage', 'file'] as const;
export const SecretBackend = z.enum(SECRET_BACKENDS);
export type SecretBackend = z.infer<typeof SecretBackend>;
export const SecretStorage = z.object({ backend: SecretBackend, path: z.string().optional() }).strict();
export type SecretStorage = z.infer<typeof SecretStorage>;

/** Something in the settings or secrets file that could not be used; the original was kept at `movedTo`. */
export type SettingsProblem = StorageProblem;
