/**
 * The issue-20 rules on users and the property's facts (docs/msc-rules.md, electron/sandbox/rules/occupancy.ts) as
 * the local pre-check runs them: 0 persons in an occupied unit, a unit's area changing at a tenant change, the CO2
 * area against the units' areas, a prepayment far above the likely share. Same codes, paths and arithmetic.
 */
import { MONEY_SCALE, QUANTITY_SCALE, SHARE_SCALE, formatIso, fromUnits, type Decimal } from '@shared/domain/decimal';
import {
  PREPAYMENT_KINDS,
  eachInvoice,
  readDate,
  readDecimal,
  type DraftAmounts,
  type DraftRecipient,
  type PrecheckRule,
} from '@shared/domain/precheck/context';
import { sortSpans } from '@shared/domain/precheck/logic';
import {
  AREA_KEY_ORDER,
  PERSON_KEYS,
  addFractions,
  areaSumOff,
  entryWeight,
  prepaymentFarAbove,
} from '@shared/domain/precheck/occupancy';
import type { Fraction } from '@shared/domain/precheck/prices';

const valueOf = (r: DraftRecipient, key: string): Decimal | undefined =>
  readDecimal(r.allocations?.find((a) => a.key?.trim() === key)?.value, QUANTITY_SCALE);
const primary = (a: DraftAmounts | undefined): Decimal | undefined =>
  readDecimal(a?.grossamount, MONEY_SCALE) ?? readDecimal(a?.netamount, MONEY_SCALE);

function areaKey(rows: readonly DraftRecipient[]): string | undefined {
  return AREA_KEY_ORDER.find((k) => rows.some((r) => (r.allocations ?? []).some((a) => a.key?.trim() === k)));
}

export const personsZero: PrecheckRule = ({ content }, report) => {
  const rows = content.billingrecipients ?? [];
  const counted = new Set<string>();
  for (const r of rows) {
    for (const a of r.allocations ?? []) {
      const key = a.key?.trim() ?? '';
      if (!PERSON_KEYS.has(key) || counted.has(key)) continue;
      const v = readDecimal(a.value, QUANTITY_SCALE);
      if (v && v.units !== 0n) counted.add(key);
    }
  }
  rows.forEach((r, i) => {
    if (r.vacancy === true) return;
    (r.allocations ?? []).forEach((a, k) => {
      if (!counted.has(a.key?.trim() ?? '')) return;
      const v = readDecimal(a.value, QUANTITY_SCALE);
      if (!v || v.units !== 0n) return;
      report('WARNING', 'PERSONS_ZERO', `billingrecipients[${String(i)}].allocations[${String(k)}].value`, {
        key: a.key?.trim() ?? '',
      });
    });
  });
};

export const areaChanged: PrecheckRule = ({ content }, report) => {
  const rows = content.billingrecipients ?? [];
  const byUnit = new Map<string, { index: number; validfrom: string; validto: string }[]>();
  rows.forEach((r, index) => {
    const unit = r.residentialunitMscnumber?.trim();
    const validfrom = readDate(r.validfrom);
    const validto = readDate(r.validto);
    if (!unit || validfrom === undefined || validto === undefined) return;
    const list = byUnit.get(unit) ?? [];
    list.push({ index, validfrom, validto });
    byUnit.set(unit, list);
  });
  for (const [unit, spans] of byUnit) {
    const sorted = sortSpans(spans);
    for (let n = 1; n < sorted.length; n++) {
      const before = rows[sorted[n - 1]?.index ?? -1];
      const i = sorted[n]?.index ?? -1;
      const after = rows[i];
      if (!before || !after) continue;
      for (const key of AREA_KEY_ORDER) {
        const a = valueOf(before, key);
        const b = valueOf(after, key);
        if (!a || !b || a.units === b.units || a.units === 0n || b.units === 0n) continue;
        const k = (after.allocations ?? []).findIndex((x) => x.key?.trim() === key);
        report('WARNING', 'AREA_CHANGED', `billingrecipients[${String(i)}].allocations[${String(k)}].value`, {
          unit,
          before: formatIso(a),
          after: formatIso(b),
        });
      }
    }
  }
};

export const co2AreaSum: PrecheckRule = ({ content }, report) => {
  const rows = content.billingrecipients ?? [];
  const facts = content['co2configuration'] as { heatedarea?: unknown; nonresidentialshare?: unknown } | undefined;
  const heated = typeof facts?.heatedarea === 'string' ? readDecimal(facts.heatedarea, MONEY_SCALE) : undefined;
  const key = areaKey(rows);
  if (!heated || key === undefined) return;
  const perUnit = new Map<string, bigint>();
  for (const r of rows) {
    const text = r.allocations?.find((x) => x.key?.trim() === key)?.value;
    const a = readDecimal(text, QUANTITY_SCALE);
    const unit = r.residentialunitMscnumber?.trim();
    // An area that cannot be read (the format rule names it) or is negative leaves the sum unknown.
    if ((a === undefined && text !== undefined && text.trim() !== '') || (a && a.units < 0n)) return;
    if (a && unit && !perUnit.has(unit)) perUnit.set(unit, a.units);
  }
  const sum = fromUnits(
    [...perUnit.values()].reduce((s, v) => s + v, 0n),
    3,
  );
  const share = typeof facts?.nonresidentialshare === 'string' ? readDecimal(facts.nonresidentialshare, SHARE_SCALE) : undefined;
  const v = areaSumOff(heated, sum, share);
  if (v)
    report('WARNING', 'CO2_AREA_SUM', 'co2configuration.heatedarea', {
      sum: formatIso(sum),
      low: formatIso(v.low),
      high: formatIso(v.high),
    });
};

export const prepaymentHigh: PrecheckRule = ({ content, from, to }, report) => {
  const rows = content.billingrecipients ?? [];
  const key = areaKey(rows);
  if (key === undefined || !rows.some((r) => r.prepayments)) return;
  let costs = 0n;
  const add = (d: Decimal | undefined, sign: bigint): void => {
    if (d) costs += sign * d.units;
  };
  for (const src of content.energysources ?? []) {
    add(primary(src.openingstock?.amounts), 1n);
    for (const d of src.deliveries ?? []) add(primary(d.amounts), 1n);
    add(primary(src.closingstock?.amounts), -1n);
  }
  eachInvoice(content, (inv) => {
    add(primary(inv.amounts), 1n);
  });
  const weights = rows.map((r): Fraction => {
    const area = valueOf(r, key);
    const validfrom = readDate(r.validfrom);
    const validto = readDate(r.validto);
    return area && validfrom !== undefined && validto !== undefined
      ? entryWeight(area, validfrom, validto, from, to)
      : { num: 0n, den: 1n };
  });
  const total = weights.reduce(addFractions, { num: 0n, den: 1000n });
  rows.forEach((r, i) => {
    const weight = weights[i];
    if (!r.prepayments || !weight) return;
    const prepaid = PREPAYMENT_KINDS.reduce((s, kind) => s + (primary(r.prepayments?.[kind])?.units ?? 0n), 0n);
    const likely = prepaymentFarAbove(prepaid, costs, weight, total);
    if (likely === undefined) return;
    report('WARNING', 'PREPAYMENT_HIGH', `billingrecipients[${String(i)}].prepayments`, {
      prepaid: formatIso(fromUnits(prepaid, 2)),
      likely: formatIso(fromUnits(likely, 2)),
    });
  });
};
