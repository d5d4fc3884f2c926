/** Connections to measuring services: stored settings and their health. */
import { z } from 'zod';
import { AppError } from '@shared/domain/app-error';
import { Connection, ConnectionInput } from '@shared/domain/connection';
import { channel, ConnectionId } from '@shared/ipc/channel';

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

const ConnectionRef = z.object({ id: ConnectionId }).strict();

export const connectionChannels = {
  'connections:list': channel(z.void(), z.array(Connection)),
  'connections:save': channel(ConnectionInput, Connection),
  'connections:remove': channel(ConnectionRef, z.void()),
  'connections:check': channel(ConnectionRef, ConnectionHealth),
} as const;
