/** Area A of the contract: sending usage units for matching and reading the matching result. */
import { z } from 'zod';
import {
  Address,
  AreaString,
  BillingUnitNumber,
  CustomerNumber,
  IsoDate,
  IsoTimestamp,
  PmNumber,
  ResidentialUnitMscNumber,
  Text,
} from '@shared/msc/primitives';

export const OrderCriteriaFor = z.enum(['USAGEUNIT', 'BILLINGRECIPIENT']).meta({
  id: 'OrderCriteriaFor',
  description: "Which of the PM's keys the order criteria name (depends on the ERP).",
});

export const SetupStatusCode = z.enum(['OPEN', 'IN_PROGRESS', 'COMPLETED']).meta({ id: 'SetupStatusCode' });
export type SetupStatusCode = z.infer<typeof SetupStatusCode>;

export const AuxiliaryCriteria = z
  .object({
    floor: Text(10).optional(),
    position: Text(20).optional(),
    livingarea: AreaString.optional(),
    persons: z.int({ message: 'muss eine ganze Zahl sein' }).min(0).max(99).optional(),
    meternumbers: z.array(Text(20)).max(20).optional(),
    previousresidentialunitMscnumber: ResidentialUnitMscNumber.optional(),
    note: Text(200).optional(),
  })
  .strict()
  .meta({
    id: 'AuxiliaryCriteria',
    description: 'Hilfskriterien: help the MSC decide where the order criterion alone is doubtful.',
  });
export type AuxiliaryCriteria = z.infer<typeof AuxiliaryCriteria>;

export const BillingRecipientRef = z
  .object({
    partnerPmnumber: PmNumber,
    name: Text(35).min(1, { message: 'darf nicht leer sein' }),
    firstname: Text(35).optional(),
  })
  .strict()
  .meta({ id: 'BillingRecipientRef' });

export const SetupResidentialUnit = z
  .object({
    residentialunitPmnumber: PmNumber,
    residentialunitMscnumber: ResidentialUnitMscNumber.optional(),
    description: Text(20).optional(),
    validfrom: IsoDate.optional(),
    currentbillingrecipient: BillingRecipientRef.optional(),
    auxiliarycriteria: AuxiliaryCriteria.optional(),
  })
  .strict()
  .meta({ id: 'SetupResidentialUnit' });
export type SetupResidentialUnit = z.infer<typeof SetupResidentialUnit>;

/** At most this many usage units per setup request; a larger property goes out in several (docs/msc-units.md). */
export const MAX_UNITS_PER_REQUEST = 5000;

export const CompleteListPart = z
  .object({
    /** Names one complete list; all its parts carry the same id. */
    listid: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/, { message: 'darf nur Buchstaben, Ziffern und Bindestriche enthalten' }),
    part: z.int().min(1),
    parts: z.int().min(1).max(1000),
  })
  .strict()
  .refine((p) => p.part <= p.parts, { message: 'Teil-Nummer größer als die Zahl der Teile', path: ['part'] })
  .meta({
    id: 'CompleteListPart',
    description:
      "Marks the request as part `part` of `parts` of the PM's complete current list of usage units of the billing unit " +
      '(as OSR 2.0 does for recipients). Once every part of `listid` has arrived, units sent earlier and named in no ' +
      'part are withdrawn: no longer expected, reported under `withdrawn`. Without it a request only adds or replaces units.',
  });
export type CompleteListPart = z.infer<typeof CompleteListPart>;

/** The duplicate check of a setup request, shared with the unbounded list that is split into requests. */
export function refineUniqueOrderCriteria(
  units: readonly { residentialunitPmnumber: string }[],
  ctx: z.RefinementCtx,
  path: readonly PropertyKey[] = ['residentialunits'],
): void {
  const seen = new Map<string, number>();
  units.forEach((u, i) => {
    const first = seen.get(u.residentialunitPmnumber);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, i, 'residentialunitPmnumber'],
        message: `Ordnungsbegriff „${u.residentialunitPmnumber}“ kommt doppelt vor (schon in Zeile ${String(first + 1)})`,
      });
    } else seen.set(u.residentialunitPmnumber, i);
  });
}

export const SetupRequest = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    customerMscnumber: CustomerNumber,
    billingunitPmnumber: PmNumber.optional(),
    ordercriteriafor: OrderCriteriaFor,
    residentialunits: z
      .array(SetupResidentialUnit)
      .max(MAX_UNITS_PER_REQUEST, { message: 'darf höchstens 5.000 Nutzeinheiten je Anfrage enthalten' }),
    completelist: CompleteListPart.optional(),
  })
  .strict()
  .superRefine((req, ctx) => {
    // Only a complete list may be empty: it withdraws every unit sent so far.
    if (req.residentialunits.length === 0 && req.completelist === undefined) {
      ctx.addIssue({ code: 'custom', path: ['residentialunits'], message: 'muss mindestens eine Nutzeinheit enthalten' });
    }
    refineUniqueOrderCriteria(req.residentialunits, ctx);
  })
  .meta({ id: 'SetupRequest', description: "The PM's usage units of one billing unit, sent for matching." });
