/**
 * The Demo-Messdienst panel: a trying user plays the embedded demo MSC's staff (manual matching, timers, period
 * states) and gets a sample workbook that fits the demo world. Every channel refuses connections that are not the
 * embedded demo, so nothing here can reach a real MSC.
 */
import { z } from 'zod';
import { PeriodStatus } from '@shared/msc/billing-input';
import { PmNumber, ResidentialUnitMscNumber } from '@shared/msc/primitives';
import { AdvanceReply, ManualWorkItem, PeriodStatusBody, ResolveReply, WorldBillingUnitView } from '@shared/msc/operator';
import { channel, FileRef, OnConnection, OnPeriod, OnUnit } from '@shared/ipc/channel';

export const DemoState = z
  .object({
    /** The demo customer's billing units as the MSC knows them, with their periods. */
    billingunits: z.array(WorldBillingUnitView),
    /** Units waiting for a person at the MSC, oldest first. */
    manual: z.array(ManualWorkItem),
  })
  .strict();
export type DemoState = z.infer<typeof DemoState>;

export const DemoResolveInput = z
  .object({
    ...OnUnit,
    pmnumber: PmNumber,
    /** Assign to this MSC unit; absent: reject (the unit is reported as not found). */
    mscnumber: ResidentialUnitMscNumber.optional(),
  })
  .strict();

export const demoChannels = {
  'demo:state': channel(z.object(OnConnection).strict(), DemoState),
  'demo:resolve': channel(DemoResolveInput, ResolveReply),
  /** Runs the pending matching steps now (of one billing unit, or all). */
  'demo:advance': channel(z.object({ ...OnConnection, billingunit: OnUnit.billingunit.optional() }).strict(), AdvanceReply),
  'demo:period-status': channel(z.object({ ...OnPeriod, status: PeriodStatus }).strict(), PeriodStatusBody),
  /** A usage-unit workbook matching the demo world (all demo properties, or one). */
  'demo:sample-workbook': channel(z.object({ ...OnConnection, billingunit: OnUnit.billingunit.optional() }).strict(), FileRef),
} as const;
