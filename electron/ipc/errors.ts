/** The only place where thrown errors become AppError values for the renderer. */
import { AppError, AppErrorCode, toAppError as sharedToAppError } from '@shared/domain/app-error';
import { storageFailureOf } from '@main/lib/storage-error';
import { cutQuoted } from '@shared/domain/echo';

/**
 * Services throw AppErrorException or their own error classes carrying `appError`. A carried error whose code
 * is not one of ours keeps its (German, specific) message; anything else becomes a generic INTERNAL error.
 */
export function toAppError(err: unknown): AppError {
  return withShortEchoes(convert(err));
}

/**
 * Every message leaves with its quoted values cut (shared/domain/echo.ts): a service that repeats what it refused
 * must not send a 10,000-character value back whole.
 */
function withShortEchoes(error: AppError): AppError {
  const params =
    error.params === undefined
      ? undefined
      : Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === 'string' ? cutQuoted(v) : v]));
  return { ...error, message: cutQuoted(error.message), ...(params === undefined ? {} : { params }) };
}

function convert(err: unknown): AppError {
  const carried = typeof err === 'object' && err !== null ? (err as { appError?: unknown }).appError : undefined;
  if (carried !== undefined) {
    const parsed = AppError.safeParse(carried);
    if (parsed.success) return parsed.data;
    const { code, message, details } = carried as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof message === 'string' && message !== '') {
      const known = AppErrorCode.safeParse(code);
      return { code: known.success ? known.data : 'INTERNAL', message, ...(details === undefined ? {} : { details }) };
    }
  }
  // A full disk or a read-only folder met by a library's write (the settings file) is named, not "internal".
  return storageFailureOf(err)?.appError ?? sharedToAppError(err);
}
