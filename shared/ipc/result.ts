/**
 * What crosses the IPC boundary: a Result, never a thrown error (only `message` survives a throw across
 * Electron IPC, electron/electron#24427). Only the gate builds these; only renderer/lib/api.ts unwraps them.
 */
import { AppError } from '@shared/domain/app-error';

export { AppError, AppErrorCode } from '@shared/domain/app-error';

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): Result<never> => ({ ok: false, error });

/** True when `value` has the shape of a Result (used by the renderer before it trusts a reply). */
export function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as { ok?: unknown; error?: unknown };
  if (r.ok === true) return true;
  return r.ok === false && AppError.safeParse(r.error).success;
}
