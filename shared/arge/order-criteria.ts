/**
 * A files: the MSC's order criteria, one A record per user number with the PM's order criterion. Read into the
 * matching per property the API gives (matched pairs), and compared with the units the PM sent: which are matched,
 * which the MSC does not list, and which criteria the MSC lists that were never sent (docs/arge.md, "A files").
 */
import type { ReadRecord } from '@shared/arge/read';
import type { ArgeRecord } from '@shared/arge/write';

export type OrderCriterion = { residentialunitMscnumber: string; residentialunitPmnumber: string };

export type PropertyCriteria = { billingunitMscnumber: string; customerNumber: string; matched: OrderCriterion[] };

/** A record that contradicts another: one user number with two criteria, or one criterion for two user numbers. */
export type CriteriaConflict =
  | {
      code: 'ARGE_A_UNIT_TWICE';
      line: number;
      billingunitMscnumber: string;
      residentialunitMscnumber: string;
      first: string;
      second: string;
    }
  | {
      code: 'ARGE_A_CRITERION_TWICE';
      line: number;
      billingunitMscnumber: string;
      residentialunitPmnumber: string;
      first: string;
      second: string;
    };

/** The A records of a read file grouped by property; contradicting records are named and left out. */
export function criteriaFromA(records: readonly ReadRecord[]): { properties: PropertyCriteria[]; conflicts: CriteriaConflict[] } {
  const byProperty = new Map<string, PropertyCriteria>();
  const conflicts: CriteriaConflict[] = [];
  for (const r of records) {
    if (r.type !== 'A') continue;
    const ref = r.values.mscReference ?? '';
    const pm = r.values.pmReference ?? '';
    const billingunit = ref.slice(0, 9).replace(/^0+(?=\d)/, '');
    const unit = ref.slice(9, 13);
    let p = byProperty.get(billingunit);
    if (!p) {
      p = { billingunitMscnumber: billingunit, customerNumber: r.values.customerNumber ?? '', matched: [] };
      byProperty.set(billingunit, p);
    }
    const sameUnit = p.matched.find((m) => m.residentialunitMscnumber === unit);
    const sameCriterion = p.matched.find((m) => m.residentialunitPmnumber === pm);
    if (sameUnit && sameUnit.residentialunitPmnumber !== pm) {
      conflicts.push({
        code: 'ARGE_A_UNIT_TWICE',
        line: r.line,
        billingunitMscnumber: billingunit,
        residentialunitMscnumber: unit,
        first: sameUnit.residentialunitPmnumber,
        second: pm,
      });
    } else if (sameCriterion && sameCriterion.residentialunitMscnumber !== unit) {
      conflicts.push({
        code: 'ARGE_A_CRITERION_TWICE',
        line: r.line,
        billingunitMscnumber: billingunit,
        residentialunitPmnumber: pm,
        first: sameCriterion.residentialunitMscnumber,
        second: unit,
      });
    } else if (!sameUnit) {
      p.matched.push({ residentialunitMscnumber: unit, residentialunitPmnumber: pm });
    }
  }
  return { properties: [...byProperty.values()], conflicts };
}

export type CriteriaComparison = {
  /** Sent units the MSC lists, with its user number. */
  matched: OrderCriterion[];
  /** Sent units the MSC does not list (yet). */
  unmatched: string[];
  /** Criteria the MSC lists that were never sent (another program's numbering, or units since given up). */
  unknown: OrderCriterion[];
};

/** The A file's criteria of one property against the PM's order criteria sent for it. */
export function compareCriteria(property: PropertyCriteria, sent: readonly string[]): CriteriaComparison {
  const sentSet = new Set(sent);
  const listed = new Set(property.matched.map((m) => m.residentialunitPmnumber));
  return {
    matched: property.matched.filter((m) => sentSet.has(m.residentialunitPmnumber)),
    unmatched: sent.filter((s) => !listed.has(s)),
    unknown: property.matched.filter((m) => !sentSet.has(m.residentialunitPmnumber)),
  };
}

/** A records for a property's matching, as an MSC writes them (the demo MSC and tests). */
export function criteriaToA(property: PropertyCriteria, mscKey?: string): ArgeRecord[] {
  return property.matched.map((m) => ({
    type: 'A',
    values: {
      customerNumber: property.customerNumber,
      mscKey,
      mscReference: `${property.billingunitMscnumber.padStart(9, '0')}${m.residentialunitMscnumber}`,
      pmReference: m.residentialunitPmnumber,
    },
  }));
}
