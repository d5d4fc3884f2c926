/**
 * Where a billing unit stands in matching, as one category that the Übersicht counts and the Liegenschaften list
 * filters by (`?status=<category>` or `?status=needs-action`). Main process and renderer use the same function, so
 * a count on the dashboard is always the length of the list it links to.
 */
import type { BillingUnitSummary, SetupStatusCode } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';

export const UNIT_CATEGORIES = ['send-failed', 'ambiguous', 'unmatched', 'manual', 'not-sent', 'waiting', 'matched'] as const;
export type UnitCategory = (typeof UNIT_CATEGORIES)[number];

/** Categories the clerk has to act on (or the MSC's staff is working on by hand), shown first. */
export const NEEDS_ACTION: readonly UnitCategory[] = ['send-failed', 'ambiguous', 'unmatched', 'manual'];

export const UNIT_FILTERS = ['all', 'needs-action', ...UNIT_CATEGORIES] as const;
export type UnitFilter = (typeof UNIT_FILTERS)[number];

export const isUnitFilter = (value: unknown): value is UnitFilter => (UNIT_FILTERS as readonly unknown[]).includes(value);

export function matchesFilter(category: UnitCategory, filter: UnitFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'needs-action') return NEEDS_ACTION.includes(category);
  return category === filter;
}

export type EffectiveStatus = { status: SetupStatusCode; lastupdate: string };
type SentItem = Extract<OutboxItem, { state: 'sent' }>;

/** The newest request of this billing unit that reached the MSC. */
export function latestSent(outbox: readonly OutboxItem[], billingunit: string): SentItem | undefined {
  let found: SentItem | undefined;
  for (const item of outbox) {
    if (item.state === 'sent' && item.billingunit === billingunit && (!found || item.seq > found.seq)) found = item;
  }
  return found;
}

/**
 * Where this computer follows a setup, its last answer counts (it is newer than the MSC's list). Right after a
 * send, before the first answer to that very transaction, the matching counts as OPEN again.
 */
export function effectiveStatus(
  unit: BillingUnitSummary,
  setup: TrackedSetup | undefined,
  sent: SentItem | undefined,
): EffectiveStatus {
  if (sent && sent.transactionid !== setup?.transactionid) return { status: 'OPEN', lastupdate: sent.sentAt };
  if (!setup) return { status: unit.setupstatus, lastupdate: unit.lastupdate };
  const answer = setup.status;
  const ours = answer !== undefined && (answer.transactionid === undefined || answer.transactionid === setup.transactionid);
  return ours ? { status: answer.setupstatus, lastupdate: answer.lastupdate } : { status: 'OPEN', lastupdate: setup.sentAt };
}

/** The newest outbox item of a unit, whatever its state. */
function latestItem(outbox: readonly OutboxItem[], billingunit: string): OutboxItem | undefined {
  let found: OutboxItem | undefined;
  for (const item of outbox) if (item.billingunit === billingunit && (!found || item.seq > found.seq)) found = item;
  return found;
}

/** One unit's category from the MSC's overview entry, this computer's followed setup and its outbox. */
export function unitCategory(
  unit: BillingUnitSummary,
  setup: TrackedSetup | undefined,
  outbox: readonly OutboxItem[],
): UnitCategory {
  const billingunit = unit.billingunitMscnumber;
  const newest = latestItem(outbox, billingunit);
  if (newest?.state === 'failed') return 'send-failed';
  if (newest?.state === 'queued' || newest?.state === 'sending') return 'waiting';
  const sent = latestSent(outbox, billingunit);
  const { status } = effectiveStatus(unit, setup, sent);
  if (status === 'IN_PROGRESS') return 'manual';
  if (status === 'OPEN') return sent || setup ? 'waiting' : 'not-sent';
  const unmatched = setup?.status?.setupstatus === 'COMPLETED' ? (setup.status.unmatched ?? []) : [];
  if (unmatched.some((u) => u.reason === 'AMBIGUOUS')) return 'ambiguous';
  if (unmatched.length > 0) return 'unmatched';
  return 'matched';
}
