/**
 * A stored outbox failure reads in the clerk's language through its key (issue 19: outbox errors had only a German
 * message); a failure stored before keys existed still shows its German message.
 */
import { describe, expect, it } from 'vitest';
import type { FailureInfo } from '@shared/domain/workspace';
import { i18n } from '@renderer/i18n/index';
import { appErrorText, failureAsError } from '@renderer/lib/error-text';

const de = i18n.cloneInstance({ lng: 'de' });
const en = i18n.cloneInstance({ lng: 'en' });

function shown(lang: typeof de, failure: FailureInfo): string {
  const error = failureAsError(failure);
  return error === undefined ? failure.message : appErrorText(lang, error);
}

/** Keys the outbox stores with a failure or puts on its refusals (electron/services/workspace). */
const OUTBOX_KEYS = [
  'send.unexpected',
  'send.noTransactionId',
  'outbox.notFound',
  'outbox.oneProperty',
  'outbox.retryNotFailed',
  'outbox.retryUseless',
  'outbox.removeSending',
  'outbox.removeSent',
] as const;

describe('outbox failures in the clerk language', () => {
  it.each([de, en])('has a text for every outbox key (%#: de, en)', (lang) => {
    expect(OUTBOX_KEYS.filter((k) => !lang.exists(k, { ns: 'errors' }))).toEqual([]);
  });

  it('says a refused connection in English, with the host', () => {
    const failure: FailureInfo = {
      code: 'NETWORK',
      message: 'Der Messdienst (127.0.0.1:9) ist nicht erreichbar (Verbindung abgelehnt). Es wurden keine Daten übertragen.',
      key: 'transport.refused',
      params: { host: '127.0.0.1:9' },
      retryable: true,
    };
    expect(shown(en, failure)).toBe(
      'The measuring service (127.0.0.1:9) cannot be reached (connection refused). No data was transferred.',
    );
    expect(shown(de, failure)).toBe(failure.message);
  });

  it('says an unexpected failure with a code of its own in English', () => {
    const failure: FailureInfo = {
      code: 'INTERNAL',
      message: 'Unerwarteter Fehler beim Senden: Antwort des Messdienstes ohne Transaktions-ID',
      key: 'send.noTransactionId',
      retryable: true,
    };
    expect(shown(en, failure)).toBe('The measuring service answered without a transaction number. Sending again does no harm.');
  });

  it('still shows an old failure without key: its German message, in English with a sentence for its code', () => {
    const old: FailureInfo = { code: 'NETWORK', message: 'Der Messdienst ist nicht erreichbar.', retryable: true };
    expect(shown(de, old)).toBe('Der Messdienst ist nicht erreichbar.');
    expect(shown(en, old)).toBe(
      'The measuring service cannot be reached. (Details in German: Der Messdienst ist nicht erreichbar.)',
    );
    const foreign: FailureInfo = { code: 'MSC', message: 'Liegenschaft unbekannt', retryable: false };
    expect(shown(en, foreign)).toBe('Liegenschaft unbekannt');
  });
});
