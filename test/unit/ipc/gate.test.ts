import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appError } from '@shared/domain/app-error';
import { createGate } from '@main/ipc/gate';
import { isTrustedElectronSender } from '@main/ipc/senders';
import type { Gate, Handlers } from '@main/ipc/gate';
import { ourFrame, ourPage, recordedHandlers, RENDERER_URL, TRUST, PORT } from '@test/unit/ipc/helpers';

/** A draft save whose extra (kept) field nests 5,000 levels: valid by the schema's letter, a stack bomb for the rest. */
function deepDraft(levels: number): unknown {
  let nested: unknown = {};
  for (let i = 0; i < levels; i++) nested = { a: nested };
  return {
    connectionId: 'demo',
    expectedRevision: 0,
    draft: { billingunit: '100200301', periodTo: '2025-12-31', content: { notes: nested } },
  };
}

describe('IPC gate', () => {
  let handlers: Handlers;
  let calls: string[];
  let close: () => Promise<void>;
  let gate: Gate;
  const logs: string[] = [];

  beforeEach(async () => {
    ({ handlers, calls, close } = await recordedHandlers());
    gate = createGate({ handlers, trust: TRUST, log: (m) => logs.push(m) });
  });
  afterEach(async () => {
    await close();
  });

  it('runs a valid call from our main frame and wraps the value', async () => {
    const reply = await gate.call(ourFrame, 'app:info', undefined);
    expect(reply).toMatchObject({ kind: 'result', result: { ok: true, value: { version: '9.9.9', mode: 'browser' } } });
    expect(calls).toEqual(['app:info']);
  });

  it('runs a valid call from our browser page', async () => {
    const reply = await gate.call(ourPage, 'connections:list', undefined);
    expect(reply.kind).toBe('result');
    if (reply.kind === 'result' && reply.result.ok)
      expect((reply.result.value as { name: string }[])[0]?.name).toBe('Demo-Messdienst');
  });

  it.each([
    ['an extra field', 'connections:remove', { id: 'demo', drop: 'table' }],
    ['an empty id', 'connections:remove', { id: '' }],
    ['a number instead of an object', 'connections:check', 42],
    ['an argument to a no-argument channel', 'app:info', { path: '/etc/passwd' }],
    [
      'an unknown target kind',
      'connections:save',
      { name: 'X', mscCode: '40', profile: 'bved-v1', target: { kind: 'ftp' }, auth: { kind: 'none' } },
    ],
    ['a prototype-polluting key', 'connections:remove', JSON.parse('{"id":"x","__proto__":{"admin":true}}') as unknown],
    ['a draft nested 5,000 levels deep', 'drafts:save', deepDraft(5000)],
  ])('rejects %s with a German VALIDATION error before any handler runs', async (_label, channel, raw) => {
    const reply = await gate.call(ourFrame, channel, raw);
    expect(reply.kind).toBe('result');
    if (reply.kind !== 'result' || reply.result.ok) throw new Error('expected a failed result');
    expect(reply.result.error.code).toBe('VALIDATION');
    expect(reply.result.error.message).toMatch(/^Ungültige Eingabe/);
    expect(calls).toEqual([]);
  });

  it.each([
    ['a subframe of our page', { ...ourFrame, isMainFrame: false }],
    ['a foreign site', { ...ourFrame, frameUrl: 'https://evil.example/index.html' }],
    ['another local file', { ...ourFrame, frameUrl: 'file:///home/user/Downloads/phish.html' }],
    ['a sibling folder with our name as prefix', { ...ourFrame, frameUrl: `${RENDERER_URL}-evil/index.html` }],
    ['a frame without URL', { ...ourFrame, frameUrl: undefined }],
    ['a page without token', { ...ourPage, token: undefined }],
    ['a page with a wrong token', { ...ourPage, token: 'b'.repeat(43) }],
    ['a rebinding host name', { ...ourPage, host: `evil.example:${PORT}` }],
    ['our host on another port', { ...ourPage, host: '127.0.0.1:1' }],
    ['a foreign origin', { ...ourPage, origin: 'https://evil.example' }],
    ['a POST without origin', { ...ourPage, origin: undefined }],
  ] as const)('refuses %s without running a handler', async (_label, sender) => {
    const reply = await gate.call(sender, 'connections:list', undefined);
    expect(reply.kind).toBe('forbidden');
    expect(calls).toEqual([]);
  });

  it('refuses a transport that is not enabled', async () => {
    const electronOnly = createGate({ handlers, trust: { electron: TRUST.electron! }, log: () => undefined });
    expect((await electronOnly.call(ourPage, 'app:info', undefined)).kind).toBe('forbidden');
  });

  it('answers an unknown channel as such', async () => {
    expect(await gate.call(ourFrame, 'shell:exec', { cmd: 'rm' })).toEqual({ kind: 'unknown-channel' });
    expect(await gate.call(ourFrame, '__proto__', undefined)).toEqual({ kind: 'unknown-channel' });
  });

  it('passes a service error on as its AppError', async () => {
    const failing = createGate({
      handlers: {
        ...handlers,
        'connections:list': () =>
          Promise.reject(appError('NETWORK', { key: 'code.NETWORK' }, 'Der Messdienst ist nicht erreichbar.')),
      },
      trust: TRUST,
      log: () => undefined,
    });
    const reply = await failing.call(ourFrame, 'connections:list', undefined);
    expect(reply).toEqual({
      kind: 'result',
      result: { ok: false, error: { code: 'NETWORK', message: 'Der Messdienst ist nicht erreichbar.', key: 'code.NETWORK' } },
    });
  });

  it('keeps the German message of a settings error', async () => {
    const reply = await gate.call(ourFrame, 'connections:save', {
      id: 'gibt-es-nicht',
      name: 'ista',
      mscCode: '40',
      profile: 'bved-v1',
      target: { kind: 'url', url: 'https://ista.example/api' },
      auth: { kind: 'none' },
    });
    if (reply.kind !== 'result' || reply.result.ok) throw new Error('expected a failed result');
    expect(reply.result.error.message).toContain('gibt es nicht');
  });

  it('hides an unexpected crash behind a generic INTERNAL error', async () => {
    const crashing = createGate({
      handlers: { ...handlers, 'app:info': () => Promise.reject(new TypeError('secret internals')) },
      trust: TRUST,
      log: () => undefined,
    });
    const reply = await crashing.call(ourFrame, 'app:info', undefined);
    if (reply.kind !== 'result' || reply.result.ok) throw new Error('expected a failed result');
    expect(reply.result.error.code).toBe('INTERNAL');
    expect(reply.result.error.message).not.toContain('secret internals');
  });

  it('refuses to send a value outside the output schema', async () => {
    const sloppy = createGate({
      handlers: { ...handlers, 'app:info': () => Promise.resolve({ version: 1 } as never) },
      trust: TRUST,
      log: () => undefined,
    });
    const reply = await sloppy.call(ourFrame, 'app:info', undefined);
    if (reply.kind !== 'result' || reply.result.ok) throw new Error('expected a failed result');
    expect(reply.result.error.code).toBe('INTERNAL');
  });
});

describe('Electron sender check', () => {
  const trust = { rendererUrl: 'file:///C:/Program%20Files/Kostenbr%C3%BCcke/resources/app.asar/out/renderer' };

  it.each([
    ['file:///C:/Program%20Files/Kostenbr%C3%BCcke/resources/app.asar/out/renderer/index.html', true],
    ['file:///c:/Program Files/Kostenbrücke/resources/app.asar/out/renderer/index.html', true],
    ['file:///C:/Program%20Files/Kostenbr%C3%BCcke/resources/app.asar/out/renderer/index.html#/x', true],
    ['file:///C:/Program%20Files/Kostenbr%C3%BCcke/resources/app.asar/out/renderer-x/index.html', false],
    ['file:///C:/Users/Public/index.html', false],
    ['http://127.0.0.1:5173/index.html', false],
  ])('%s → %s', (frameUrl, trusted) => {
    expect(isTrustedElectronSender({ transport: 'electron', frameUrl, isMainFrame: true }, trust)).toBe(trusted);
  });
});
