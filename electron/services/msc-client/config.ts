/** Connection settings of one MSC, validated once when the client is created. */
import { z } from 'zod';
import { SecureUrl } from '@shared/domain/url-policy';
import { appError } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';
import { PathProfileSchema, TOKEN_PATH } from '@shared/msc/operations';
import type { PathProfile } from '@shared/msc/operations';

export { insecureUrlReason, isLoopbackHost } from '@shared/domain/url-policy';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;

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
    throw appError(
      'VALIDATION',
      { key: 'connection.settingsInvalid', params: { issues: issues.join('; ') } },
      `Verbindungseinstellungen des Messdienstes ungültig: ${issues.join('; ')}`,
      { issues },
    );
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
