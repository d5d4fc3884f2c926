/**
 * The connection form's validation: the shared schema decides, and each refusal becomes a locale key that exists
 * in German and English, so a clerk reading English never sees the schema's German message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Connection } from '@shared/domain/connection';
import { EMPTY_FORM, validate, valuesFromConnection } from '@renderer/features/connections/form-values';
import type { FieldErrors, FormValues } from '@renderer/features/connections/form-values';

const good: FormValues = {
  ...EMPTY_FORM,
  name: 'ista Produktion',
  url: 'https://api.ista.example/bved',
  clientId: 'hv-schmidt',
  clientSecret: 'TOPSECRET-42',
};

const stored: Connection = {
  id: 'c1',
  name: 'ista Produktion',
  mscCode: '40',
  profile: 'bved-v1',
  target: { kind: 'url', url: 'https://api.ista.example/bved' },
  auth: { kind: 'oauth2-client-credentials', clientId: 'hv-schmidt' },
  hasSecret: true,
  createdAt: '2025-03-01T08:00:00Z',
  updatedAt: '2025-03-01T08:00:00Z',
};

function errorsOf(values: FormValues): FieldErrors {
  const result = validate(values);
  if (result.ok) throw new Error('expected the form to be refused');
  return result.errors;
}

const locale = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../renderer/locales/${lang}/connections.json`), 'utf8')) as {
    error: Record<string, string>;
  };

describe('connection form validation', () => {
  it('accepts a complete form and hands over what the schema parsed', () => {
    const result = validate({ ...good, tokenUrl: '  ' });
    expect(result).toMatchObject({ ok: true, input: { name: 'ista Produktion', auth: { clientSecret: 'TOPSECRET-42' } } });
    if (result.ok && result.input.auth.kind === 'oauth2-client-credentials') expect(result.input.auth.tokenUrl).toBeUndefined();
  });

  it('names every empty required field, and still checks the rest while the address is missing', () => {
    expect(errorsOf(EMPTY_FORM)).toEqual({
      name: { key: 'required' },
      url: { key: 'urlRequired' },
      clientId: { key: 'required' },
      clientSecret: { key: 'secretRequired' },
    });
  });

  it.each([
    ['an address without https to another computer', { url: 'http://api.ista.example' }, 'url', 'urlHttpRemote'],
    ['something that is no address', { url: 'api ista' }, 'url', 'urlInvalid'],
    ['an ftp address', { url: 'ftp://api.ista.example' }, 'url', 'urlNotHttps'],
    ['a sign-in address without https', { tokenUrl: 'http://login.example' }, 'tokenUrl', 'urlHttpRemote'],
    ['a relative certificate path', { certPath: 'firma.pem', keyPath: '/k.pem' }, 'certPath', 'notAbsolute'],
    ['a key path missing for a certificate', { certPath: '/c.pem' }, 'keyPath', 'required'],
  ] as const)('refuses %s at its field', (_what, change, field, key) => {
    expect(errorsOf({ ...good, ...change })[field]).toEqual({ key });
  });

  it('says how long a name may be', () => {
    expect(errorsOf({ ...good, name: 'x'.repeat(61) }).name).toEqual({ key: 'tooLong', params: { max: 60 } });
  });

  it('allows plain http on this computer, as the MSC client does', () => {
    expect(validate({ ...good, url: 'http://127.0.0.1:8787/api' }).ok).toBe(true);
  });

  it('keeps a stored secret when the field is left empty', () => {
    expect(validate({ ...valuesFromConnection(stored), name: 'ista Nord' }).ok).toBe(true);
  });

  it.each([
    ['the address', { url: 'https://elsewhere.example/bved' }],
    ['the sign-in address', { tokenUrl: 'https://login.elsewhere.example/token' }],
    ['the target', { targetKind: 'embedded-demo' }],
  ] as const)('asks for the secret again when %s changes', (_what, change) => {
    expect(errorsOf({ ...valuesFromConnection(stored), ...change }).clientSecret).toEqual({ key: 'secretAddressChanged' });
    expect(validate({ ...valuesFromConnection(stored), ...change, clientSecret: 'NEU-1' }).ok).toBe(true);
  });

  it('has every key it can produce in German and English', () => {
    const keys = [
      'required',
      'urlRequired',
      'secretRequired',
      'secretAddressChanged',
      'tooLong',
      'urlHttpRemote',
      'urlInvalid',
      'urlNotHttps',
    ];
    for (const lang of ['de', 'en'])
      for (const key of [...keys, 'notAbsolute', 'invalid']) expect(locale(lang).error[key]).toBeTruthy();
  });
});
