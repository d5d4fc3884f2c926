/**
 * Turns whatever the MSC client threw into a stored failure with a retry verdict. The client's errors
 * carry `{ appError: { code, message } }`; transient ones (network, timeout, 429, 5xx) may be retried,
 * because the setup POST is idempotent per billing unit; so may an acceptance whose reply could not be read.
 * Refusals (validation, auth, other 4xx) may not.
 */
import type { FailureInfo } from '@shared/domain/workspace';

const RETRYABLE_CODES = new Set(['NETWORK', 'TIMEOUT', 'RATE_LIMITED']);

export function describeSendFailure(err: unknown): FailureInfo {
  const app = field(err, 'appError');
  const code = field(app, 'code');
  const message = field(app, 'message');
  if (typeof code !== 'string') {
    const text = err instanceof Error ? err.message : String(err);
    return { code: 'INTERNAL', message: `Unerwarteter Fehler beim Senden: ${text}`, retryable: true };
  }
  const status = statusOf(app) ?? statusOf(err);
  const retryable =
    RETRYABLE_CODES.has(code) ||
    (status !== undefined && (status >= 500 || status === 429 || status === 408)) ||
    // The MSC accepted it, but the acceptance arrived unreadable (cut short on the way): sending again is harmless.
    (code === 'MSC_RESPONSE' && status !== undefined && status >= 200 && status <= 299);
  const info: FailureInfo = { code, message: typeof message === 'string' ? message : code, retryable };
  if (status !== undefined) info.status = status;
  return info;
}

function statusOf(v: unknown): number | undefined {
  const direct = field(v, 'status');
  if (typeof direct === 'number' && Number.isInteger(direct)) return direct;
  const nested = field(field(v, 'details'), 'status');
  return typeof nested === 'number' && Number.isInteger(nested) ? nested : undefined;
}

function field(v: unknown, key: string): unknown {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
}
