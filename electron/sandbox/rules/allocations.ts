/** Rules on the distribution values of each recipient (billingrecipients[].allocations[]). */
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { distributionKeyLabel, listLabel, listOf, recipientLabel } from '@main/sandbox/rules/format';

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

export const allocationMissing: Rule = {
  code: 'ALLOCATION_MISSING',
  check(ctx, report) {
    const used = [...usedKeys(ctx)];
    if (used.length === 0) return;
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
