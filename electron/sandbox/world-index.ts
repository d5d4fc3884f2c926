/** Read-only lookups over the World, and the ownership rule every unit-scoped operation applies. */
import type { World, WorldBillingUnit, WorldClient, WorldPeriod } from '@main/sandbox/world-types';
import { ProblemError } from '@main/sandbox/problems';
import { formatGermanDate } from '@shared/domain/dates';

export type Caller = { clientId: string; customerMscnumber: string };

export type WorldIndex = {
  world: World;
  /** Billing units sorted by number, the overview's stable order. */
  sorted: WorldBillingUnit[];
  /** The same order per customer, so an overview page is a slice rather than a walk over every customer's units. */
  sortedByCustomer: Map<string, WorldBillingUnit[]>;
  byNumber: Map<string, WorldBillingUnit>;
  clients: Map<string, WorldClient>;
};

export const SEED_TIME = '2025-01-02T06:00:00.000Z';

export function indexWorld(world: World): WorldIndex {
  const byNumber = new Map<string, WorldBillingUnit>();
  for (const bu of world.billingunits) {
    if (byNumber.has(bu.billingunitMscnumber))
      throw new Error(`billing unit ${bu.billingunitMscnumber} appears twice in the world`);
    byNumber.set(bu.billingunitMscnumber, bu);
  }
  const sorted = [...world.billingunits].sort((a, b) => compareNumbers(a.billingunitMscnumber, b.billingunitMscnumber));
  const sortedByCustomer = new Map<string, WorldBillingUnit[]>();
  for (const bu of sorted) {
    const list = sortedByCustomer.get(bu.customerMscnumber);
    if (list) list.push(bu);
    else sortedByCustomer.set(bu.customerMscnumber, [bu]);
  }
  return { world, sorted, sortedByCustomer, byNumber, clients: new Map(world.clients.map((c) => [c.clientId, c])) };
}

/** Numeric strings of different lengths compare by value, then text, so the order is total and stable. */
function compareNumbers(a: string, b: string): number {
  const d = a.replace(/^0+/, '').length - b.replace(/^0+/, '').length;
  if (d !== 0) return d;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 404 for an unknown unit, 403 for a unit of another customer. */
export function unitForCaller(index: WorldIndex, caller: Caller, billingunit: string): WorldBillingUnit {
  const bu = index.byNumber.get(billingunit);
  if (!bu) throw new ProblemError(404, `Die Liegenschaft ${billingunit} ist beim Messdienst nicht bekannt.`);
  if (bu.customerMscnumber !== caller.customerMscnumber) {
    throw new ProblemError(
      403,
      `Die Liegenschaft ${billingunit} gehört nicht zu Ihrer Kundennummer ${caller.customerMscnumber}; Sie dürfen sie nicht abrufen.`,
    );
  }
  return bu;
}

export function periodOf(bu: WorldBillingUnit, to: string): WorldPeriod {
  const p = bu.periods.find((x) => x.period.to === to);
  if (!p) {
    throw new ProblemError(
      404,
      `Für die Liegenschaft ${bu.billingunitMscnumber} gibt es keinen Abrechnungszeitraum, der am ${formatGermanDate(to)} endet.`,
    );
  }
  return p;
}
