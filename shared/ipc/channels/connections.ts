/** Connections to measuring services: stored settings and their health. */
import { z } from 'zod';
import { AppError } from '@shared/domain/app-error';
import { CertificatePart, Connection, ConnectionInput } from '@shared/domain/connection';
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
  /**
   * Copies a certificate or key the clerk picked (`files:open`) or uploaded into the data folder; the connection then
   * refers to the copy's path. Typed paths are not accepted (see electron/app/certificates.ts).
   */
  'connections:take-certificate': channel(
    z.object({ fileId: z.string().min(1).max(100), part: CertificatePart }).strict(),
    z.object({ path: z.string(), name: z.string() }).strict(),
  ),
  'connections:remove': channel(ConnectionRef, z.void()),
  'connections:check': channel(ConnectionRef, ConnectionHealth),
} as const;
