/**
 * Rules on billing recipients (billingrecipients[]): known via OSR, inside the AZ, and per unit
 * neither overlapping nor leaving days uncovered. Per-unit checks walk the entries pre-sorted in
 * the context, so the cost is O(n log n) over all recipients.
 */
import { addDays, daysBetween } from '@shared/domain/dates';
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

export const recipientOverlap: Rule = {
  code: 'RECIPIENT_OVERLAP',
  check(ctx, report) {
    const entries = ctx.submission.billingrecipients;
    for (const indices of ctx.entriesByUnit.values()) {
      let reach: RecipientEntry | undefined;
      for (const i of indices) {
        const e = entries[i];
        if (!e || e.validfrom > e.validto) continue;
        if (reach && e.validfrom <= reach.validto) {
          report(
            'ERROR',
            ['billingrecipients', i, 'validfrom'],
            `In Nutzeinheit ${e.residentialunitMscnumber} überschneiden sich zwei Zeiträume: ${partnerLabel(ctx, e)} vom ${span(e)} und ${partnerLabel(ctx, reach)} vom ${span(reach)}.`,
          );
        }
        if (!reach || e.validto > reach.validto) reach = e;
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
    const entries = ctx.submission.billingrecipients;
    const gap = (unit: string, first: string, last: string): string => {
      const days = daysBetween(first, last) + 1;
      return `Nutzeinheit ${unit} ist vom ${day(first)} bis ${day(last)} (${String(days)} ${days === 1 ? 'Tag' : 'Tage'}) keinem Nutzer zugeordnet und nicht als Leerstand gemeldet.`;
    };
    // `covered` is the last day covered so far; addDays runs only at tenant changes, not per unit.
    const beforeStart = addDays(ctx.from, -1);
    for (const unit of activeUnits(ctx)) {
      const indices = ctx.entriesByUnit.get(unit) ?? [];
      let covered = beforeStart;
      let lastIndex: number | undefined;
      for (const i of indices) {
        const e = entries[i];
        if (!e) continue;
        const start = e.validfrom < ctx.from ? ctx.from : e.validfrom;
        const end = e.validto > ctx.to ? ctx.to : e.validto;
        if (start > end || end <= covered) continue;
        if (start > covered && !(covered === beforeStart && start === ctx.from)) {
          const next = addDays(covered, 1);
          if (start > next) report('WARNING', ['billingrecipients', i, 'validfrom'], gap(unit, next, addDays(start, -1)));
        }
        covered = end;
        lastIndex = i;
      }
      if (covered >= ctx.to) continue;
      if (lastIndex === undefined) {
        const names = known(ctx.templateUnits.get(unit) ?? []);
        report(
          'WARNING',
          ['billingrecipients'],
          `Nutzeinheit ${unit} (laut OSR: ${names}) fehlt in der Meldung: für den Abrechnungszeitraum ${period(ctx)} ist weder ein Nutzer noch Leerstand gemeldet.`,
        );
      } else {
        report('WARNING', ['billingrecipients', lastIndex, 'validto'], gap(unit, addDays(covered, 1), ctx.to));
      }
    }
  },
};
