/**
 * The Liegenschaften list opened from the Übersicht starts from the Übersicht's read of every unit: no second read
 * of the MSC, the same units in the same order, and the pages a later refetch reads again are those the list would
 * have read itself. An old or invalidated read is not taken.
 */
import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { UnitsPage } from '@shared/ipc/channels/units';
import { asPages, nextPageParam, seedFromOverview } from '@renderer/features/units/unit-pages';

const FRESH_MS = 30_000;
const SIZES = { first: 100, page: 2000 };
const LIST_KEY = ['units:list', { connectionId: 'demo' }] as const;

const units = (n: number): BillingUnitSummary[] =>
  Array.from({ length: n }, (_, i) => ({
    billingunitMscnumber: String(500_000_001 + i),
    customerMscnumber: '100200',
    address: { street: `Hauptstraße ${String(i + 1)}`, postalcode: '10115', city: 'Berlin' },
    setupstatus: 'OPEN',
    lastupdate: '2025-01-01T00:00:00Z',
  }));

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: FRESH_MS } } });

describe('the units as list pages', () => {
  it('cuts 10,003 units into a first page of 100 and pages of 2,000, in the MSC order', () => {
    const all = units(10_003);

    const { pages, pageParams } = asPages(all, SIZES.first, SIZES.page);

    expect(pageParams).toEqual([0, 100, 2100, 4100, 6100, 8100]);
    expect(pages.map((p) => p.billingunits.length)).toEqual([100, 2000, 2000, 2000, 2000, 1903]);
    expect(pages.every((p) => p.totalentries === 10_003)).toBe(true);
    expect(pages.flatMap((p) => p.billingunits)).toEqual(all);
    expect(nextPageParam(pages.at(-1) as UnitsPage, pages)).toBeUndefined();
  });

  it('gives a connection without units one empty page, which ends the reading', () => {
    const { pages, pageParams } = asPages([], SIZES.first, SIZES.page);

    expect(pageParams).toEqual([0]);
    expect(pages).toEqual([{ billingunits: [], totalentries: 0 }]);
    expect(nextPageParam(pages[0] as UnitsPage, pages)).toBeUndefined();
  });
});

describe('the list started from the Übersicht', () => {
  it('shows every unit the Übersicht read without reading a page itself', async () => {
    // Arrange: the Übersicht's read of every unit is in the cache
    const qc = client();
    const all = units(10_003);
    qc.setQueryData(LIST_KEY, all);
    const reads: number[] = [];
    const seed = () => seedFromOverview(qc, LIST_KEY, FRESH_MS, SIZES);

    // Act: the list's query, built as useAllUnits builds it
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: ['units:page', { connectionId: 'demo' }],
      queryFn: ({ pageParam }: { pageParam: number }): Promise<UnitsPage> => {
        reads.push(pageParam);
        return Promise.resolve({ billingunits: [], totalentries: 0 });
      },
      initialData: () => seed()?.data,
      initialDataUpdatedAt: () => seed()?.updatedAt,
      initialPageParam: 0,
      getNextPageParam: nextPageParam,
    });
    const off = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 0));

    // Assert
    const result = observer.getCurrentResult();
    expect(reads).toEqual([]);
    expect(result.isSuccess).toBe(true);
    expect(result.hasNextPage).toBe(false);
    expect(result.data?.pages.flatMap((p) => p.billingunits)).toEqual(all);
    off();
  });

  it('does not take a read older than a fresh read may be', () => {
    const qc = client();
    qc.setQueryData(LIST_KEY, units(3), { updatedAt: Date.now() - FRESH_MS - 1000 });

    expect(seedFromOverview(qc, LIST_KEY, FRESH_MS, SIZES)).toBeUndefined();
  });

  it('does not take a read an event has marked stale (the MSC overview changed)', async () => {
    const qc = client();
    qc.setQueryData(LIST_KEY, units(3));
    expect(seedFromOverview(qc, LIST_KEY, FRESH_MS, SIZES)?.data.pages[0]?.billingunits).toHaveLength(3);

    await qc.invalidateQueries({ queryKey: ['units:list'] });

    expect(seedFromOverview(qc, LIST_KEY, FRESH_MS, SIZES)).toBeUndefined();
  });

  it('does not take another connection’s read', () => {
    const qc = client();
    qc.setQueryData(['units:list', { connectionId: 'other' }], units(3));

    expect(seedFromOverview(qc, LIST_KEY, FRESH_MS, SIZES)).toBeUndefined();
  });
});
