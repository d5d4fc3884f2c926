/**
 * Rules on billing recipients (billingrecipients[]): known via OSR, inside the AZ, and per unit
 * neither overlapping nor leaving days uncovered. Per-unit checks walk the entries pre-sorted in
 * the context, so the cost is O(n log n) over all recipients.
 */
import { daysBetween } from '@shared/domain/dates';
import { gaps, overlaps, type Span } from '@shared/domain/precheck/logic';
import type { RecipientEntry } from '@shared/msc/billing-input';
import type { Rule, RuleContext, TemplateRecipient } from '@main/sandbox/rules/context';
import { recipientKey } from '@main/sandbox/rules/context';
import { day, listOf, partnerLabel, period, recipientLabel } from '@main/sandbox/rules/format';

const known = (list: readonly TemplateRecipient[]): string =>
  listOf(list.map((r) => (r.vacancy ? `${r.partnerPmnumber} (Leerstand)` : `${r.partnerPmnumber} (${r.name})`)));

const span = (e: RecipientEntry): string => `${day(e.validfrom)} bis ${day(e.validto)}`;

export const recipientUnknown: Rule = {
  code: 'RECIPIENT_UNKNOWN',
  check(ctx, report) {
    ctx.submission.billingrecipients.forEach((e, i) => {
      const unit = e.residentialunitMscnumber;
      const onFile = ctx.templateUnits.get(unit);
      if (!onFile) {
        report(
          'ERROR',
          ['billingrecipients', i, 'residentialunitMscnumber'],
          `Die Nutzeinheit ${unit} (Nutzer ${e.partnerPmnumber}) ist dem Messdienst für diese Liegenschaft nicht bekannt.`,
        );
        return;
      }
      // A vacancy has no recipient, so OSR need not have delivered one for it.
      if (e.vacancy || ctx.templateRecipients.has(recipientKey(unit, e.partnerPmnumber))) return;
      report(
        'ERROR',
        ['billingrecipients', i, 'partnerPmnumber'],
        `Der Nutzer ${e.partnerPmnumber} in Nutzeinheit ${unit} wurde nicht per On-Site-Roles (OSR 2.0) übermittelt; dort bekannt: ${known(onFile)}. Bitte den Nutzerwechsel zuerst per OSR melden.`,
      );
    });
  },
};

export const recipientOutsidePeriod: Rule = {
  code: 'RECIPIENT_OUTSIDE_PERIOD',
  check(ctx, report) {
    ctx.submission.billingrecipients.forEach((e, i) => {
      const who = (): string => recipientLabel(ctx, e);
      if (e.validfrom > e.validto) {
        report(
          'ERROR',
          ['billingrecipients', i, 'validto'],
          `Bei ${who()} liegt das Ende ${day(e.validto)} vor dem Beginn ${day(e.validfrom)}.`,
        );
        return;
      }
      if (e.validfrom < ctx.from) {
        report(
          'ERROR',
          ['billingrecipients', i, 'validfrom'],
          `Bei ${who()} liegt der Nutzungsbeginn ${day(e.validfrom)} vor dem Abrechnungszeitraum ${period(ctx)}; bitte auf ${day(ctx.from)} kürzen.`,
        );
      }
      if (e.validto > ctx.to) {
        report(
          'ERROR',
          ['billingrecipients', i, 'validto'],
          `Bei ${who()} liegt das Nutzungsende ${day(e.validto)} nach dem Abrechnungszeitraum ${period(ctx)}; bitte auf ${day(ctx.to)} kürzen.`,
        );
      }
    });
  },
};

/** A unit's entries in the shared walk's terms, already sorted by the context. */
function spansOf(ctx: RuleContext, indices: readonly number[]): Span[] {
  const entries = ctx.submission.billingrecipients;
  const out: Span[] = [];
  for (const i of indices) {
    const e = entries[i];
    if (e) out.push({ index: i, validfrom: e.validfrom, validto: e.validto });
  }
  return out;
}

