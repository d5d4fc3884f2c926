/**
 * Billing units (Liegenschaften) and the matching of usage units: the overview from the MSC, setup requests in
 * the local outbox, followed setups and their matching results.
 */
import { z } from 'zod';
import { BillingUnitSummary, SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';
import { PmNumber } from '@shared/msc/primitives';
import { LargeSetupRequest } from '@shared/msc/setup-parts';
import { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { channel, OnConnection, OnUnit } from '@shared/ipc/channel';

/** `unmatchedDerived`: the unmatched list is our inference (sent but not matched), not the MSC's own. */
export const MatchingResult = SetupStatus.extend({ unmatchedDerived: z.boolean() });
export type MatchingResult = z.infer<typeof MatchingResult>;

/**
 * One page of the MSC's overview. The MSC serves at most 100 entries per request; the main process pages through
 * it once per list and serves pages of any size up to this from what it read (electron/app/overview-reads.ts).
 */
export const UNITS_PAGE_MAX = 5000;
export const UnitsPageInput = z
  .object({ ...OnConnection, offset: z.int().min(0), limit: z.int().min(1).max(UNITS_PAGE_MAX) })
  .strict();
export const UnitsPage = z.object({ billingunits: z.array(BillingUnitSummary), totalentries: z.int().min(0) }).strict();
export type UnitsPage = z.infer<typeof UnitsPage>;

const OutboxRef = z.object({ ...OnConnection, id: z.string().min(1) }).strict();

export const unitChannels = {
  /** Every billing unit the MSC has for this customer, all pages. */
  'units:list': channel(z.object(OnConnection).strict(), z.array(BillingUnitSummary)),
  /** One page of them, so a screen can show the first rows while the rest is still on its way. */
  'units:page': channel(UnitsPageInput, UnitsPage),
  /** Queues a setup request; it is sent in the background and survives a restart. */
  'units:send-setup': channel(z.object({ ...OnConnection, request: SetupRequest }).strict(), OutboxItem),
  /**
   * Queues one property's units of any number: split into requests of at most 5,000 (additive parts), all stored
   * before the first goes out.
   */
  'units:send-setups': channel(z.object({ ...OnConnection, request: LargeSetupRequest }).strict(), z.array(OutboxItem)),
  /**
   * Withdraws usage units sent by mistake: the corrected complete list of the property (everything sent or queued
   * from here, minus these) goes out through the outbox; earlier requests stay as they were.
   */
  'units:withdraw': channel(
    z.object({ ...OnUnit, pmnumbers: z.array(PmNumber).min(1).max(100_000) }).strict(),
    z.array(OutboxItem),
  ),
  'units:outbox': channel(z.object(OnConnection).strict(), z.array(OutboxItem)),
  'units:retry-setup': channel(OutboxRef.extend({ force: z.boolean().optional() }).strict(), OutboxItem),
  'units:remove-setup': channel(OutboxRef, z.void()),
  'units:setups': channel(z.object(OnConnection).strict(), z.array(TrackedSetup)),
  /** Asks the MSC for the setup status now instead of waiting for the next poll. */
  'units:refresh-setup': channel(z.object(OnUnit).strict(), TrackedSetup),
  'units:matching': channel(z.object(OnUnit).strict(), MatchingResult),
} as const;
