/** Types of the demo MSC's world (the demo data is in seed.ts). */
import type { Address } from '@shared/msc/primitives';
import type { BillingPeriod, Template } from '@shared/msc/billing-input';

export type { Address, BillingPeriod, Template };

/** A usage unit as the MSC knows it. */
export type MscUnit = {
  residentialunitMscnumber: string;
  /** Shown to the PM in `additional` and as candidates. */
  positiontext: string;
  /** The PM order criterion the MSC already has on file for this unit, if any. */
  knownPmnumber?: string;
  floor?: string;
  position?: string;
  livingarea?: string;
  meternumbers?: string[];
  /** Billing recipients (partner numbers) the MSC has on file for this unit via OSR; a sent current recipient decides. */
  partnerPmnumbers?: string[];
  /** Matching this unit needs a person at the MSC: it stays IN_PROGRESS until an operator resolves it. */
  manual?: boolean;
};

export type WorldPeriod = { period: BillingPeriod; template?: Template };

export type WorldBillingUnit = {
  billingunitMscnumber: string;
  billingunitPmnumber?: string;
  customerMscnumber: string;
  address: Address;
  units: MscUnit[];
  periods: WorldPeriod[];
  /** Shown as `lastupdate` until a setup changes it; defaults to the seed time. */
  lastupdate?: string;
};

export type WorldClient = { clientId: string; clientSecret: string; customerMscnumber: string };

export type World = { clients: WorldClient[]; billingunits: WorldBillingUnit[] };
