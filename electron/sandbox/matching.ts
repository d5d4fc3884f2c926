/**
 * Matching of the PM's usage units to the MSC's units, as a pure function.
 * Order: operator decisions, then the order criterion (MSC number sent, or the PM number the MSC has on
 * file), then auxiliary criteria. A previous MSC number, the current billing recipient or a meter number
 * decides alone; position, floor and living area narrow down together. Several candidates → AMBIGUOUS,
 * none → NOT_FOUND, a candidate marked `manual` → work for an operator. MSC units nobody claimed are
 * reported as `additional`. Matched units carry the MSC's own position text.
 */
import type { SetupResidentialUnit, UnmatchedUnit } from '@shared/msc/billing-unit-data';
import type { MscUnit } from '@main/sandbox/world-types';
import type { AdditionalEntry, ManualItem, MatchedPair, Resolution } from '@main/sandbox/state';
import { parseDecimal } from '@shared/domain/decimal';

export type MatchOutcome = {
  matched: MatchedPair[];
  additional: AdditionalEntry[];
  unmatched: UnmatchedUnit[];
  manual: ManualItem[];
};

/** Largest difference in m² at which a living area still counts as the same. */
const AREA_TOLERANCE_CENTS = 50n;

export function matchUnits(
  mscUnits: readonly MscUnit[],
  sent: readonly SetupResidentialUnit[],
  resolutions: Readonly<Record<string, Resolution>>,
): MatchOutcome {
  const byMsc = new Map(mscUnits.map((u) => [u.residentialunitMscnumber, u]));
  const claimed = new Map<string, string>();
  const unmatched = new Map<string, UnmatchedUnit>();
  const manual: ManualItem[] = [];
  const claim = (u: MscUnit, pm: string): void => void claimed.set(u.residentialunitMscnumber, pm);
  const free = (msc: string | undefined): MscUnit | undefined => {
    const u = msc === undefined ? undefined : byMsc.get(msc);
    return u && !claimed.has(u.residentialunitMscnumber) ? u : undefined;
  };

  let open: SetupResidentialUnit[] = [];
  for (const s of sent) {
    const r = resolutions[s.residentialunitPmnumber];
    if (r && 'reject' in r)
      unmatched.set(s.residentialunitPmnumber, { residentialunitPmnumber: s.residentialunitPmnumber, reason: 'NOT_FOUND' });
    else if (r && free(r.residentialunitMscnumber))
      claim(byMsc.get(r.residentialunitMscnumber) as MscUnit, s.residentialunitPmnumber);
    else open.push(s);
  }

  open = open.filter((s) => {
    const hit =
      free(s.residentialunitMscnumber) ??
      mscUnits.find((u) => u.knownPmnumber === s.residentialunitPmnumber && !claimed.has(u.residentialunitMscnumber));
    if (hit) claim(hit, s.residentialunitPmnumber);
    return !hit;
  });

  // Auxiliary criteria, repeated while a unique candidate frees the way for others.
  for (let progress = true; progress && open.length > 0;) {
    progress = false;
    const pool = mscUnits.filter((u) => !claimed.has(u.residentialunitMscnumber));
    const cands = new Map(open.map((s) => [s.residentialunitPmnumber, candidatesFor(s, pool)]));
    const soleCount = new Map<string, number>();
    for (const c of cands.values()) {
      const only = c.length === 1 ? c[0] : undefined;
      if (only) soleCount.set(only.residentialunitMscnumber, (soleCount.get(only.residentialunitMscnumber) ?? 0) + 1);
    }
    open = open.filter((s) => {
      const c = cands.get(s.residentialunitPmnumber) ?? [];
      if (c.some((u) => u.manual)) {
        manual.push(manualItem(s, c));
        progress = true;
        return false;
      }
      const only = c.length === 1 ? c[0] : undefined;
      if (only && soleCount.get(only.residentialunitMscnumber) === 1 && !claimed.has(only.residentialunitMscnumber)) {
        claim(only, s.residentialunitPmnumber);
        progress = true;
        return false;
      }
      return true;
    });
  }

  const pool = mscUnits.filter((u) => !claimed.has(u.residentialunitMscnumber));
  for (const s of open) {
    const c = candidatesFor(s, pool);
    unmatched.set(
      s.residentialunitPmnumber,
      c.length === 0
        ? { residentialunitPmnumber: s.residentialunitPmnumber, reason: 'NOT_FOUND' }
        : { residentialunitPmnumber: s.residentialunitPmnumber, reason: 'AMBIGUOUS', candidates: c.map(asEntry) },
    );
  }

  const matched = [...claimed.entries()]
    .map(([msc, pm]) => {
      const text = byMsc.get(msc)?.positiontext;
      return {
        residentialunitMscnumber: msc,
        residentialunitPmnumber: pm,
        ...(text === undefined ? {} : { positiontext: text }),
      };
    })
    .sort((a, b) => a.residentialunitMscnumber.localeCompare(b.residentialunitMscnumber));
  const additional = pool.map(asEntry).sort((a, b) => a.residentialunitMscnumber.localeCompare(b.residentialunitMscnumber));
  const order = sent.map((s) => s.residentialunitPmnumber);
  const unmatchedList = order.flatMap((pm) => {
    const u = unmatched.get(pm);
    return u ? [u] : [];
  });
  return { matched, additional, unmatched: unmatchedList, manual };
}