export const recipientOverlap: Rule = {
  code: 'RECIPIENT_OVERLAP',
  check(ctx, report) {
    const entries = ctx.submission.billingrecipients;
    for (const indices of ctx.entriesByUnit.values()) {
      for (const { index, other } of overlaps(spansOf(ctx, indices))) {
        const e = entries[index];
        const reach = entries[other];
        if (!e || !reach) continue;
        report(
          'ERROR',
          ['billingrecipients', index, 'validfrom'],
          `In Nutzeinheit ${e.residentialunitMscnumber} überschneiden sich zwei Zeiträume: ${partnerLabel(ctx, e)} vom ${span(e)} und ${partnerLabel(ctx, reach)} vom ${span(reach)}.`,
        );
      }
    }
  },
};

/** Units the template names with at least one recipient inside the AZ. */
function activeUnits(ctx: RuleContext): string[] {
  const out: string[] = [];
  for (const [unit, list] of ctx.templateUnits) {
    if (list.some((r) => r.validfrom <= ctx.to && (r.validto === undefined || r.validto >= ctx.from))) out.push(unit);
  }
  return out;
}

export const recipientGap: Rule = {
  code: 'RECIPIENT_GAP',
  check(ctx, report) {
    const gap = (unit: string, first: string, last: string): string => {
      const days = daysBetween(first, last) + 1;
      return `Nutzeinheit ${unit} ist vom ${day(first)} bis ${day(last)} (${String(days)} ${days === 1 ? 'Tag' : 'Tage'}) keinem Nutzer zugeordnet und nicht als Leerstand gemeldet.`;
    };
    if (ctx.submission.billingrecipients.length === 0) return; // RECIPIENTS_MISSING says it once
    for (const unit of activeUnits(ctx)) {
      for (const g of gaps(spansOf(ctx, ctx.entriesByUnit.get(unit) ?? []), ctx.from, ctx.to)) {
        if (g.index !== undefined) {
          report('WARNING', ['billingrecipients', g.index, g.field], gap(unit, g.first, g.last));
          continue;
        }
        const names = known(ctx.templateUnits.get(unit) ?? []);
        report(
          'WARNING',
          ['billingrecipients'],
          `Nutzeinheit ${unit} (laut OSR: ${names}) fehlt in der Meldung: für den Abrechnungszeitraum ${period(ctx)} ist weder ein Nutzer noch Leerstand gemeldet.`,
        );
      }
    }
  },
};

/** Per OSR, a recipient's period in this AZ runs from its validfrom (or the AZ's start) to its validto (or the AZ's end). */
export const recipientDatesDiffer: Rule = {
  code: 'RECIPIENT_DATES_DIFFER',
  check(ctx, report) {
    ctx.submission.billingrecipients.forEach((e, i) => {
      const t = ctx.templateRecipients.get(recipientKey(e.residentialunitMscnumber, e.partnerPmnumber));
      if (!t || e.validfrom > e.validto) return;
      const from = t.validfrom < ctx.from ? ctx.from : t.validfrom;
      const to = t.validto === undefined || t.validto > ctx.to ? ctx.to : t.validto;
      const fix = 'Bitte die Daten angleichen oder den Nutzerwechsel zuerst per OSR korrigieren.';
      // RECIPIENT_OUTSIDE_PERIOD names a date outside the AZ.
      if (e.validfrom >= ctx.from && e.validfrom !== from) {
        report(
          'ERROR',
          ['billingrecipients', i, 'validfrom'],
          `Bei ${recipientLabel(ctx, e)} beginnt der Zeitraum am ${day(e.validfrom)}, per OSR übermittelt ist der ${day(from)}. ${fix}`,
        );
      }
      if (e.validto <= ctx.to && e.validto !== to) {
        report(
          'ERROR',
          ['billingrecipients', i, 'validto'],
          `Bei ${recipientLabel(ctx, e)} endet der Zeitraum am ${day(e.validto)}, per OSR übermittelt ist der ${day(to)}. ${fix}`,
        );
      }
    });
  },
};
