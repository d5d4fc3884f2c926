/**
 * The billing units as the pages the Liegenschaften list reads (`units:page`), and the list's first draw from what
 * the Übersicht read moments ago. The Übersicht counts every unit,
 * so it holds the connection's whole overview (`units:list`, all of the MSC's pages) in the query cache; reading
 * it again page by page made the clerk wait for a bridge and an MSC round trip before the first row. While that
 * read is fresh (the same 30 s every cached read in the renderer counts as fresh), the list starts from it, cut
 * into the pages its own reading would have produced, so a later refetch (a workspace event, a retry) re-reads
 * page by page exactly as after a list that read them itself. An older or invalidated read is not used: the list
 * then reads the MSC afresh as before.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { UnitsPage } from '@shared/ipc/channels/units';

export type UnitPages = InfiniteData<UnitsPage, number>;

/** The offset of the page after `last`, or undefined once every unit is read. */
export function nextPageParam(last: UnitsPage, pages: readonly UnitsPage[]): number | undefined {
  const read = pages.reduce((n, p) => n + p.billingunits.length, 0);
  // An empty page before the end means entries vanished meanwhile; stop rather than ask forever.
  return last.billingunits.length > 0 && read < last.totalentries ? read : undefined;
}

/** `units` as the pages of a list read from offset 0: `firstSize` units, then `pageSize` each. */
export function asPages(units: readonly BillingUnitSummary[], firstSize: number, pageSize: number): UnitPages {
  const totalentries = units.length;
  const pages: UnitsPage[] = [];
  const pageParams: number[] = [];
  let offset = 0;
  do {
    const size = offset === 0 ? firstSize : pageSize;
    pages.push({ billingunits: units.slice(offset, offset + size), totalentries });
    pageParams.push(offset);
    offset += size;
  } while (offset < totalentries);
  return { pages, pageParams };
}

export type Seed = { data: UnitPages; updatedAt: number };

/**
 * The cached overview of `listKey` as list pages, or undefined when there is none, it is older than `freshMs` or
 * marked stale (an event said the MSC's overview changed).
 */
export function seedFromOverview(
  client: QueryClient,
  listKey: readonly unknown[],
  freshMs: number,
  sizes: { first: number; page: number },
): Seed | undefined {
  const query = client.getQueryCache().find<BillingUnitSummary[]>({ queryKey: listKey, exact: true });
  const units = query?.state.data;
  if (query === undefined || units === undefined || query.isStaleByTime(freshMs)) return undefined;
  return { data: asPages(units, sizes.first, sizes.page), updatedAt: query.state.dataUpdatedAt };
}
