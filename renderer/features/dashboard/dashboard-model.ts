/**
 * What the Übersicht shows, computed from the same reads the other screens use: unit counts by matching category
 * (with `unitCategory`, which the Liegenschaften filter also uses, so a count is the length of its list) and the
 * recent activity across connections.
 */
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { UNIT_CATEGORIES, unitCategory, type UnitCategory } from '@shared/domain/unit-category';

export type CategoryCounts = Record<UnitCategory, number> & { 'needs-action': number };

export function countCategories(
  units: readonly BillingUnitSummary[],
  setups: readonly TrackedSetup[],
  outbox: readonly OutboxItem[],
): CategoryCounts {
  const counts = Object.fromEntries([...UNIT_CATEGORIES, 'needs-action'].map((c) => [c, 0])) as CategoryCounts;
  const setupOf = new Map(setups.map((s) => [s.billingunit, s]));
  // unitCategory looks only at the unit's own outbox items; handing it just those keeps 10,000 units fast.
  const outboxOf = new Map<string, OutboxItem[]>();
  for (const item of outbox) {
    const own = outboxOf.get(item.billingunit);
    if (own) own.push(item);
    else outboxOf.set(item.billingunit, [item]);
  }
  for (const unit of units) {
    const bu = unit.billingunitMscnumber;
    const category = unitCategory(unit, setupOf.get(bu), outboxOf.get(bu) ?? []);
    counts[category]++;
  }
  counts['needs-action'] = counts['send-failed'] + counts.ambiguous + counts.unmatched + counts.manual;
  return counts;
}

export type ActivityKind = 'sent' | 'send-failed' | 'matched' | 'VALIDATE' | 'SEND' | 'SEND_AND_IGNORE_WARNINGS';

export type ActivityItem = {
  key: string;
  kind: ActivityKind;
  at: string;
  connectionId: string;
  billingunit: string;
  /** Where the clerk sees the details. */
  to: string;
  /** Sent usage units, or the archived result. */
  units?: number;
  result?: ArchiveSummary['result'];
};

export type ConnectionActivity = {
  connectionId: string;
  outbox: readonly OutboxItem[];
  setups: readonly TrackedSetup[];
  archive: readonly ArchiveSummary[];
};

const unitPath = (connectionId: string, billingunit: string) => `/liegenschaften/${connectionId}/${billingunit}`;

function itemsOf({ connectionId, outbox, setups, archive }: ConnectionActivity): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const o of outbox) {
    if (o.state !== 'sent' && o.state !== 'failed') continue;
    items.push({
      key: `${connectionId}/outbox/${o.id}`,
      kind: o.state === 'sent' ? 'sent' : 'send-failed',
      at: o.state === 'sent' ? o.sentAt : o.updatedAt,
      connectionId,
      billingunit: o.billingunit,
      to: unitPath(connectionId, o.billingunit),
      units: o.request.residentialunits.length,
    });
  }
  for (const s of setups) {
    if (s.status?.setupstatus !== 'COMPLETED') continue;
    items.push({
      key: `${connectionId}/setup/${s.billingunit}/${s.transactionid}`,
      kind: 'matched',
      at: s.checkedAt ?? s.status.lastupdate,
      connectionId,
      billingunit: s.billingunit,
      to: unitPath(connectionId, s.billingunit),
    });
  }
  for (const a of archive) {
    items.push({
      key: `${connectionId}/archive/${a.id}`,
      kind: a.action,
      at: a.at,
      connectionId,
      billingunit: a.billingunit,
      to: `/archiv/${connectionId}/${a.id}`,
      result: a.result,
    });
  }
  return items;
}

/** The newest `limit` things done on this computer, across every connection. */
export function recentActivity(connections: readonly ConnectionActivity[], limit = 10): ActivityItem[] {
  return connections
    .flatMap(itemsOf)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, limit);
}

/** Nothing has been done yet when no unit was ever sent, no setup followed and nothing checked or submitted. */
export function nothingDoneYet(connections: readonly ConnectionActivity[]): boolean {
  return connections.every((c) => c.outbox.length === 0 && c.setups.length === 0 && c.archive.length === 0);
}

const countCache = new WeakMap<
  readonly BillingUnitSummary[],
  { setups: readonly TrackedSetup[]; outbox: readonly OutboxItem[]; counts: CategoryCounts }
>();

/** countCategories, computed once per set of reads (the cached query data keeps its identity until it changes). */
export function cachedCounts(
  units: readonly BillingUnitSummary[],
  setups: readonly TrackedSetup[],
  outbox: readonly OutboxItem[],
): CategoryCounts {
  const hit = countCache.get(units);
  if (hit && hit.setups === setups && hit.outbox === outbox) return hit.counts;
  const counts = countCategories(units, setups, outbox);
  countCache.set(units, { setups, outbox, counts });
  return counts;
}
