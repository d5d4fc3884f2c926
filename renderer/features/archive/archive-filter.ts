/**
 * The archive list's filters, kept in the URL (`?connection=&unit=&period=&action=&result=&from=&to=`) so a
 * filtered list can be reloaded, bookmarked and reached from other screens.
 */
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { Action } from '@shared/msc/billing-input';

export type ArchiveRow = ArchiveSummary & { connectionId: string };

export const ACTIONS: readonly Action[] = ['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'];
export const RESULTS: readonly ArchiveSummary['result'][] = ['passed', 'messages', 'commissioned', 'failed'];

export const FILTER_KEYS = ['connection', 'unit', 'period', 'action', 'result', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ArchiveFilter = Partial<Record<FilterKey, string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Unknown or malformed values are dropped, so a hand-edited URL never shows an inexplicably empty list. */
export function parseFilter(params: URLSearchParams): ArchiveFilter {
  const filter: ArchiveFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'action' && !(ACTIONS as readonly string[]).includes(value)) continue;
    if (key === 'result' && !(RESULTS as readonly string[]).includes(value)) continue;
    if ((key === 'from' || key === 'to' || key === 'period') && !ISO_DATE.test(value)) continue;
    filter[key] = value;
  }
  return filter;
}

/** The calendar day of an instant where the clerk is (an entry at 00:30 belongs to that local day). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function matches(row: ArchiveRow, f: ArchiveFilter): boolean {
  if (f.connection !== undefined && row.connectionId !== f.connection) return false;
  if (f.unit !== undefined && row.billingunit !== f.unit) return false;
  if (f.period !== undefined && row.periodTo !== f.period) return false;
  if (f.action !== undefined && row.action !== f.action) return false;
  if (f.result !== undefined && row.result !== f.result) return false;
  if (f.from !== undefined || f.to !== undefined) {
    const day = localDay(row.at);
    if (f.from !== undefined && day < f.from) return false;
    if (f.to !== undefined && day > f.to) return false;
  }
  return true;
}

/** Newest first; the sequence number orders entries of the same millisecond. */
export function newestFirst(a: ArchiveRow, b: ArchiveRow): number {
  return b.at.localeCompare(a.at) || b.seq - a.seq || a.connectionId.localeCompare(b.connectionId);
}
