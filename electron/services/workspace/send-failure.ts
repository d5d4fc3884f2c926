/**
 * Turns whatever the MSC client threw into a stored failure with a retry verdict. The client's errors
 * carry `{ appError: { code, message } }`; transient ones (network, timeout, 429, 5xx) may be retried,
 * because the setup POST is idempotent per billing unit; so may an acceptance whose reply could not be read.
 * Refusals (validation, auth, other 4xx) may not. The failure keeps the client's i18n key and parameters, so the
 * outbox says it in the clerk's language; items stored before that carry only the German message.
 */
import { AppErrorException, MessageParams } from '@shared/domain/app-error';
import type { FailureInfo } from '@shared/domain/workspace';

const RETRYABLE_CODES = new Set(['NETWORK', 'TIMEOUT', 'RATE_LIMITED']);

const NO_TRANSACTION_ID = 'send.noTransactionId';

/** The MSC answered a setup without its transaction id; like any unexpected failure, sending again is harmless. */
export function withoutTransactionId(): AppErrorException {
  return new AppErrorException({
    code: 'INTERNAL',
    message: 'Unerwarteter Fehler beim Senden: Antwort des Messdienstes ohne Transaktions-ID',
    key: NO_TRANSACTION_ID,
  });
}

export function describeSendFailure(err: unknown): FailureInfo {
  const app = field(err, 'appError');
  const code = field(app, 'code');
  const message = field(app, 'message');
  if (typeof code !== 'string') {
    const text = err instanceof Error ? err.message : String(err);
    return {
      code: 'INTERNAL',
      message: `Unerwarteter Fehler beim Senden: ${text}`,
      key: 'send.unexpected',
      params: { text },
      retryable: true,
    };
  }
  const status = statusOf(app) ?? statusOf(err);
  const retryable =
    RETRYABLE_CODES.has(code) ||
    field(app, 'key') === NO_TRANSACTION_ID ||
    (status !== undefined && (status >= 500 || status === 429 || status === 408)) ||
    // The MSC accepted it, but the acceptance arrived unreadable (cut short on the way): sending again is harmless.
    (code === 'MSC_RESPONSE' && status !== undefined && status >= 200 && status <= 299);
  const info: FailureInfo = { code, message: typeof message === 'string' ? message : code, retryable };
  if (status !== undefined) info.status = status;
  // The clerk's text: the client's key and parameters travel with the stored failure.
  const key = field(app, 'key');
  const params = MessageParams.safeParse(field(app, 'params'));
  if (typeof key === 'string' && key !== '') info.key = key;
  if (params.success) info.params = params.data;
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
