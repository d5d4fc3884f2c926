/**
 * The one error shape that crosses service and IPC boundaries. `message` is German
 * and written for a clerk; `details` stays plain data (structured-clone safe) for logs and the UI.
 * `key` and `params` let the renderer say the same in the clerk's language: `key` names an entry of the
 * renderer's `errors` namespace, `params` fill its placeholders; `message` stays as the German fallback.
 */
import { z } from 'zod';
import { describeIssues } from '@shared/msc/primitives';

export const APP_ERROR_CODES = [
  'VALIDATION',
  'NETWORK',
  'TIMEOUT',
  'HTTP',
  'AUTH',
  'MSC_RESPONSE',
  'CONFLICT',
  'RATE_LIMITED',
  'EXCEL_FORMAT',
  'STORAGE',
  'CANCELLED',
  'INTERNAL',
] as const;
export const AppErrorCode = z.enum(APP_ERROR_CODES);
export type AppErrorCode = z.infer<typeof AppErrorCode>;

export const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageParams = z.infer<typeof MessageParams>;

export const AppError = z.object({
  code: AppErrorCode,
  message: z.string().min(1),
  key: z.string().min(1).optional(),
  params: MessageParams.optional(),
  details: z.unknown().optional(),
});
export type AppError = z.infer<typeof AppError>;

/** Throwable carrier of an AppError, so services can `throw` and the IPC gate can unwrap. */
export class AppErrorException extends Error {
  readonly appError: AppError;

  constructor(appError: AppError, options?: { cause?: unknown }) {
    super(appError.message, options);
    this.name = 'AppErrorException';
    this.appError = appError;
  }

  get code(): AppErrorCode {
    return this.appError.code;
  }
}

/** Shorthand: `throw appError('VALIDATION', 'Liegenschaftsnummer fehlt')`. */
export function appError(code: AppErrorCode, message: string, details?: unknown): AppErrorException {
  return new AppErrorException(details === undefined ? { code, message } : { code, message, details });
}

export function isAppError(value: unknown): value is AppError {
  return AppError.safeParse(value).success;
}

/** Maps anything thrown to an AppError; unknown failures become INTERNAL with their technical text in details. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppErrorException) return error.appError;
  if (isAppError(error)) return error;
  if (error instanceof z.ZodError) {
    const issues = describeIssues(error);
    const text = issues.join('; ');
    return {
      code: 'VALIDATION',
      message: `Ungültige Eingabe: ${text}`,
      key: 'input.invalid',
      params: { issues: text },
      details: { issues },
    };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { code: 'CANCELLED', message: 'Der Vorgang wurde abgebrochen.', key: 'cancelled' };
  }
  const technical = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    code: 'INTERNAL',
    message: 'Ein unerwarteter interner Fehler ist aufgetreten. Bitte wenden Sie sich an den Support.',
    key: 'internal',
    details: { technical },
  };
}
