/**
 * A rejected value of 10,000 characters is not sent back whole: messages repeat its first 80 characters and "…".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate } from '@main/ipc/gate';
import type { Gate } from '@main/ipc/gate';
import { appError } from '@shared/domain/app-error';
import { toAppError } from '@main/ipc/errors';
import { recordedHandlers, ourFrame, TRUST } from '@test/unit/ipc/helpers';

const LONG = 'x'.repeat(10_000);
const CUT = `${'x'.repeat(80)}…`;
let gate: Gate;
let close: () => Promise<void>;

beforeAll(async () => {
  const recorded = await recordedHandlers();
  gate = createGate({ handlers: recorded.handlers, trust: TRUST, log: () => undefined });
  close = recorded.close;
});
afterAll(async () => {
  await close();
});

async function refusal(channel: string, input: unknown): Promise<string> {
  const reply = await gate.call(ourFrame, channel, input);
  if (reply.kind !== 'result' || reply.result.ok) throw new Error('expected a refusal');
  return JSON.stringify(reply.result.error);
}

describe('a rejected long value', () => {
  it('is cut in the message when it is an unknown field name', async () => {
    const error = await refusal('connections:check', { id: 'demo', [LONG]: 1 });
    expect(error).toContain(CUT);
    expect(error.length).toBeLessThan(1_000);
  });

  it('is cut when a service quotes it in its refusal', () => {
    const error = toAppError(
      appError('VALIDATION', { key: 'input.invalid', params: { issues: `„${LONG}“` } }, `Die Angabe „${LONG}“ ist zu lang.`),
    );
    expect(error.message).toBe(`Die Angabe „${CUT}“ ist zu lang.`);
    expect(error.params).toEqual({ issues: `„${CUT}“` });
  });

  it('is refused as an id of a connection without being repeated', async () => {
    const input = {
      id: LONG,
      name: 'a',
      mscCode: '40',
      target: { kind: 'embedded-demo' },
      profile: 'seed',
      auth: { kind: 'none' },
    };
    const error = await refusal('connections:save', input);
    expect(error).not.toContain('x'.repeat(81));
  });
});
