/** Building blocks of the contract's channel tables. */
import { z } from 'zod';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';

export const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

/** Ids end up in folder names (workspaces per connection), so they are restricted to safe characters. */
export const ConnectionId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, { message: 'ist keine gültige Verbindungs-ID' });

export const OnConnection = { connectionId: ConnectionId };
export const OnUnit = { ...OnConnection, billingunit: BillingUnitNumber };
export const OnPeriod = { ...OnUnit, periodTo: IsoDate };

/** A file in flight, known to the main process by id (picked by a native dialog, uploaded, or produced by an export). */
export const FileRef = z.object({ fileId: z.string().min(1), name: z.string(), size: z.int().nonnegative() });
export type FileRef = z.infer<typeof FileRef>;
