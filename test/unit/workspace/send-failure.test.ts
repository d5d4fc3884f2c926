import { describe, expect, it } from 'vitest';
import { describeSendFailure } from '@main/services/workspace/send-failure';
import { appError } from '@test/unit/workspace/helpers';

describe('describeSendFailure', () => {
  it.each([
    ['NETWORK', undefined, true],
    ['TIMEOUT', undefined, true],
    ['RATE_LIMITED', 429, true],
    ['HTTP', 503, true],
    ['MSC', 500, true],
    ['VALIDATION', undefined, false],
    ['AUTH', 401, false],
    ['MSC', 404, false],
    ['HTTP', 413, false],
    // An acceptance whose body arrived unreadable (cut short): the MSC has the setup, sending again is harmless.
    ['MSC_RESPONSE', 202, true],
    ['MSC_RESPONSE', 400, false],
    ['MSC_RESPONSE', undefined, false],
  ] as const)('%s %s → retryable %s', (code, status, retryable) => {
    const info = describeSendFailure(appError(code, 'Meldung des Clients', status));
    expect(info).toEqual({ code, message: 'Meldung des Clients', retryable, ...(status === undefined ? {} : { status }) });
  });

  it('reads a status nested in details', () => {
    const err = { appError: { code: 'HTTP', message: 'x', details: { status: 502 } } };
    expect(describeSendFailure(err)).toMatchObject({ status: 502, retryable: true });
  });

  it('treats an error without appError as unexpected but retryable (the setup POST is idempotent)', () => {
    expect(describeSendFailure(new TypeError('fetch failed'))).toEqual({
      code: 'INTERNAL',
      message: 'Unerwarteter Fehler beim Senden: fetch failed',
      key: 'send.unexpected',
      params: { text: 'fetch failed' },
      retryable: true,
    });
  });
});
