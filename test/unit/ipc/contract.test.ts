import { afterEach, describe, expect, it } from 'vitest';
import { channels, contract, eventNames, events } from '@shared/ipc/contract';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import { tempDir } from '@test/unit/ipc/helpers';

describe('IPC contract', () => {
  let context: AppContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('has a handler for every channel and none beyond it', async () => {
    context = createAppContext({ mode: 'browser', version: '1.0.0', userDataDir: await tempDir('kb-contract-') });
    expect(Object.keys(context.handlers).sort()).toEqual([...channels].sort());
    for (const channel of channels) expect(typeof context.handlers[channel]).toBe('function');
  });

  it('names every channel and event domain:verb in kebab case', () => {
    for (const name of [...channels, ...eventNames]) expect(name).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/);
  });

  it('gives every channel an input and an output schema, and every event a payload schema', () => {
    for (const channel of channels) {
      expect(typeof contract[channel].input.safeParse).toBe('function');
      expect(typeof contract[channel].output.safeParse).toBe('function');
    }
    for (const name of eventNames) expect(typeof events[name].safeParse).toBe('function');
  });

  it('rejects payloads that do not fit the schemas', () => {
    expect(contract['app:info'].input.safeParse({ unexpected: true }).success).toBe(false);
    expect(contract['connections:remove'].input.safeParse({ id: '' }).success).toBe(false);
    expect(contract['connections:remove'].input.safeParse({ id: 'x', extra: 1 }).success).toBe(false);
    expect(contract['connections:save'].input.safeParse({ name: 'ohne Ziel' }).success).toBe(false);
    expect(contract['files:open'].input.safeParse({ kind: 'exe' }).success).toBe(false);
  });
});
