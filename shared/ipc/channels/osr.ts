/**
 * On-Site-Roles (Nutzer und Mieterwechsel): per usage unit of a property the roles the MSC has, the change the clerk
 * saved, the delivery on its way and the last accepted data set; delivering one or all; the OSR log (docs/msc-osr.md).
 */
import { z } from 'zod';
import { OnSiteRoles, OnSiteRolesRecord } from '@shared/msc/on-site-roles';
import { IsoDate, PmNumber, ResidentialUnitMscNumber } from '@shared/msc/primitives';
import { OsrLogEntry, OsrLogSummary, OsrStatus, OsrUnitRecord } from '@shared/domain/osr';
import { BillingUnitNumber } from '@shared/msc/primitives';
import { channel, OnConnection, OnUnit } from '@shared/ipc/channel';

export { OsrLogEntry, OsrLogSummary, OsrStatus, OsrUnitRecord } from '@shared/domain/osr';

const OnUsageUnit = { ...OnUnit, residentialunit: ResidentialUnitMscNumber };

export const OsrUnitView = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber.optional(),
    positiontext: z.string().optional(),
    /** The unit's roles as the MSC's template of `basisPeriodTo` shows them. */
    atMsc: OnSiteRoles.optional(),
    record: OsrUnitRecord.optional(),
    status: OsrStatus,
    /** What a change starts from: the pending change, else the delivery under way, else the last accepted, else atMsc. */
    current: OnSiteRoles.optional(),
  })
  .strict();
export type OsrUnitView = z.infer<typeof OsrUnitView>;

export const OsrUnits = z
  .object({
    billingunit: BillingUnitNumber,
    /** The period whose template gave `atMsc` (the newest open one); absent when the MSC has no template yet. */
    basisPeriodTo: IsoDate.optional(),
    units: z.array(OsrUnitView),
  })
  .strict();
export type OsrUnits = z.infer<typeof OsrUnits>;

export const OsrSaveInput = z
  .object({ ...OnUsageUnit, residentialunitPmnumber: PmNumber.optional(), roles: OnSiteRoles })
  .strict();

export const osrChannels = {
  /** The property's usage units (matching and template) with the MSC's roles and what is on record here. Asks the MSC. */
  'osr:units': channel(z.object(OnUnit).strict(), OsrUnits),
  /** What is on record here only (no MSC call): pending changes, deliveries, last accepted. */
  'osr:records': channel(
    z.object({ ...OnConnection, billingunit: BillingUnitNumber.optional() }).strict(),
    z.array(OsrUnitRecord),
  ),
  /** Saves the complete new data set of one unit as a pending change (equal to the last accepted: no change). */
  'osr:save': channel(OsrSaveInput, OsrUnitRecord),
  'osr:discard': channel(z.object(OnUsageUnit).strict(), OsrUnitRecord),
  /** Queues the unit's pending change (or its failed delivery); persisted before it is sent, answered by events. */
  'osr:deliver': channel(z.object(OnUsageUnit).strict(), OsrUnitRecord),
  /** Queues every pending change and failed delivery of the property. */
  'osr:deliver-all': channel(z.object(OnUnit).strict(), z.array(OsrUnitRecord)),
  'osr:history': channel(
    z
      .object({
        ...OnConnection,
        billingunit: BillingUnitNumber.optional(),
        residentialunit: ResidentialUnitMscNumber.optional(),
      })
      .strict(),
    z.array(OsrLogSummary),
  ),
  'osr:history-entry': channel(z.object({ ...OnConnection, id: z.string().min(1) }).strict(), OsrLogEntry.nullable()),
  /** The MSC's read-back of the last data set it accepted for the unit; null when it has none. */
  'osr:read-back': channel(z.object(OnUsageUnit).strict(), OnSiteRolesRecord.nullable()),
} as const;
