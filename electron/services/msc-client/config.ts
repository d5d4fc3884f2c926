/** Connection settings of one MSC, validated once when the client is created. */
import { z } from 'zod';
import { appError } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';
import { PathProfileSchema, TOKEN_PATH } from '@shared/msc/operations';
import type { PathProfile } from '@shared/msc/operations';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;

/** Plain http would send the client secret and billing data readable on the wire; only loopback is exempt. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** German reason why `url` may not be used, or undefined when it may. */
export function insecureUrlReason(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'ist keine gültige Adresse (z. B. https://messdienst.example/api)';
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:') {
    return isLoopbackHost(parsed.hostname)
      ? undefined
      : 'muss mit https:// beginnen: unverschlüsseltes http ist nur für diesen Rechner (localhost, 127.0.0.1) erlaubt';
  }
  return 'muss mit https:// beginnen';
}

const SecureUrl = z.string().superRefine((url, ctx) => {
  const reason = insecureUrlReason(url);
  if (reason !== undefined) ctx.addIssue({ code: 'custom', message: reason });
});

const Pem = (what: string) =>
  z.string().regex(/-----BEGIN [A-Z0-9 ]+-----/, { message: `muss ${what} im PEM-Format sein (-----BEGIN …-----)` });

export const MscAuthConfig = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z
    .object({
      kind: z.literal('oauth2'),
      tokenUrl: SecureUrl.optional(),
      clientId: z.string().min(1, { message: 'darf nicht leer sein' }),
      clientSecret: z.string().min(1, { message: 'darf nicht leer sein' }),
    })
    .strict(),
]);
export type MscAuthConfig = z.infer<typeof MscAuthConfig>;

export const ClientCertificateConfig = z
  .object({
    certPem: Pem('ein Zertifikat'),
    keyPem: Pem('ein privater Schlüssel'),
    caPem: Pem('ein CA-Zertifikat').optional(),
  })
  .strict();
export type ClientCertificateConfig = z.infer<typeof ClientCertificateConfig>;

export const MscClientConfig = z
  .object({
    baseUrl: SecureUrl,
    profile: PathProfileSchema,
    auth: MscAuthConfig,
    clientCertificate: ClientCertificateConfig.optional(),
    timeoutMs: z.int().min(100).max(600_000).optional(),
    retries: z.int().min(0).max(10).optional(),
  })
  .strict();
export type MscClientConfig = z.infer<typeof MscClientConfig>;

export type ResolvedConfig = {
  baseUrl: string;
  profile: PathProfile;
  auth: { kind: 'none' } | { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string };
  clientCertificate?: ClientCertificateConfig;
  timeoutMs: number;
  retries: number;
};

/** Validates and fills defaults; throws AppError VALIDATION naming the field. */
export function resolveConfig(input: MscClientConfig): ResolvedConfig {
  const parsed = MscClientConfig.safeParse(input);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw appError('VALIDATION', `Verbindungseinstellungen des Messdienstes ungültig: ${issues.join('; ')}`, { issues });
  }
  const c = parsed.data;
  const baseUrl = c.baseUrl.replace(/\/+$/, '');
  const auth: ResolvedConfig['auth'] =
    c.auth.kind === 'none' ? c.auth : { ...c.auth, tokenUrl: c.auth.tokenUrl ?? `${baseUrl}${TOKEN_PATH}` };
  return {
    baseUrl,
    profile: c.profile,
    auth,
    ...(c.clientCertificate ? { clientCertificate: c.clientCertificate } : {}),
    timeoutMs: c.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: c.retries ?? DEFAULT_RETRIES,
  };
}