export type SetupRequest = z.infer<typeof SetupRequest>;

export const SetupAccepted = z
  .object({ transactionid: z.string().min(1) })
  .strict()
  .meta({ id: 'SetupAccepted' });
export type SetupAccepted = z.infer<typeof SetupAccepted>;

export const MatchedUnit = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber,
    /** The MSC's own position text of the unit ("Lage laut Messdienst"); our amendment, optional for other MSCs. */
    positiontext: Text(60).optional(),
  })
  .strict()
  .meta({ id: 'MatchedUnit' });

export const WithdrawnUnit = z
  .object({
    residentialunitPmnumber: PmNumber,
    /** The MSC unit it had been matched to, now free again (listed under `additional`). */
    residentialunitMscnumber: ResidentialUnitMscNumber.optional(),
    withdrawnat: IsoTimestamp,
    /** The setup request (last part of the complete list) that withdrew it. */
    transactionid: z.string().optional(),
  })
  .strict()
  .meta({
    id: 'WithdrawnUnit',
    description: 'A unit sent earlier but left out of a complete list: no longer expected. Sending it again re-instates it.',
  });
export type WithdrawnUnit = z.infer<typeof WithdrawnUnit>;

export const ManualWorkUnit = z
  .object({ residentialunitPmnumber: PmNumber, since: IsoTimestamp })
  .strict()
  .meta({ id: 'ManualWorkUnit', description: 'A sent unit a person at the MSC is matching by hand, and since when.' });
export type ManualWorkUnit = z.infer<typeof ManualWorkUnit>;

export const AdditionalUnit = z
  .object({ residentialunitMscnumber: ResidentialUnitMscNumber, positiontext: Text(60) })
  .strict()
  .meta({ id: 'AdditionalUnit', description: 'A unit the MSC has but the PM did not send.' });

export const UnmatchedUnit = z
  .object({
    residentialunitPmnumber: PmNumber,
    reason: z.enum(['NOT_FOUND', 'AMBIGUOUS']),
    candidates: z.array(AdditionalUnit).optional(),
  })
  .strict()
  .meta({
    id: 'UnmatchedUnit',
    description: 'AMBIGUOUS asks for auxiliary criteria; re-sending the unit with them re-opens matching.',
  });
export type UnmatchedUnit = z.infer<typeof UnmatchedUnit>;

export const BillingUnitSummary = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    billingunitPmnumber: PmNumber.optional(),
    customerMscnumber: CustomerNumber,
    address: Address,
    setupstatus: SetupStatusCode,
    lastupdate: IsoTimestamp,
  })
  .strict()
  .meta({ id: 'BillingUnitSummary' });
export type BillingUnitSummary = z.infer<typeof BillingUnitSummary>;

export const SetupStatus = BillingUnitSummary.extend({
  transactionid: z.string().optional(),
  matched: z.array(MatchedUnit).optional(),
  additional: z.array(AdditionalUnit).optional(),
  unmatched: z.array(UnmatchedUnit).optional(),
  /** Units withdrawn by a complete list; published in every status (our amendment, docs/msc-units.md). */
  withdrawn: z.array(WithdrawnUnit).optional(),
  /** While IN_PROGRESS: the units waiting for manual matching at the MSC, each with the time it started. */
  manualwork: z.array(ManualWorkUnit).optional(),
})
  .strict()
  .meta({ id: 'SetupStatus', description: 'Setup status of one billing unit; carries the matching result once COMPLETED.' });
export type SetupStatus = z.infer<typeof SetupStatus>;

export const OverviewQuery = z
  .object({
    offset: z.coerce.number().int().min(0, { message: 'darf nicht negativ sein' }).default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, { message: 'muss mindestens 1 sein' })
      .max(100, { message: 'darf höchstens 100 sein' })
      .default(100),
    status: SetupStatusCode.optional(),
    from: IsoTimestamp.optional(),
  })
  .strict();
export type OverviewQuery = z.infer<typeof OverviewQuery>;

export const OverviewPage = z
  .object({
    totalentries: z.int().min(0),
    offset: z.int().min(0),
    limit: z.int().min(1).max(100),
    billingunits: z.array(BillingUnitSummary),
  })
  .strict()
  .meta({ id: 'OverviewPage' });
export type OverviewPage = z.infer<typeof OverviewPage>;
