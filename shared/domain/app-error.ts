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

/**
 * What the clerk reads: `key` names an entry of the renderer's `errors` namespace (in both locale files, held by
 * test/unit/i18n/app-error-keys.test.ts), `params` fill its placeholders.
 */
export type ErrorText = { key: string; params?: MessageParams };

/**
 * Shorthand: `throw appError('VALIDATION', { key: 'file.gone' }, 'Die Datei ist nicht mehr vorhanden.')`.
 * The key comes before the German fallback and is not optional, so no error leaves the main process that an English
 * clerk could only read in German; key and params travel as one object because they only mean something together.
 */
export function appError(code: AppErrorCode, text: ErrorText, message: string, details?: unknown): AppErrorException {
  return new AppErrorException({
    code,
    message,
    key: text.key,
    ...(text.params === undefined ? {} : { params: text.params }),
    ...(details === undefined ? {} : { details }),
  });
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
