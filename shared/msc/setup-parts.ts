/**
 * One property's usage units as setup requests of at most 5,000 units (docs/msc-units.md): additive parts for a
 * plain send, numbered parts of one complete list for a correction. Also what a series of sent requests leaves the
 * MSC holding, so the client can tell which units are current and which were withdrawn, whatever the MSC reports.
 */
import { z } from 'zod';
import {
  MAX_UNITS_PER_REQUEST,
  refineUniqueOrderCriteria,
  SetupRequest,
  SetupResidentialUnit,
} from '@shared/msc/billing-unit-data';
import type { SetupResidentialUnit as Unit } from '@shared/msc/billing-unit-data';

export { MAX_UNITS_PER_REQUEST };

/** Most usage units one send from the app may carry in all (20 requests). */
export const MAX_UNITS_PER_SEND = 100_000;

/** A setup request before splitting: any number of units (duplicates across the whole list are refused). */
export const LargeSetupRequest = z
  .object({
    billingunitMscnumber: SetupRequest.shape.billingunitMscnumber,
    customerMscnumber: SetupRequest.shape.customerMscnumber,
    billingunitPmnumber: SetupRequest.shape.billingunitPmnumber,
    ordercriteriafor: SetupRequest.shape.ordercriteriafor,
    residentialunits: z
      .array(SetupResidentialUnit)
      .min(1, { message: 'muss mindestens eine Nutzeinheit enthalten' })
      .max(MAX_UNITS_PER_SEND, { message: 'darf höchstens 100.000 Nutzeinheiten enthalten' }),
  })
  .strict()
  .superRefine((req, ctx) => {
    refineUniqueOrderCriteria(req.residentialunits, ctx);
  });
export type LargeSetupRequest = z.infer<typeof LargeSetupRequest>;

/** How many setup requests `unitCount` units of one property need (0 for none). */
export function requestCount(unitCount: number, maxUnits = MAX_UNITS_PER_REQUEST): number {
  return Math.ceil(Math.max(0, unitCount) / maxUnits);
}

export type SplitOptions = {
  /** Send the units as the complete current list under this id: units sent earlier and left out are withdrawn. */
  complete?: { listid: string };
  maxUnits?: number;
};

/**
 * Requests of at most `maxUnits` units each, in the order of the list. Additive parts are independent requests;
 * complete-list parts are numbered `part`/`parts` under one `listid` (an empty complete list is one empty part).
 */
export function splitSetupRequests(
  request: Omit<SetupRequest, 'completelist' | 'residentialunits'> & { residentialunits: readonly Unit[] },
  options: SplitOptions = {},
): SetupRequest[] {
  const max = options.maxUnits ?? MAX_UNITS_PER_REQUEST;
  const { residentialunits, ...head } = request;
  const chunks: Unit[][] = [];
  for (let i = 0; i < residentialunits.length; i += max) chunks.push(residentialunits.slice(i, i + max));
  if (chunks.length === 0 && options.complete) chunks.push([]);
  return chunks.map((units, i) => ({
    ...head,
    residentialunits: units,
    ...(options.complete ? { completelist: { listid: options.complete.listid, part: i + 1, parts: chunks.length } } : {}),
  }));
}

export type SentRequest = { request: SetupRequest; at: string };

export type HeldUnits = {
  /** The units the MSC holds for the property, newest version of each. */
  current: Unit[];
  /** Units a complete list left out, with the time that list was complete; re-sending a unit removes it here. */
  withdrawn: { unit: Unit; at: string }[];
};

/**
 * What the MSC holds after these requests (in the order sent): each adds or replaces units; once every part of a
 * complete list is there, units named in no part (and not sent meanwhile) are withdrawn.
 */
export function heldUnits(sent: readonly SentRequest[]): HeldUnits {
  const current = new Map<string, Unit>();
  const withdrawn = new Map<string, { unit: Unit; at: string }>();
  let list: { listid: string; parts: number; seen: Set<number>; named: Set<string> } | undefined;
  for (const { request, at } of sent) {
    const cl = request.completelist;
    if (cl && list?.listid !== cl.listid) list = { listid: cl.listid, parts: cl.parts, seen: new Set(), named: new Set() };
    for (const u of request.residentialunits) {
      current.set(u.residentialunitPmnumber, u);
      withdrawn.delete(u.residentialunitPmnumber);
      list?.named.add(u.residentialunitPmnumber);
    }
    if (!cl || !list) continue;
    list.seen.add(cl.part);
    if (list.seen.size < list.parts) continue;
    for (const [pm, unit] of current) {
      if (list.named.has(pm)) continue;
      current.delete(pm);
      withdrawn.set(pm, { unit, at });
    }
    list = undefined;
  }
  return { current: [...current.values()], withdrawn: [...withdrawn.values()] };
}
