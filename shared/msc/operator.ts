/**
 * The demo MSC's operator API (`/_operator/…`, loopback only, operator token): the person at the MSC who matches by
 * hand, pushes timers and changes period states. Not part of the bved contract; the app's Demo-Messdienst panel
 * and `npm run sandbox -- operator …` speak it.
 */
import { z } from 'zod';
import { AdditionalUnit, AuxiliaryCriteria, SetupStatusCode } from '@shared/msc/billing-unit-data';
import { BillingPeriod, PeriodStatus } from '@shared/msc/billing-input';
import {
  Address,
  BillingUnitNumber,
  CustomerNumber,
  IsoDate,
  IsoTimestamp,
  PmNumber,
  ResidentialUnitMscNumber,
} from '@shared/msc/primitives';

export const OPERATOR_PATHS = {
  manual: '/_operator/manual',
  world: '/_operator/world',
  resolve: '/_operator/resolve',
  advance: '/_operator/advance',
  periodStatus: '/_operator/period-status',
  /** A billed period's result as ARGE files (D, E835, E898 and the PDFs), docs/arge.md. */
  argeResults: '/_operator/arge-results',
} as const;

export const ManualWorkItem = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    transactionid: z.string(),
    residentialunitPmnumber: PmNumber,
    description: z.string().optional(),
    auxiliarycriteria: AuxiliaryCriteria.optional(),
    candidates: z.array(AdditionalUnit),
    since: IsoTimestamp.optional(),
  })
  .strict();
export type ManualWorkItem = z.infer<typeof ManualWorkItem>;
export const ManualWorkList = z.object({ items: z.array(ManualWorkItem) }).strict();

export const ResolveBody = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    residentialunitPmnumber: PmNumber,
    residentialunitMscnumber: ResidentialUnitMscNumber.optional(),
    reject: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.residentialunitMscnumber === undefined) !== (b.reject === undefined), {
    message: 'entweder residentialunitMscnumber (zuordnen) oder reject: true (ablehnen) angeben',
  });
export type ResolveBody = z.infer<typeof ResolveBody>;
export const ResolveReply = z
  .object({ billingunitMscnumber: BillingUnitNumber, setupstatus: SetupStatusCode, pendingmanual: z.int().min(0) })
  .strict();

export const AdvanceBody = z.object({ billingunitMscnumber: BillingUnitNumber.optional() }).strict();
export const AdvanceReply = z
  .object({ advanced: z.array(z.object({ billingunitMscnumber: BillingUnitNumber, setupstatus: SetupStatusCode }).strict()) })
  .strict();

export const PeriodStatusBody = z.object({ billingunitMscnumber: BillingUnitNumber, to: IsoDate, status: PeriodStatus }).strict();
export type PeriodStatusBody = z.infer<typeof PeriodStatusBody>;

export const ArgeResultsQuery = z.object({ billingunit: BillingUnitNumber, to: IsoDate }).strict();
/** The files, each as base64, named as the standard names them. */
export const ArgeResultsReply = z
  .object({
    files: z.array(z.object({ name: z.string(), kind: z.enum(['D', 'E835', 'E898', 'PDF']), base64: z.string() }).strict()),
  })
  .strict();
export type ArgeResultsReply = z.infer<typeof ArgeResultsReply>;

/** A unit as the MSC knows it, with what lets a trying user match it: the known order criterion, if any. */
export const WorldUnit = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    positiontext: z.string(),
    knownPmnumber: PmNumber.optional(),
    livingarea: z.string().optional(),
    manual: z.boolean(),
  })
  .strict();
export type WorldUnit = z.infer<typeof WorldUnit>;

export const WorldBillingUnitView = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    billingunitPmnumber: PmNumber.optional(),
    customerMscnumber: CustomerNumber,
    address: Address,
    units: z.array(WorldUnit),
    periods: z.array(BillingPeriod),
  })
  .strict();
export type WorldBillingUnitView = z.infer<typeof WorldBillingUnitView>;
export const WorldView = z.object({ billingunits: z.array(WorldBillingUnitView) }).strict();
export type WorldView = z.infer<typeof WorldView>;
