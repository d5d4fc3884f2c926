/**
 * The agreement of a property on a file-exchange connection (docs/arge.md, "File-exchange connection"): what an MSC
 * with the API keeps and serves as the template — fuels (table B), cost types with their allocation (table K,
 * E/H/W/K/A/B), distribution keys (table E), the units — is recorded here once per property by the clerk, typed or
 * taken over from last year's ARGE files. The app builds each period's template from it.
 */
import { z } from 'zod';
import {
  AllocationCode,
  CalorificValueString,
  CostTypeCode,
  DateRange,
  DistributionUnitCode,
  ExpectedVat,
  FuelCode,
  HotWaterMethodCode,
} from '@shared/msc/billing-input';
import {
  Address,
  BillingUnitNumber,
  IsoDate,
  IsoTimestamp,
  PmNumber,
  ResidentialUnitMscNumber,
  ShareString,
  Text,
} from '@shared/msc/primitives';

export const MAX_AGREEMENT_UNITS = 5000;

export const AgreementFuel = z
  .object({ slot: z.int().min(1).max(2), fuel: FuelCode, calorificvalue: CalorificValueString.optional() })
  .strict();
export type AgreementFuel = z.infer<typeof AgreementFuel>;

export const AgreementCostType = z
  .object({
    key: CostTypeCode,
    allocation: AllocationCode,
    /** The distribution key (table E) the MSC splits this cost type by. */
    allocationkey: DistributionUnitCode,
    /** Own name, for the cost types whose name is free (228, 242, 254, 311); else the table's name is used. */
    text: Text(60).optional(),
  })
  .strict();
export type AgreementCostType = z.infer<typeof AgreementCostType>;

/** Who uses a unit when the agreement is made: the start of its recipients until a tenant list says otherwise. */
export const AgreementOccupant = z
  .object({
    partnerPmnumber: PmNumber,
    name: Text(70).min(1, { message: 'darf nicht leer sein' }),
    since: IsoDate,
    vacancy: z.boolean(),
  })
  .strict();

export const AgreementUnit = z
  .object({
    /** The MSC's user number (4 digits), as last year's files or the MSC's letter name it. */
    residentialunitMscnumber: ResidentialUnitMscNumber,
    /** The PM's own number of the unit. */
    residentialunitPmnumber: PmNumber,
    occupant: AgreementOccupant.optional(),
  })
  .strict();
export type AgreementUnit = z.infer<typeof AgreementUnit>;

const Ratio = z.object({ base: ShareString, consumption: ShareString }).strict();

/** The fields without the cross-checks, so a partial agreement (taken over from files) has a schema too. */
export const AgreementFields = z
  .object({
    /** The MSC's number of the property (9 digits at most; reference field 19–27 of the files). */
    billingunit: BillingUnitNumber,
    /** The PM's own object number (L field 12). */
    pmnumber: PmNumber.optional(),
    address: Address,
    /** The first billing period this agreement holds for; the following ones are a year each. */
    firstperiod: DateRange,
    expectedvat: ExpectedVat,
    distributionratio: z.object({ heating: Ratio, hotwater: Ratio }).strict(),
    hotwatermethod: HotWaterMethodCode.optional(),
    fuels: z.array(AgreementFuel).max(2),
    costtypes: z.array(AgreementCostType).max(200),
    distributionkeys: z.array(DistributionUnitCode).max(50),
    units: z.array(AgreementUnit).max(MAX_AGREEMENT_UNITS),
  })
  .strict();

export const Agreement = AgreementFields.superRefine((a, ctx) => {
  if (a.firstperiod.from > a.firstperiod.to)
    ctx.addIssue({ code: 'custom', path: ['firstperiod', 'to'], message: 'liegt vor dem Beginn' });
  const slots = new Set<number>();
  a.fuels.forEach((f, i) => {
    if (slots.has(f.slot)) ctx.addIssue({ code: 'custom', path: ['fuels', i, 'slot'], message: 'ist doppelt' });
    slots.add(f.slot);
  });
  const costs = new Set<string>();
  a.costtypes.forEach((c, i) => {
    if (costs.has(c.key)) ctx.addIssue({ code: 'custom', path: ['costtypes', i, 'key'], message: 'ist doppelt' });
    costs.add(c.key);
    if (!a.distributionkeys.includes(c.allocationkey))
      ctx.addIssue({ code: 'custom', path: ['costtypes', i, 'allocationkey'], message: 'ist kein vereinbarter Schlüssel' });
  });
  const units = new Set<string>();
  a.units.forEach((u, i) => {
    if (units.has(u.residentialunitMscnumber))
      ctx.addIssue({ code: 'custom', path: ['units', i, 'residentialunitMscnumber'], message: 'ist doppelt' });
    units.add(u.residentialunitMscnumber);
  });
});
export type Agreement = z.infer<typeof Agreement>;

/** The agreement as stored: when it was last saved. */
export const StoredAgreement = z.object({ agreement: Agreement, updatedAt: IsoTimestamp }).strict();
export type StoredAgreement = z.infer<typeof StoredAgreement>;
