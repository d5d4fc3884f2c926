/** Filling in `unmatched` when an MSC reports only what it matched (the contract allows it to omit the list). */
import type { SetupRequest, SetupStatus, UnmatchedUnit } from '@shared/msc/billing-unit-data';

/** What we sent for matching: the request itself or just its order criteria (PM numbers). */
export type SentUnits = SetupRequest | readonly string[];

/** `unmatchedDerived` tells the UI that reasons are our inference (always NOT_FOUND), not the MSC's. */
export type MatchingResult = SetupStatus & { unmatchedDerived: boolean };

function sentPmNumbers(sent: SentUnits): string[] {
  return 'residentialunits' in sent ? sent.residentialunits.map((u) => u.residentialunitPmnumber) : [...sent];
}

/**
 * Sent but not matched → NOT_FOUND. Only once matching is COMPLETED (before that nothing is final)
 * and only when the MSC gave no list of its own, which always wins.
 */
export function withDerivedUnmatched(status: SetupStatus, sent?: SentUnits): MatchingResult {
  if (status.setupstatus !== 'COMPLETED' || status.unmatched !== undefined || sent === undefined) {
    return { ...status, unmatchedDerived: false };
  }
  const matched = new Set((status.matched ?? []).map((m) => m.residentialunitPmnumber));
  const seen = new Set<string>();
  const unmatched: UnmatchedUnit[] = [];
  for (const pm of sentPmNumbers(sent)) {
    if (matched.has(pm) || seen.has(pm)) continue;
    seen.add(pm);
    unmatched.push({ residentialunitPmnumber: pm, reason: 'NOT_FOUND' });
  }
  return { ...status, unmatched, unmatchedDerived: true };
}
