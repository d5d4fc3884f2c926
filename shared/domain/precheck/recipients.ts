/**
 * Rules on billing recipients with the demo MSC's semantics (electron/sandbox/rules/recipients.ts, allocations.ts):
 * per residential unit, entries neither overlap nor leave days of the period uncovered (a vacancy covers days too),
 * and every distribution key the billing uses has a value for every recipient who is not a vacancy.
 * An empty date reads as the period's bound, so a half-typed row does not flood the clerk with gaps.
 */
import { daysBetween } from '@shared/domain/dates';
import { given, readDate, type PrecheckContext, type PrecheckRule } from '@shared/domain/precheck/context';
import { eachInvoice } from '@shared/domain/precheck/context';
import { gaps, overlaps, sortSpans, type Span } from '@shared/domain/precheck/logic';

/** Each unit's entries as sorted spans; entries with an unreadable date are left to the format rule. */
function spansByUnit({ content, from, to }: PrecheckContext): Map<string, Span[]> {
  const byUnit = new Map<string, Span[]>();
  (content.billingrecipients ?? []).forEach((r, index) => {
    const unit = r.residentialunitMscnumber?.trim();
    if (!unit) return;
    const validfrom = given(r.validfrom) ? readDate(r.validfrom) : from;
    const validto = given(r.validto) ? readDate(r.validto) : to;
    if (validfrom === undefined || validto === undefined) return;
    const list = byUnit.get(unit);
    const span = { index, validfrom, validto };
    if (list) list.push(span);
    else byUnit.set(unit, [span]);
  });
  for (const list of byUnit.values()) sortSpans(list);
  return byUnit;
}

export const recipientOverlap: PrecheckRule = (ctx, report) => {
  for (const [unit, spans] of spansByUnit(ctx)) {
    const byIndex = new Map(spans.map((s) => [s.index, s]));
    for (const { index, other } of overlaps(spans)) {
      const o = byIndex.get(other);
      if (!o) continue;
      report('ERROR', 'RECIPIENT_OVERLAP', `billingrecipients[${String(index)}].validfrom`, {
        unit,
        otherFrom: o.validfrom,
        otherTo: o.validto,
      });
    }
  }
};

/** Units the template names with at least one recipient inside the period, in the template's order. */
function activeUnits({ template, from, to }: PrecheckContext): string[] {
  const out = new Set<string>();
  for (const r of template.billingrecipients) {
    if (r.validfrom <= to && (r.validto === undefined || r.validto >= from)) out.add(r.residentialunitMscnumber);
  }
  return [...out];
}

export const recipientGap: PrecheckRule = (ctx, report) => {
  const byUnit = spansByUnit(ctx);
  for (const unit of activeUnits(ctx)) {
    for (const g of gaps(byUnit.get(unit) ?? [], ctx.from, ctx.to)) {
      const path = g.index === undefined ? 'billingrecipients' : `billingrecipients[${String(g.index)}].${g.field}`;
      report('WARNING', 'RECIPIENT_GAP', path, { unit, first: g.first, last: g.last, days: daysBetween(g.first, g.last) + 1 });
    }
  }
};

/** Distribution keys the billing needs: every agreed cost type's key and every key an invoice names itself. */
function usedKeys({ content, template }: PrecheckContext): string[] {
  const keys = new Set(template.costtypes.map((c) => c.allocationkey));
  eachInvoice(content, (inv) => {
    if (given(inv.allocationkey)) keys.add(inv.allocationkey.trim());
  });
  return [...keys];
}

export const allocationMissing: PrecheckRule = (ctx, report) => {
  const used = usedKeys(ctx);
  if (used.length === 0) return;
  (ctx.content.billingrecipients ?? []).forEach((r, i) => {
    if (r.vacancy === true) return;
    const allocations = r.allocations ?? [];
    for (const key of used) {
      // A handful of keys per recipient: a linear scan beats building a Set 2,000 times.
      const k = allocations.findIndex((a) => a.key === key);
      const at = allocations[k];
      if (at && given(at.value)) continue;
      const path = at
        ? `billingrecipients[${String(i)}].allocations[${String(k)}].value`
        : `billingrecipients[${String(i)}].allocations`;
      report('ERROR', 'ALLOCATION_MISSING', path, { key });
    }
  });
};
