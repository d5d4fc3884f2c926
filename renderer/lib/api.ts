/**
 * The renderer's single typed door to the main process. It uses the Electron preload
 * when present, otherwise the browser bridge; both are derived from the same contract. Results are unwrapped
 * here: a failure becomes an ApiError carrying the AppError, for hooks to show.
 */
import { mapChannels, PRELOAD_GLOBAL } from '@shared/ipc/api-types';
import type { PreloadApi, Subscribe } from '@shared/ipc/api-types';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import type { AppError, Result } from '@shared/ipc/result';
import { bridgeStreamOpen, createBridgeClient, onBridgeStreamOpen } from '@renderer/lib/bridge-client';

export class ApiError extends Error {
  readonly error: AppError;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'ApiError';
    this.error = error;
  }
}

const preload = (window as unknown as Record<string, PreloadApi | undefined>)[PRELOAD_GLOBAL];
const transport: PreloadApi = preload ?? createBridgeClient();

export const transportKind: 'electron' | 'browser' = preload ? 'electron' : 'browser';

type Args<C extends Channel> = undefined extends Input<C> ? [input?: Input<C>] : [input: Input<C>];
export type Api = { [C in Channel]: (...args: Args<C>) => Promise<Output<C>> };

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.error);
}

export const api = mapChannels((channel) => async (input?: unknown) => {
  const call = transport[channel] as (input: unknown) => Promise<Result<unknown>>;
  return unwrap(await call(input));
}) as unknown as Api;

export const onEvent: Subscribe = (name, listener) => transport.on(name, listener);

/**
 * Each (re)connection of the browser bridge's event stream, with whether events may have been missed; Electron's
 * IPC never misses an event.
 */
export const onEventsConnected = (listener: (missed: boolean) => void): (() => void) =>
  transportKind === 'browser' ? onBridgeStreamOpen(listener) : () => undefined;

/** Whether events flow now. */
export const eventsConnected = (): boolean => transportKind !== 'browser' || bridgeStreamOpen();
