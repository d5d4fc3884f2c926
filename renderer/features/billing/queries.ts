/**
 * Reads of the billing screens, one TanStack Query per channel call (renderer/lib/queries.ts). Workspace events
 * mark drafts and archive as stale, so a second window's work shows up here as well.
 */
import { useMemo } from 'react';
import { useChannel } from '@renderer/lib/queries';

export type UnitRef = { connectionId: string; billingunit: string };
export type PeriodRef = UnitRef & { periodTo: string };

/** The Liegenschaften of a connection, for the picker. */
export function useBillingUnits(connectionId: string | null) {
  return useChannel('units:list', connectionId === null ? null : { connectionId });
}

export function usePeriods(ref: UnitRef) {
  return useChannel('periods:list', ref);
}

export function useTemplate(ref: PeriodRef) {
  return useChannel('templates:get', ref);
}

export function useDraft(ref: PeriodRef) {
  return useChannel('drafts:get', ref);
}

/** This period's checks and submissions, newest first. */
export function usePeriodArchive(ref: PeriodRef) {
  const query = useChannel('archive:list', ref);
  const entries = useMemo(() => [...(query.data ?? [])].sort((a, b) => b.seq - a.seq), [query.data]);
  return { ...query, entries };
}

/** The last test check of this period's draft and the revision it checked, kept by the main process across restarts. */
export function useLastCheck(ref: PeriodRef) {
  return useChannel('drafts:last-check', ref);
}

/** The newest draft revision a test check ran on, which the clerk can go back to. */
export function useCheckedSnapshot(ref: PeriodRef, hasDraft: boolean) {
  return useChannel('drafts:checked-snapshot', hasDraft ? ref : null);
}

/** An earlier period's submission a new draft can start from; asked only while there is no draft. */
export function usePreviousSubmission(ref: PeriodRef, hasDraft: boolean) {
  return useChannel('drafts:previous-submission', hasDraft ? null : ref);
}
