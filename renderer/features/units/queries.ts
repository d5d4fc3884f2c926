/**
 * Reads of the Liegenschaften screens. The billing units come page by page (`units:page`): a small first page
 * that fills the screen at once, then the rest in a few large pages, each asked for as soon as the one before
 * arrives. The main process reads the MSC's 100-entry pages meanwhile, so 10,000 units take a handful of bridge
 * round trips and list redraws instead of a hundred. Opened from the Übersicht, which has just read every unit,
 * the list starts from that read instead (unit-pages.ts). Outbox, followed setups and matching results are plain
 * channel reads.
 */
import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { channelQuery, FRESH_MS, keyOf, queryClient, useChannel } from '@renderer/lib/queries';
import { nextPageParam, seedFromOverview } from '@renderer/features/units/unit-pages';
import { endActivity, reportActivity } from '@renderer/lib/activity';

/**
 * More rows than any screen shows, so the first page alone fills it; and one MSC page (at most 100), so the first
 * rows wait for one answer of the MSC, not two in a row.
 */
export const FIRST_PAGE_SIZE = 100;
/** Large enough that 10,000 units come in five more pages, small enough that the progress line moves. */
export const PAGE_SIZE = 2000;

export type AllUnits = {
  units: BillingUnitSummary[];
  /** Units read so far and the MSC's total (undefined until the first page arrived). */
  loaded: number;
  total: number | undefined;
  done: boolean;
  isPending: boolean;
  error: Error | null;
  retry: () => void;
};

const pageQuery = (connectionId: string, offset: number) =>
  channelQuery('units:page', { connectionId, offset, limit: offset === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE });

/**
 * One page, and the request for the next one on its way at once: the MSC then works on page n+1 while the screen
 * draws page n, instead of waiting for the draw (the infinite query asks for n+1 only after it).
 */
async function readPage(connectionId: string, offset: number) {
  const page = await queryClient.query(pageQuery(connectionId, offset));
  const next = offset + page.billingunits.length;
  if (page.billingunits.length > 0 && next < page.totalentries)
    queryClient.query(pageQuery(connectionId, next)).catch(() => undefined);
  return page;
}

const allPagesKey = (connectionId: string) => ['units:page', { connectionId }] as const;

const overviewSeed = (connectionId: string) =>
  seedFromOverview(queryClient, keyOf('units:list', { connectionId }), FRESH_MS, {
    first: FIRST_PAGE_SIZE,
    page: PAGE_SIZE,
  });

/**
 * Starts reading the first page (once; the list's query then takes it up) and ignores its outcome here. Asked for
 * while the screen is drawn: the list's query would ask only once its first draw is committed. Nothing is read
 * when the list has its units already, from an earlier visit or from the Übersicht's fresh read.
 */
function prefetchFirstPage(connectionId: string): void {
  if (queryClient.getQueryData(allPagesKey(connectionId)) !== undefined || overviewSeed(connectionId)) return;
  queryClient.query(pageQuery(connectionId, 0)).catch(() => undefined);
}

/** Every billing unit of the connection, read page after page until all are there. */
export function useAllUnits(connectionId: string): AllUnits {
  useState(() => {
    prefetchFirstPage(connectionId);
  });
  const query = useInfiniteQuery({
    // One cache entry for all pages of a connection; `['units:page']` alone still matches it for invalidation.
    queryKey: allPagesKey(connectionId),
    queryFn: ({ pageParam }) => readPage(connectionId, pageParam),
    // Taken only when the entry is created; its age is the Übersicht's read's, so it goes stale when that would.
    initialData: () => overviewSeed(connectionId)?.data,
    initialDataUpdatedAt: () => overviewSeed(connectionId)?.updatedAt,
    initialPageParam: 0,
    // Pages never change in place; comparing 10,000 units deeply after every page would cost more than it saves.
    structuralSharing: false,
    getNextPageParam: nextPageParam,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const units = useMemo(() => (pages ?? []).flatMap((p) => p.billingunits), [pages]);
  const total = pages?.at(-1)?.totalentries;
  const reading = total !== undefined && hasNextPage;
  // The status bar shows the reading as running work, also while the clerk looks at another screen.
  useEffect(() => {
    const id = `units-page:${connectionId}`;
    if (reading) reportActivity({ id, labelKey: 'activity.readingUnits', done: units.length, total });
    else endActivity(id);
  }, [connectionId, reading, units.length, total]);
  useEffect(
    () => () => {
      endActivity(`units-page:${connectionId}`);
    },
    [connectionId],
  );
  return {
    units,
    loaded: units.length,
    total,
    done: query.isSuccess && !hasNextPage,
    isPending: query.isPending,
    error: query.error,
    retry: () => {
      void (query.data ? fetchNextPage() : query.refetch());
    },
  };
}

export function useOutbox(connectionId: string) {
  return useChannel('units:outbox', { connectionId });
}

export function useSetups(connectionId: string) {
  return useChannel('units:setups', { connectionId });
}

const EMPTY_OUTBOX: OutboxItem[] = [];
const EMPTY_SETUPS: TrackedSetup[] = [];

/** Outbox and setups of the connection, empty while they load (the categories then show "not sent"). */
export function useLocalState(connectionId: string) {
  const outbox = useOutbox(connectionId);
  const setups = useSetups(connectionId);
  return {
    outbox: outbox.data ?? EMPTY_OUTBOX,
    setups: setups.data ?? EMPTY_SETUPS,
    error: outbox.error ?? setups.error,
    retry: () => {
      void outbox.refetch();
      void setups.refetch();
    },
  };
}

/** The matching result, read only once the matching is COMPLETED; workspace events refetch it after a newer answer. */
export function useMatching(connectionId: string, billingunit: string, completed: boolean) {
  return useChannel('units:matching', completed ? { connectionId, billingunit } : null);
}
