/**
 * The one gate every renderer call passes, over Electron IPC and over the browser bridge alike:
 * 1. the sender must be ours, 2. the input must parse with the contract, 3. the handler runs,
 * 4. the outcome is wrapped as a Result. Bad payloads and foreign senders never reach a service.
 */
import { contract, isChannel } from '@shared/ipc/contract';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import { senderProblem } from '@main/ipc/senders';
import type { Sender, Trust } from '@main/ipc/senders';
import { toAppError } from '@main/ipc/errors';
import { consoleLog, type Log } from '@main/lib/log';

export type Handlers = { [C in Channel]: (input: Input<C>) => Promise<Output<C>> };

export type GateReply =
  { kind: 'result'; result: Result<unknown> } | { kind: 'forbidden'; reason: string } | { kind: 'unknown-channel' };

export type Gate = {
  call(sender: Sender, channel: string, raw: unknown): Promise<GateReply>;
};

export type GateOptions = {
  handlers: Handlers;
  trust: Trust;
  log?: Log;
};

export function createGate({ handlers, trust, log = consoleLog }: GateOptions): Gate {
  return {
    async call(sender, channel, raw) {
      const problem = senderProblem(sender, trust);
      if (problem !== null) {
        log(`IPC ${channel} refused: ${problem}`);
        return { kind: 'forbidden', reason: problem };
      }
      if (!isChannel(channel)) return { kind: 'unknown-channel' };
      return { kind: 'result', result: await run(handlers, channel, raw, log) };
    },
  };
}

/**
 * Our deepest real payload (a filled template) nests about 8 levels. Kept unknown keys of a draft could carry
 * thousands, which later overflow the stack in a service or a JSON writer; such input is refused up front.
 */
const MAX_DEPTH = 64;

/** Iterative, so the check itself cannot overflow the stack. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

async function run(
  handlers: Handlers,
  channel: Channel,
  raw: unknown,
  log: NonNullable<GateOptions['log']>,
): Promise<Result<unknown>> {
  const spec = contract[channel];
  if (nestedDeeperThan(raw, MAX_DEPTH)) {
    return {
      ok: false,
      error: {
        code: 'VALIDATION',
        message: `Ungültige Eingabe: die Angaben sind tiefer als ${String(MAX_DEPTH)} Ebenen verschachtelt.`,
        key: 'input.tooDeep',
        params: { levels: MAX_DEPTH },
      },
    };
  }
  let input: ReturnType<typeof spec.input.safeParse>;
  try {
    input = spec.input.safeParse(raw);
  } catch (err) {
    // A refinement that throws on odd input is still bad input, not a reason to crash the call.
    log(`IPC ${channel}: input schema threw`, err);
    return { ok: false, error: { code: 'VALIDATION', message: 'Ungültige Eingabe – die Angaben konnten nicht geprüft werden.' } };
  }
  if (!input.success) return { ok: false, error: toAppError(input.error) };
  let value: unknown;
  try {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    value = await handler(input.data);
  } catch (err) {
    const error = toAppError(err);
    if (error.code === 'INTERNAL') log(`IPC ${channel} failed`, err);
    return { ok: false, error };
  }
  // Checking our own output keeps the contract honest: the renderer can trust every shape it receives.
  const output = spec.output.safeParse(value);
  if (!output.success) {
    log(`IPC ${channel} returned a value outside the contract`, output.error);
    return { ok: false, error: { code: 'INTERNAL', message: 'Interner Fehler: die Antwort hatte ein unerwartetes Format.' } };
  }
  return { ok: true, value: output.data };
}
