/** Client certificate (mTLS) for MSCs that demand one; certificate checks stay on, always. */
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';
import type { ClientCertificateConfig } from '@main/services/msc-client/config';

/**
 * An undici Agent presenting the certificate. A given `caPem` is trusted in addition to the system
 * roots (a test MSC often runs its own CA), never instead of verification.
 */
export function createCertificateDispatcher(cert: ClientCertificateConfig | undefined): Agent | undefined {
  if (!cert) return undefined;
  return new Agent({
    connect: {
      cert: cert.certPem,
      key: cert.keyPem,
      ...(cert.caPem ? { ca: [...rootCertificates, cert.caPem] } : {}),
      rejectUnauthorized: true,
    },
  });
}
