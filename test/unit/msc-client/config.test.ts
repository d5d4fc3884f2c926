import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppErrorException, appError, toAppError } from '@shared/domain/app-error';
import { createMscClient, insecureUrlReason, isLoopbackHost } from '@main/services/msc-client';
import type { MscClientConfig } from '@main/services/msc-client';

describe('https only, except loopback', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['::1', true],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['127.0.0.1.evil.example', false],
    ['localhost.evil.example', false],
    ['msc.example', false],
    ['[::ffff:7f00:1]', false],
  ])('isLoopbackHost(%s) = %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it.each([
    'https://msc.example',
    'https://msc.example/api/',
    'http://127.0.0.1:8080',
    'http://localhost:3000',
    'http://[::1]:9000',
  ])('accepts %s', (url) => {
    expect(insecureUrlReason(url)).toBeUndefined();
    expect(() => createMscClient({ baseUrl: url, profile: 'seed', auth: { kind: 'none' } })).not.toThrow();
  });

  it.each(['http://msc.example', 'http://192.168.1.10', 'ftp://msc.example', 'msc.example'])(
    'rejects %s as VALIDATION',
    (url) => {
      let thrown: unknown;
      try {
        createMscClient({ baseUrl: url, profile: 'seed', auth: { kind: 'none' } });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(AppErrorException);
      const err = (thrown as AppErrorException).appError;
      expect(err.code).toBe('VALIDATION');
      expect(err.message).toContain('baseUrl');
    },
  );

  it('applies the rule to an explicit tokenUrl as well', () => {
    const config: MscClientConfig = {
      baseUrl: 'https://msc.example',
      profile: 'bved-v1',
      auth: { kind: 'oauth2', tokenUrl: 'http://login.msc.example/token', clientId: 'a', clientSecret: 'b' },
    };
    expect(() => createMscClient(config)).toThrow(/auth\.tokenUrl: muss mit https/);
  });

  it('names empty credentials and non-PEM certificates', () => {
    const config = {
      baseUrl: 'https://msc.example',
      profile: 'seed',
      auth: { kind: 'oauth2', clientId: '', clientSecret: 'x' },
      clientCertificate: { certPem: 'kein pem', keyPem: '-----BEGIN PRIVATE KEY-----\n…' },
    } as const;
    expect(() => createMscClient(config)).toThrow(
      /auth\.clientId: darf nicht leer sein.*clientCertificate\.certPem: muss ein Zertifikat/,
    );
  });
});

describe('AppError', () => {
  it('passes AppErrors through and keeps key, parameters and details', () => {
    const error = appError('CONFLICT', { key: 'send.pending', params: { n: 1 } }, 'schon beauftragt', { to: '2025-12-31' });
    expect(toAppError(error)).toEqual({
      code: 'CONFLICT',
      message: 'schon beauftragt',
      key: 'send.pending',
      params: { n: 1 },
      details: { to: '2025-12-31' },
    });
    expect(toAppError({ code: 'STORAGE', message: 'Platte voll' })).toEqual({ code: 'STORAGE', message: 'Platte voll' });
  });

  it('maps zod errors to VALIDATION naming the field, aborts to CANCELLED, the rest to INTERNAL', () => {
    const zodError = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } }).error!;
    const v = toAppError(zodError);
    expect(v.code).toBe('VALIDATION');
    expect(v.message).toContain('a.b:');
    expect(toAppError(new DOMException('x', 'AbortError')).code).toBe('CANCELLED');
    const internal = toAppError(new RangeError('boom'));
    expect(internal).toMatchObject({ code: 'INTERNAL', details: { technical: 'RangeError: boom' } });
    expect(internal.message).not.toContain('boom');
    expect(toAppError('string thrown').code).toBe('INTERNAL');
  });
});
