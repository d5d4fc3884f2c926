/**
 * Property-based fuzzing of the IPC gate: random and malformed payloads on every channel, random channel names and
 * random senders. Every call ends in a reply (never a throw), and a handler runs only for input its channel's
 * schema accepts and only for our own sender.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contract } from '@shared/ipc/contract';
import type { Channel } from '@shared/ipc/contract';
import { createGate } from '@main/ipc/gate';
import type { Handlers } from '@main/ipc/gate';
import type { Sender } from '@main/ipc/senders';
import { ourFrame, ourPage, TRUST, TOKEN, PORT } from '@test/unit/ipc/helpers';

const channels = Object.keys(contract) as Channel[];

/** Handlers that only record that they ran: a payload that reaches one would have reached a service. */
function recordingHandlers(): { handlers: Handlers; reached: { channel: string; input: unknown }[] } {
  const reached: { channel: string; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    channels.map((channel) => [
      channel,
      (input: unknown) => {
        reached.push({ channel, input });
        return Promise.resolve(undefined);
      },
    ]),
  ) as unknown as Handlers;
  return { handlers, reached };
}

function deep(levels: number, leaf: unknown): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

/** Payloads a broken or hostile page might send: any JSON-ish value, odd keys, huge strings, deep nesting. */
const payload = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'connectionId', 'billingunit'), fc.jsonValue()),
  fc.record({ connectionId: fc.string(), billingunit: fc.string(), periodTo: fc.string() }, { requiredKeys: [] }),
  fc.string({ minLength: 10_000, maxLength: 20_000 }),
  fc.integer({ min: 60, max: 3000 }).map((n) => deep(n, 'x')),
);

describe('IPC gate under fuzzing', () => {
  it('answers every payload on every channel; only schema-valid input reaches a handler', async () => {
    const { handlers, reached } = recordingHandlers();
    const gate = createGate({ handlers, trust: TRUST, log: () => undefined });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), payload, async (channel, raw) => {
        reached.length = 0;
        const reply = await gate.call(ourFrame, channel, raw);
        if (reply.kind !== 'result') throw new Error(`our own frame got ${reply.kind}`);
        if (!reply.result.ok) expect(reply.result.error.message).not.toBe('');
        const valid = (() => {
          try {
            return contract[channel].input.safeParse(raw).success;
          } catch {
            return false;
          }
        })();
        if (reached.length > 0) expect(valid).toBe(true);
        if (!reply.result.ok && reached.length === 0) expect(reply.result.error.code).toBe('VALIDATION');
      }),
      { numRuns: 600, seed: 20261125 },
    );
  });

  it('answers unknown channel names without running anything', async () => {
    const { handlers, reached } = recordingHandlers();
    const gate = createGate({ handlers, trust: TRUST, log: () => undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.string().filter((s) => !(s in contract)),
        payload,
        async (channel, raw) => {
          expect(await gate.call(ourPage, channel, raw)).toEqual({ kind: 'unknown-channel' });
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    expect(reached).toEqual([]);
  });

  it('refuses every sender that is not ours before looking at the payload', async () => {
    const { handlers, reached } = recordingHandlers();
    const gate = createGate({ handlers, trust: TRUST, log: () => undefined });
    const foreign: fc.Arbitrary<Sender> = fc.oneof(
      fc.record({
        transport: fc.constant('http' as const),
        method: fc.constantFrom('POST', 'GET', 'PUT', 'OPTIONS'),
        token: fc.option(fc.oneof(fc.string(), fc.constant(TOKEN.slice(1)), fc.constant(`${TOKEN}x`)), { nil: undefined }),
        host: fc.option(fc.oneof(fc.domain(), fc.constant(`127.0.0.1:${String(PORT + 1)}`)), { nil: undefined }),
        origin: fc.option(fc.oneof(fc.webUrl(), fc.constant('null')), { nil: undefined }),
      }),
      fc.record({
        transport: fc.constant('electron' as const),
        frameUrl: fc.oneof(fc.webUrl(), fc.constant('file:///C:/Users/Public/evil.html')),
        isMainFrame: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(foreign, fc.constantFrom(...channels), async (sender, channel) => {
        const reply = await gate.call(sender, channel, undefined);
        expect(reply.kind).toBe('forbidden');
      }),
      { numRuns: 400, seed: 11 },
    );
    expect(reached).toEqual([]);
  });
});
