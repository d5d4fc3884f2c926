/**
 * The text a clerk reads for an AppError, in the language `i18n` is set to; plain functions under the hooks of
 * useErrorText and useFailureText, so tests can run them without a window.
 */
import type { i18n as I18n } from 'i18next';
import { AppErrorCode, type AppError } from '@shared/domain/app-error';
import type { FailureInfo } from '@shared/domain/workspace';

export function appErrorText(i18n: I18n, error: AppError): string {
  const t = i18n.getFixedT(null, 'errors');
  const { key, params, code, message } = error;
  const family = key?.includes('.') ? `${key.slice(0, key.lastIndexOf('.'))}.other` : undefined;
  const known = [key, family].find((k) => k !== undefined && i18n.exists(k, { ns: 'errors' }));
  if (known !== undefined) return t(known, params ?? {}).trim();
  if (i18n.language === 'de') return message;
  return t('withOriginal', { text: t(`code.${code}`), original: message });
}

/**
 * A stored failure (outbox, setup poller) as the error a failed call would carry, so both read alike; undefined when
 * only its German message can be shown (stored before failures kept their key, and with a code of its own).
 */
export function failureAsError(failure: FailureInfo): AppError | undefined {
  const code = AppErrorCode.safeParse(failure.code);
  if (failure.key === undefined && (!code.success || failure.message === '')) return undefined;
  const error: AppError = { code: code.success ? code.data : 'INTERNAL', message: failure.message || failure.code };
  if (failure.key !== undefined) error.key = failure.key;
  if (failure.params !== undefined) error.params = failure.params;
  return error;
}
