/**
 * What the workspace keeps of On-Site-Roles per usage unit (one file each): the change the clerk saved but has not
 * delivered, the delivery on its way (persisted before it is sent), and the last data set the MSC accepted. Next to
 * it the OSR log: every delivery attempt and its answer, append-only (docs/msc-osr.md).
 */
import { z } from 'zod';
import { OnSiteRoles } from '@shared/msc/on-site-roles';
import { ReceivedCheckMessage } from '@shared/msc/problem';
import { BillingUnitNumber, PmNumber, ResidentialUnitMscNumber } from '@shared/msc/primitives';
import { FailureInfo } from '@shared/domain/workspace';

const Timestamp = z.iso.datetime({ offset: true });

export const OsrPending = z.object({ roles: OnSiteRoles, savedAt: Timestamp }).strict();
export type OsrPending = z.infer<typeof OsrPending>;

/**
 * One delivery of a unit's complete data set. `queued` and `sending` wait for the MSC; `failed` had no usable answer
 * (retried by itself while transient); `rejected` was refused by the MSC's check (its messages say why).
 */
export const OsrDelivery = z
  .object({
    id: z.string().min(1),
    seq: z.int().min(1),
    roles: OnSiteRoles,
    state: z.enum(['queued', 'sending', 'failed', 'rejected']),
    attempts: z.int().min(0),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    failure: FailureInfo.optional(),
    nextAttemptAt: Timestamp.optional(),
    messages: z.array(ReceivedCheckMessage).optional(),
  })
  .strict();
export type OsrDelivery = z.infer<typeof OsrDelivery>;

/** The last data set the MSC accepted from here; `messages` are the warnings it accepted it with. */
export const OsrDelivered = z
  .object({
    deliveryId: z.string().min(1),
    roles: OnSiteRoles,
    transactionid: z.string().min(1),
    acceptedat: z.string().min(1),
    deliveredAt: Timestamp,
    messages: z.array(ReceivedCheckMessage),
  })
  .strict();
export type OsrDelivered = z.infer<typeof OsrDelivered>;

export const OsrUnitRecord = z
  .object({
    billingunit: BillingUnitNumber,
    residentialunit: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber.optional(),
    updatedAt: Timestamp,
    pending: OsrPending.optional(),
    delivery: OsrDelivery.optional(),
    delivered: OsrDelivered.optional(),
  })
  .strict();
export type OsrUnitRecord = z.infer<typeof OsrUnitRecord>;

export const OSR_STATUSES = ['none', 'delivered', 'pending', 'queued', 'sending', 'failed', 'rejected'] as const;
export const OsrStatus = z.enum(OSR_STATUSES);
export type OsrStatus = z.infer<typeof OsrStatus>;

/** One word for a unit's state, most urgent first: on its way, then saved, then what the last delivery met. */
export function osrStatusOf(record: OsrUnitRecord | undefined): OsrStatus {
  if (!record) return 'none';
  const state = record.delivery?.state;
  if (state === 'sending' || state === 'queued') return state;
  if (record.pending) return 'pending';
  if (state) return state;
  return record.delivered ? 'delivered' : 'none';
}

export const OsrLogResult = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('accepted'),
      transactionid: z.string().min(1),
      acceptedat: z.string(),
      messages: z.array(ReceivedCheckMessage),
    })
    .strict(),
  z.object({ kind: z.literal('rejected'), messages: z.array(ReceivedCheckMessage) }).strict(),
  z.object({ kind: z.literal('failed'), code: z.string().min(1), message: z.string(), retryable: z.boolean() }).strict(),
]);
export type OsrLogResult = z.infer<typeof OsrLogResult>;
export type OsrLogResultKind = OsrLogResult['kind'];

export const OsrLogEntry = z
  .object({
    id: z.string().min(1),
    seq: z.int().min(1),
    at: Timestamp,
    billingunit: BillingUnitNumber,
    residentialunit: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber.optional(),
    deliveryId: z.string().min(1),
    attempt: z.int().min(1),
    /** The body as sent; kept as JSON so later schema changes never invalidate old entries. */
    request: z.record(z.string(), z.unknown()),
    result: OsrLogResult,
  })
  .strict();
export type OsrLogEntry = z.infer<typeof OsrLogEntry>;

export const OsrLogSummary = z
  .object({
    id: z.string().min(1),
    seq: z.int().min(1),
    at: Timestamp,
    billingunit: BillingUnitNumber,
    residentialunit: ResidentialUnitMscNumber,
    result: z.enum(['accepted', 'rejected', 'failed']),
  })
  .strict();
export type OsrLogSummary = z.infer<typeof OsrLogSummary>;
