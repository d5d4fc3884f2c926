/**
 * The Übersicht's reads that span many billing units at once. Reading the open periods needs one MSC call per
 * unit, so the main process does it in one channel, a few calls at a time and briefly cached.
 */
import { z } from 'zod';
import { BillingPeriod } from '@shared/msc/billing-input';
import { Address, BillingUnitNumber } from '@shared/msc/primitives';
import { channel, OnConnection } from '@shared/ipc/channel';

export const OpenPeriod = z.object({ billingunit: BillingUnitNumber, address: Address, period: BillingPeriod }).strict();
export type OpenPeriod = z.infer<typeof OpenPeriod>;

export const OpenPeriods = z
  .object({
    /** Periods with status OPEN, the nearest deadline first (periods without a deadline last). */
    periods: z.array(OpenPeriod),
    /**
     * Periods already submitted (COMMISSIONED or BILLED), oldest end first: their tenants' statements are due 12
     * months after the period's end (§556 (3) BGB, docs/deadlines.md).
     */
    submitted: z.array(OpenPeriod),
    unitsTotal: z.int().min(0),
    /**
     * Units whose periods were read. Fewer than `unitsTotal` for a large connection: then only the units this
     * computer works on (a draft, an archived check or submission, a followed setup) are read.
     */
    unitsRead: z.int().min(0),
    /** Units whose periods could not be read (each call failed); the rest is still shown. */
    unreadable: z.array(BillingUnitNumber),
  })
  .strict();
export type OpenPeriods = z.infer<typeof OpenPeriods>;

export const overviewChannels = {
  'overview:open-periods': channel(z.object(OnConnection).strict(), OpenPeriods),
} as const;
