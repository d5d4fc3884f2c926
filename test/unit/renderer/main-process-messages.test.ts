/**
 * Errors from the main process carry a key and parameters; the renderer must be able to say each of them in
 * German and English, with the parameters the main process fills in.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES, appError } from '@shared/domain/app-error';
import { IMPORT_ISSUE_CODES } from '@shared/domain/excel';
import { i18n } from '@renderer/i18n/index';
import { appErrorText } from '@renderer/lib/error-text';

// The failure kinds of electron/services/msc-client/errors.ts (FailureKind), which this DOM-side test cannot import.
const FAILURES = ['timeout', 'reset', 'refused', 'dns', 'tls', 'cancelled', 'other'] as const;
const LANGUAGES = ['de', 'en'] as const;

describe('main-process messages in both languages', () => {
  it.each(LANGUAGES)('%s has a text for every error code, transport failure and import issue code', (lng) => {
    const t = i18n.getFixedT(lng, 'errors');
    const keys = [
      ...APP_ERROR_CODES.map((c) => `code.${c}`),
      ...FAILURES.map((f) => `transport.${f}`),
      ...IMPORT_ISSUE_CODES.map((c) => `importIssue.code.${c}`),
      'reply.other',
      'reply.invalid',
      'input.invalid',
      'internal',
    ];
    const missing = keys.filter((k) => !i18n.exists(k, { lng, ns: 'errors' }));
    expect(missing).toEqual([]);
    expect(t('transport.refused', { host: 'msc.example:443' })).toContain('msc.example:443');
  });

  it('says a refused connection in English without German words', () => {
    const text = i18n.getFixedT('en', 'errors')('transport.refused', { host: '127.0.0.1:8787' });
    expect(text).toBe('The measuring service (127.0.0.1:8787) cannot be reached (connection refused). No data was transferred.');
  });

  it('says a refusal with its key in English, and in German as the service wrote it', () => {
    // As electron/app/dialogs.ts refuses a file above the limit.
    const { appError: error } = appError(
      'VALIDATION',
      { key: 'file.tooLarge', params: { megabytes: 50 } },
      'Die Datei ist zu groß (höchstens 50 MB).',
    );
    expect(appErrorText(i18n.cloneInstance({ lng: 'en' }), error)).toBe('The file is too large (at most 50 MB).');
    expect(appErrorText(i18n.cloneInstance({ lng: 'de' }), error)).toBe(error.message);
  });
});
