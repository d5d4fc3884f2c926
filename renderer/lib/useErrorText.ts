/**
 * The text a clerk reads for a failure, in the chosen language. Errors from the main process carry a code, and
 * where they have one, an i18n key with parameters; without a key the German message is shown in German, and in
 * English a sentence for the error's code followed by the service's own words.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@renderer/lib/api';

export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return t('unexpected');
      const { key, params, code, message } = err.error;
      if (key !== undefined && i18n.exists(key, { ns: 'errors' })) return t(key, params ?? {});
      if (i18n.language === 'de') return message;
      return t('withOriginal', { text: t(`code.${code}`), original: message });
    },
    [t, i18n],
  );
}
