/**
 * The Liegenschaften list as data: each unit with its category, and the URL's `status`, `q` and `sort` applied
 * in that order. Pure, so the dashboard's counts and this list agree and the rules are unit-tested.
 */
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { isUnitFilter, matchesFilter, unitCategory, UNIT_FILTERS } from '@shared/domain/unit-category';
import type { UnitCategory, UnitFilter } from '@shared/domain/unit-category';

export const SORT_KEYS = ['number', 'address', 'status', 'lastupdate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';
export type Sort = { key: SortKey; dir: SortDir };

export type UnitRow = { unit: BillingUnitSummary; category: UnitCategory };

export type ListParams = { status: UnitFilter; q: string; sort: Sort };

export const DEFAULT_SORT: Sort = { key: 'number', dir: 'asc' };

/** `sort=address` or `sort=-lastupdate` (descending); anything unknown falls back to the default. */
export function parseSort(text: string | null): Sort {
  if (text === null) return DEFAULT_SORT;
  const dir: SortDir = text.startsWith('-') ? 'desc' : 'asc';
  const key = text.replace(/^-/, '');
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, dir } : DEFAULT_SORT;
}

export const sortParam = (sort: Sort): string => `${sort.dir === 'desc' ? '-' : ''}${sort.key}`;

export function parseListParams(params: URLSearchParams): ListParams {
  const status = params.get('status');
  return { status: isUnitFilter(status) ? status : 'all', q: params.get('q') ?? '', sort: parseSort(params.get('sort')) };
}

/** The search params for `next`, leaving out defaults so the plain list keeps the plain URL. */
export function listSearch(next: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (next.status !== 'all') out.set('status', next.status);
  if (next.q.trim() !== '') out.set('q', next.q);
  if (next.sort.key !== DEFAULT_SORT.key || next.sort.dir !== DEFAULT_SORT.dir) out.set('sort', sortParam(next.sort));
  return out;
}

/** Categories of every unit; the setups are indexed once so 10,000 units stay cheap. */
export function toRows(
  units: readonly BillingUnitSummary[],
  setups: readonly TrackedSetup[],
  outbox: readonly OutboxItem[],
): UnitRow[] {
  const setupOf = new Map(setups.map((s) => [s.billingunit, s]));
  const outboxOf = new Map<string, OutboxItem[]>();
  for (const item of outbox) {
    const list = outboxOf.get(item.billingunit);
    if (list) list.push(item);
    else outboxOf.set(item.billingunit, [item]);
  }
  return units.map((unit) => {
    const bu = unit.billingunitMscnumber;
    return { unit, category: unitCategory(unit, setupOf.get(bu), outboxOf.get(bu) ?? []) };
  });
}

/**
 * Rows per filter. The rows are counted once by category and each filter sums the categories it takes: asking every
 * filter of every row cost tens of milliseconds for 10,000 units on the list's first draw.
 */
export function countByFilter(rows: readonly UnitRow[]): Record<UnitFilter, number> {
  const byCategory = new Map<UnitCategory, number>();
  for (const { category } of rows) byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
  const counts = Object.fromEntries(UNIT_FILTERS.map((f) => [f, 0])) as Record<UnitFilter, number>;
  for (const [category, n] of byCategory) for (const f of UNIT_FILTERS) if (matchesFilter(category, f)) counts[f] += n;
  return counts;
}

const normalise = (text: string): string => text.toLocaleLowerCase('de-DE').normalize('NFC');

const queryWords = (q: string): string[] => normalise(q).split(/\s+/).filter(Boolean);

/** Every word of the query must occur in number, PM number, street, postcode or city. */
export function matchesQuery(unit: BillingUnitSummary, q: string): boolean {
  return matchesWords(unit, queryWords(q));
}

function matchesWords(unit: BillingUnitSummary, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const { street, postalcode, city } = unit.address;
  const hay = normalise([unit.billingunitMscnumber, unit.billingunitPmnumber ?? '', street, postalcode, city].join(' '));
  return words.every((w) => hay.includes(w));
}

const CATEGORY_ORDER: Readonly<Record<UnitCategory, number>> = {
  'send-failed': 0,
  ambiguous: 1,
  unmatched: 2,
  manual: 3,
  'not-sent': 4,
  waiting: 5,
  matched: 6,
};

const collator = new Intl.Collator('de-DE', { numeric: true, sensitivity: 'base' });
/** Billing unit numbers are digits: shorter is smaller, else the text order is the numeric one (and far cheaper). */
const byNumber = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
const addressKey = (u: BillingUnitSummary) => `${u.address.city} ${u.address.street} ${u.address.postalcode}`;

function compare(a: UnitRow, b: UnitRow, key: SortKey): number {
  switch (key) {
    case 'number':
      return byNumber(a.unit.billingunitMscnumber, b.unit.billingunitMscnumber);
    case 'address':
      return collator.compare(addressKey(a.unit), addressKey(b.unit));
    case 'status':
      return CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
    case 'lastupdate':
      return Date.parse(a.unit.lastupdate) - Date.parse(b.unit.lastupdate);
  }
}

/** Filter, search and sort in one pass; ties keep the number order so the list never jumps. */
export function visibleRows(rows: readonly UnitRow[], params: ListParams): UnitRow[] {
  const { status, q, sort } = params;
  // Normalised once: per row, the locale-aware lower-casing cost more than the rest of filtering and sorting.
  const words = queryWords(q);
  const shown =
    status === 'all' && words.length === 0
      ? rows.slice()
      : rows.filter((r) => matchesFilter(r.category, status) && matchesWords(r.unit, words));
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Numbers are unique, so sorting by number needs no tie-break (the list's default, drawn first).
  if (sort.key === 'number')
    return shown.sort((a, b) => sign * byNumber(a.unit.billingunitMscnumber, b.unit.billingunitMscnumber));
  return shown.sort(
    (a, b) => sign * compare(a, b, sort.key) || byNumber(a.unit.billingunitMscnumber, b.unit.billingunitMscnumber),
  );
}
