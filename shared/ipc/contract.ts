/**
 * The one IPC contract between the renderer and the main process (style rules 3 and 14).
 * Every channel is `domain:verb` with a zod schema for its input and its output; every main→renderer
 * event has a payload schema. The preload, the gate, the browser bridge and renderer/lib/api.ts are
 * all derived from this object, so no other file holds a channel name.
 */
import { z } from 'zod';
import { AppError } from '@shared/domain/app-error';
import { Connection, ConnectionInput } from '@shared/domain/connection';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['electron', 'browser']),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** Result of one health check of a connection to a measuring service. */
export const ConnectionHealth = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ok'),
    checkedAt: z.string(),
    latencyMs: z.number().nonnegative(),
    apiVersion: z.string().nullable(),
  }),
  z.object({ state: z.literal('error'), checkedAt: z.string(), error: AppError }),
]);
export type ConnectionHealth = z.infer<typeof ConnectionHealth>;

export const ConnectionStatusEvent = z.object({ connectionId: z.string(), health: ConnectionHealth });
export type ConnectionStatusEvent = z.infer<typeof ConnectionStatusEvent>;

/** A file in flight, known to the main process by id (picked by a native dialog or uploaded by the browser). */
export const PickedFile = z.object({ fileId: z.string().min(1), name: z.string(), size: z.int().nonnegative() });
export type PickedFile = z.infer<typeof PickedFile>;
export const FileKind = z.enum(['excel', 'pdf']);
export type FileKind = z.infer<typeof FileKind>;

const ConnectionRef = z.object({ id: z.string().min(1) }).strict();

const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

export const contract = {
  'app:info': channel(z.void(), AppInfo),
  'connections:list': channel(z.void(), z.array(Connection)),
  'connections:save': channel(ConnectionInput, Connection),
  'connections:remove': channel(ConnectionRef, z.void()),
  'connections:check': channel(ConnectionRef, ConnectionHealth),
  /** Electron only: native open dialog. `null` when the clerk cancels. Browser mode uploads instead. */
  'files:open': channel(z.object({ kind: FileKind }).strict(), PickedFile.nullable()),
  /** Electron only: native save dialog for a prepared file. `null` when cancelled. Browser mode downloads instead. */
  'files:save': channel(z.object({ fileId: z.string().min(1) }).strict(), z.object({ savedTo: z.string() }).nullable()),
} as const;

export const events = {
  'connection:status': ConnectionStatusEvent,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type Input<C extends Channel> = z.infer<Contract[C]['input']>;
export type Output<C extends Channel> = z.infer<Contract[C]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;

export const channels = Object.keys(contract) as Channel[];
export const eventNames = Object.keys(events) as EventName[];

export const isChannel = (name: string): name is Channel => Object.hasOwn(contract, name);
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);
