/**
 * Area C of the contract: the billing result an MSC publishes once a period is BILLED (docs/msc-results.md).
 * Amounts use the fill's amount shape (`Amounts`: gross and/or net as the template's `expectedvat` says), so
 * whatever was submitted can be compared with what was billed field by field.
 */
import { z } from 'zod';
import { AllocationCode, Currency, DateRange, DistributionUnitCode, ExpectedVat } from '@shared/msc/billing-input';
import {
  Amounts,
  BillingUnitNumber,
  IsoDate,
  IsoTimestamp,
  PmNumber,
  QuantityString,
  ResidentialUnitMscNumber,
  ShareString,
  Text,
} from '@shared/msc/primitives';

/** A key of table K. Results use keys the fill may not (the MSC's own result keys), so any three digits pass. */
export const ResultCostType = z
  .string()
  .regex(/^\d{3}$/, { message: 'muss ein Kostenart-Schlüssel aus drei Ziffern sein (Tabelle K)' })
  .meta({ examples: ['201'] });

/** Identifies one document of a result; safe as a path segment. */
export const DocumentId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    message: 'muss eine Dokumentkennung aus 1 bis 64 Buchstaben, Ziffern, Punkt, Binde- oder Unterstrich sein',
  })
  .meta({ examples: ['HKA-0001-MIE-4711'] });

/** How a position was shared: base cost (§7/§8 fixed share), consumption share, or one distribution key alone. */
export const PositionBasis = z.enum(['BASE', 'CONSUMPTION', 'KEY']).meta({ id: 'PositionBasis' });
export type PositionBasis = z.infer<typeof PositionBasis>;

/** Where a position's value comes from: a meter read, an estimate (§9a HeizkostenV) or the fill's distribution values. */
export const ValueSource = z.enum(['READ', 'ESTIMATED', 'ALLOCATION']).meta({ id: 'ValueSource' });
export type ValueSource = z.infer<typeof ValueSource>;

export const Consumption = z
  .object({
    value: QuantityString.meta({ description: "The recipient's value of the position's key (units, m³, m², …)." }),
    unit: DistributionUnitCode.meta({ description: 'Unit of the value (table E: 030 consumption units, 003 m³, 010 m², …).' }),
    total: QuantityString.meta({ description: "The property's total of the key that the cost was divided by." }),
    source: ValueSource,
  })
  .strict()
  .meta({ id: 'Consumption' });
export type Consumption = z.infer<typeof Consumption>;

export const ResultPosition = z
  .object({
    costtype: ResultCostType.meta({ description: 'Cost group (table K): the key of the cost shared in this position.' }),
    text: Text(60),
    allocation: AllocationCode,
    basis: PositionBasis,
    cost: Amounts.meta({ description: "The recipient's part of this cost group (for heating: after the CO2 landlord share)." }),
    consumption: Consumption.optional(),
  })
  .strict()
  .meta({ id: 'ResultPosition' });
export type ResultPosition = z.infer<typeof ResultPosition>;

/** §9b HeizkostenV: how a unit's costs were divided between the users before and after a change. */
export const ChangeSplit = z.enum(['READINGS', 'DEGREE_DAYS']).meta({ id: 'ChangeSplit' });
export type ChangeSplit = z.infer<typeof ChangeSplit>;

export const RecipientResult = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber.optional(),
    partnerPmnumber: PmNumber,
    name: Text(70).optional(),
    validfrom: IsoDate,
    validto: IsoDate,
    vacancy: z.boolean().meta({ description: 'A vacancy: its costs are the owner’s.' }),
    totalcost: Amounts.meta({ description: 'What the recipient is charged: the sum of its positions.' }),
    co2landlordshare: Amounts.meta({ description: 'CO2 cost the landlord bears for this recipient (CO2KostAufG).' }),
    prepayment: Amounts.meta({ description: 'Prepayments of the fill (heating + hot water + cold water).' }),
    balance: Amounts.meta({ description: 'totalcost − prepayment; positive: the recipient pays, negative: refund.' }),
    newmonthlyprepayment: Amounts.meta({ description: 'Suggested monthly prepayment for the next period.' }),
    changesplit: ChangeSplit.optional().meta({ description: 'Present where the unit changed users within the period.' }),
    positions: z.array(ResultPosition),
  })
  .strict()
  .meta({ id: 'RecipientResult' });
export type RecipientResult = z.infer<typeof RecipientResult>;

/** ARGE E898 document kinds; LGA (the property's overall statement) is ours, see docs/msc-results.md. */
export const DocumentType = z.enum(['HKA', 'BKA', 'VDA', 'LGA']).meta({ id: 'DocumentType' });
export type DocumentType = z.infer<typeof DocumentType>;

export const ResultDocument = z
  .object({
    documentid: DocumentId,
    type: DocumentType,
    residentialunitMscnumber: ResidentialUnitMscNumber.optional(),
    partnerPmnumber: PmNumber.optional().meta({ description: 'Present when the document belongs to one recipient.' }),
    title: Text(120),
    mediatype: z.literal('application/pdf'),
  })
  .strict()
  .meta({ id: 'ResultDocument' });
export type ResultDocument = z.infer<typeof ResultDocument>;

export const Co2Outcome = z
  .object({
    emissionkg: QuantityString,
    cost: Amounts,
    intensity: z
      .string()
      .regex(/^\d{1,6}\.\d{2}$/)
      .meta({ description: 'kg CO2 per m² living area and year.' }),
    tier: z.int().min(1).max(10),
    basis: z.enum(['TIERS', 'NONRESIDENTIAL']),
    restriction: z.enum(['NONE', 'HALVED', 'WAIVED']),
    landlordpercent: ShareString,
    landlordshare: Amounts,
  })
  .strict()
  .meta({ id: 'Co2Outcome', description: 'The CO2 cost split of the property (CO2KostAufG), absent where it does not apply.' });
export type Co2Outcome = z.infer<typeof Co2Outcome>;

export const ResultTotals = z
  .object({
    distributablecost: Amounts.meta({
      description: 'Fuel consumed (opening stock + deliveries − closing stock) plus every invoice of the fill.',
    }),
    heating: Amounts,
    hotwater: Amounts,
    coldwater: Amounts,
    operating: Amounts.meta({ description: 'Other operating costs (allocation B).' }),
    totalcost: Amounts.meta({ description: 'Σ results[].totalcost' }),
    co2landlordshare: Amounts.meta({ description: 'Σ results[].co2landlordshare' }),
    prepayment: Amounts,
    balance: Amounts,
  })
  .strict()
  .meta({ id: 'ResultTotals' });
export type ResultTotals = z.infer<typeof ResultTotals>;

export const BillingResult = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    billingperiod: DateRange,
    currency: Currency,
    expectedvat: ExpectedVat,
    billingdate: IsoDate,
    transactionid: z.string().min(1).meta({ description: 'The binding submission this result was billed from.' }),
    createdat: IsoTimestamp,
    totals: ResultTotals,
    co2: Co2Outcome.optional(),
    results: z.array(RecipientResult),
    documents: z.array(ResultDocument),
  })
  .strict()
  .meta({
    id: 'BillingResult',
    description:
      'The billing of one period: one result per billing recipient of the submission. ' +
      'Σ(totalcost + co2landlordshare) = totals.distributablecost to the cent.',
  });
export type BillingResult = z.infer<typeof BillingResult>;
