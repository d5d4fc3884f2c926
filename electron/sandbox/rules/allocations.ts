/** Rules on the distribution values of each recipient (billingrecipients[].allocations[]). */
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { AREA_KEYS } from '@shared/domain/precheck/plausibility';
import { day, distributionKeyLabel, listLabel, listOf, recipientLabel } from '@main/sandbox/rules/format';

/**
 * Distribution keys the billing needs, each with who needs it: every cost type the template agrees
 * (its allocationkey) and every invoice that names its own allocationkey.
 */
function usedKeys(ctx: RuleContext): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const need = (key: string, by: string): void => {
    const list = used.get(key);
    if (!list) used.set(key, [by]);
    else if (!list.includes(by)) list.push(by);
  };
  for (const c of ctx.template.costtypes) need(c.allocationkey, `Kostenart ${c.key}`);
  eachInvoice(ctx.submission, (inv, _path, list, index) => {
    if (inv.allocationkey !== undefined) need(inv.allocationkey, `${listLabel(list)} Nr. ${String(index + 1)}`);
  });
  return used;
}

/** Whether the submission carries no distribution value at all (ALLOCATIONS_EMPTY then says so once). */
const noValues = (ctx: RuleContext): boolean => ctx.submission.billingrecipients.every((e) => e.allocations.length === 0);

export const allocationMissing: Rule = {
  code: 'ALLOCATION_MISSING',
  check(ctx, report) {
    const used = [...usedKeys(ctx)];
    if (used.length === 0 || noValues(ctx)) return;
    ctx.submission.billingrecipients.forEach((e, i) => {
      if (e.vacancy) return;
      // A handful of keys per recipient: a linear scan beats building a Set 2,000 times.
      const missing = used.filter(([key]) => !e.allocations.some((a) => a.key === key));
      if (missing.length === 0) return;
      const what = missing.map(([key, by]) => `${distributionKeyLabel(ctx, key)}, gebraucht für ${listOf(by, 4)}`);
      report(
        'ERROR',
        ['billingrecipients', i, 'allocations'],
        `Bei ${recipientLabel(ctx, e)} fehlt ein Wert für ${missing.length === 1 ? 'den Verteilerschlüssel' : 'die Verteilerschlüssel'} ${what.join('; ')}.`,
      );
    });
  },
};

const NONZERO_DIGIT = /[1-9]/;

export const allocationNegative: Rule = {
  code: 'ALLOCATION_NEGATIVE',
  check(ctx, report) {
    ctx.submission.billingrecipients.forEach((e, i) => {
      e.allocations.forEach((a, j) => {
        // The schema fixes the form `-?digits[.digits]`, so the sign test is exact without parsing.
        if (!a.value.startsWith('-') || !NONZERO_DIGIT.test(a.value)) return;
        report(
          'ERROR',
          ['billingrecipients', i, 'allocations', j, 'value'],
          `Bei ${recipientLabel(ctx, e)} ist der Wert ${a.value.replace('.', ',')} für den Verteilerschlüssel ${distributionKeyLabel(ctx, a.key)} negativ; Verteilerwerte müssen 0 oder größer sein.`,
        );
      });
    });
  },
};

export const recipientsMissing: Rule = {
  code: 'RECIPIENTS_MISSING',
  check(ctx, report) {
    if (ctx.submission.billingrecipients.length > 0) return;
    const known = new Set(ctx.template.billingrecipients.map((r) => r.residentialunitMscnumber)).size;
    report(
      'ERROR',
      ['billingrecipients'],
      `Die Meldung enthält keine Nutzer. Ohne Nutzer mit Zeiträumen und Verteilwerten lassen sich die Kosten nicht verteilen; laut OSR gehören ${String(known)} Nutzeinheiten zu dieser Liegenschaft.`,
    );
  },
};

export const allocationsEmpty: Rule = {
  code: 'ALLOCATIONS_EMPTY',
  check(ctx, report) {
    const entries = ctx.submission.billingrecipients;
    const used = [...usedKeys(ctx).keys()];
    if (entries.length === 0 || used.length === 0 || !noValues(ctx)) return;
    report(
      'ERROR',
      ['billingrecipients'],
      `Die Meldung enthält keinen einzigen Verteilwert (${String(entries.length)} Nutzer; gebraucht werden ${listOf(used.map((k) => distributionKeyLabel(ctx, k)))}). Bitte die Werte je Nutzer eintragen.`,
    );
  },
};

const ZERO = /^-?0+(\.0+)?$/;

export const allocationZeroSum: Rule = {
  code: 'ALLOCATION_ZERO_SUM',
  check(ctx, report) {
    for (const [key, by] of usedKeys(ctx)) {
      let count = 0;
      let nonzero = false;
      for (const e of ctx.submission.billingrecipients) {
        for (const a of e.allocations) {
          if (a.key !== key) continue;
          count += 1;
          if (!ZERO.test(a.value)) nonzero = true;
        }
      }
      if (count === 0 || nonzero) continue;
      report(
        'ERROR',
        ['billingrecipients'],
        `Alle ${String(count)} Werte für den Verteilerschlüssel ${distributionKeyLabel(ctx, key)} sind 0. Die Kosten, die nach diesem Schlüssel verteilt werden (${listOf(by, 4)}), lassen sich so nicht verteilen.`,
      );
    }
  },
};

/** A vacancy's base costs fall to the owner by its area; without it they would land on the tenants. */
export const vacancyAreaMissing: Rule = {
  code: 'VACANCY_AREA_MISSING',
  check(ctx, report) {
    const area = [...usedKeys(ctx).keys()].filter((k) => AREA_KEYS.has(k));
    if (area.length === 0 || noValues(ctx)) return; // ALLOCATIONS_EMPTY says it once
    ctx.submission.billingrecipients.forEach((e, i) => {
      if (!e.vacancy) return;
      const missing = area.filter((k) => !e.allocations.some((a) => a.key === k && !ZERO.test(a.value)));
      if (missing.length === 0) return;
      report(
        'ERROR',
        ['billingrecipients', i, 'allocations'],
        `Beim Leerstand in Nutzeinheit ${e.residentialunitMscnumber} (${day(e.validfrom)} bis ${day(e.validto)}) fehlt die Fläche für ${listOf(missing.map((k) => distributionKeyLabel(ctx, k)))}. Ohne Fläche fielen die Grundkosten des leeren Zeitraums den übrigen Nutzern zu; sie trägt der Eigentümer.`,
      );
    });
  },
};
