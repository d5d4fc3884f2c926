/**
 * The shape of the API the preload exposes as `window.kb` (and that the browser bridge client mirrors):
 * one named function per contract channel plus `on` for events. Derived from the contract, never written by hand.
 */
import { channels } from '@shared/ipc/contract';
import type { Channel, EventName, EventPayload, Input, Output } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';

export type ChannelFunctions = { [C in Channel]: (input: Input<C>) => Promise<Result<Output<C>>> };

export type Subscribe = <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) => () => void;

export type PreloadApi = ChannelFunctions & { on: Subscribe };

/** Global name under which the preload exposes the API. */
export const PRELOAD_GLOBAL = 'kb';

/** IPC messages that carry events are prefixed, so they can never collide with a request channel. */
export const EVENT_PREFIX = 'event:';

export function mapChannels<F>(make: (channel: Channel) => F): Record<Channel, F> {
  return Object.fromEntries(channels.map((c) => [c, make(c)])) as Record<Channel, F>;
}

/** Browser mode: the header that carries the per-launch token on every bridge request. */
export const BRIDGE_TOKEN_HEADER = 'x-kb-token';
