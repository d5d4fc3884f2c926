/**
 * Which MSC addresses may be used. Plain http would carry the client secret and billing data readable
 * on the wire, so only this machine (loopback) is exempt. The connection form and the MSC client both
 * apply this one rule, so the form refuses exactly what the client would refuse.
 */
import { z } from 'zod';

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

/** A URL string that passes insecureUrlReason. */
export const SecureUrl = z.string().superRefine((url, ctx) => {
  const reason = insecureUrlReason(url);
  if (reason !== undefined) ctx.addIssue({ code: 'custom', message: reason });
});