function asEntry(u: MscUnit): AdditionalEntry {
  return { residentialunitMscnumber: u.residentialunitMscnumber, positiontext: u.positiontext };
}

function manualItem(s: SetupResidentialUnit, candidates: MscUnit[]): ManualItem {
  const item: ManualItem = { residentialunitPmnumber: s.residentialunitPmnumber, candidates: candidates.map(asEntry) };
  if (s.description !== undefined) item.description = s.description;
  if (s.auxiliarycriteria !== undefined) item.auxiliarycriteria = s.auxiliarycriteria;
  return item;
}

/** MSC units that fit a sent unit's auxiliary criteria (the description counts as a position). */
export function candidatesFor(s: SetupResidentialUnit, pool: readonly MscUnit[]): MscUnit[] {
  const aux = s.auxiliarycriteria ?? {};
  const previous = aux.previousresidentialunitMscnumber;
  if (previous !== undefined) {
    const hit = pool.filter((u) => u.residentialunitMscnumber === previous);
    if (hit.length > 0) return hit;
  }
  const partner = s.currentbillingrecipient?.partnerPmnumber;
  if (partner !== undefined) {
    const hit = pool.filter((u) => u.partnerPmnumbers?.includes(partner));
    if (hit.length > 0) return hit;
  }
  const meters = new Set((aux.meternumbers ?? []).map(normMeter));
  if (meters.size > 0) {
    const hit = pool.filter((u) => (u.meternumbers ?? []).some((m) => meters.has(normMeter(m))));
    if (hit.length > 0) return hit;
  }
  const position = aux.position ?? s.description;
  const floor = aux.floor;
  const area = aux.livingarea;
  if (position === undefined && floor === undefined && area === undefined) return [];
  return pool.filter((u) => {
    let positive = 0;
    for (const verdict of [
      position === undefined ? undefined : positionFits(position, floor, u),
      floor === undefined || u.floor === undefined ? undefined : normPosition(floor) === normPosition(u.floor),
      area === undefined || u.livingarea === undefined ? undefined : areaFits(area, u.livingarea),
    ]) {
      if (verdict === false) return false;
      if (verdict === true) positive++;
    }
    return positive > 0;
  });
}

function positionFits(given: string, floor: string | undefined, u: MscUnit): boolean | undefined {
  const g = normPosition(given);
  const withFloor = floor === undefined ? undefined : normPosition(`${floor} ${given}`);
  const known = [
    u.positiontext,
    u.position,
    u.floor !== undefined && u.position !== undefined ? `${u.floor} ${u.position}` : undefined,
  ]
    .filter((x): x is string => x !== undefined)
    .map(normPosition);
  return known.includes(g) || (withFloor !== undefined && known.includes(withFloor));
}

/** "1. Obergeschoss rechts" and "1.OG re." compare equal. */
export function normPosition(text: string): string {
  return text
    .toLowerCase()
    .replace(/obergeschoss|obergeschoß/g, 'og')
    .replace(/erdgeschoss|erdgeschoß/g, 'eg')
    .replace(/dachgeschoss|dachgeschoß/g, 'dg')
    .replace(/untergeschoss|untergeschoß|souterrain/g, 'ug')
    .replace(/\bli\b\.?/g, 'links')
    .replace(/\bre\b\.?/g, 'rechts')
    .replace(/[^a-z0-9äöüß]/g, '');
}

function normMeter(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function areaFits(given: string, known: string): boolean | undefined {
  const a = parseDecimal(given, 2, 'auto');
  const b = parseDecimal(known, 2, 'auto');
  if (!a.ok || !b.ok) return undefined;
  const d = a.value.units - b.value.units;
  return (d < 0n ? -d : d) <= AREA_TOLERANCE_CENTS;
}
