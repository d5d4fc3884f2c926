/**
 * Setups of one billing unit that meet in the outbox. The MSC merges what it receives per billing unit, and a
 * newer request carries the clerk's newer data, so: a newer request takes over the usage units of older ones
 * that have not gone out, and an older one that must still go out carries only what the newer ones lack (nothing,
 * once a newer complete list exists).
 */
import type { SetupRequest } from '@shared/msc/billing-unit-data';

const keyOf = (u: SetupRequest['residentialunits'][number]) => u.residentialunitPmnumber;

/** `newer` plus the usage units of `older` (newest first) that it does not name itself. */
export function withUnitsOf(newer: SetupRequest, older: readonly SetupRequest[]): SetupRequest {
  const units = [...newer.residentialunits];
  const seen = new Set(units.map(keyOf));
  for (const request of [...older].reverse()) {
    for (const unit of request.residentialunits) {
      if (seen.has(keyOf(unit))) continue;
      seen.add(keyOf(unit));
      units.push(unit);
    }
  }
  return { ...newer, residentialunits: units };
}

/** `older` narrowed to the usage units no newer request names; undefined when they all do. */
export function unitsMissingFrom(older: SetupRequest, newer: readonly SetupRequest[]): SetupRequest | undefined {
  // A newer complete list names every unit the clerk still wants; what it leaves out was withdrawn on purpose.
  if (newer.some((r) => r.completelist !== undefined)) return undefined;
  const covered = new Set(newer.flatMap((r) => r.residentialunits.map(keyOf)));
  const missing = older.residentialunits.filter((u) => !covered.has(keyOf(u)));
  return missing.length === 0 ? undefined : { ...older, residentialunits: missing };
}
