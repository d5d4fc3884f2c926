/**
 * Issue 20: users and the property's facts a careful clerk compares — an occupied unit with 0 persons, a unit's area
 * that changes at a tenant change, the CO2 area far from the units' areas, and a prepayment far above the user's
 * likely share of the costs. All warnings; the arithmetic is shared/domain/precheck/occupancy.ts.
 */
import { decimal, formatGerman, fromUnits, money, share, type Decimal } from '@shared/domain/decimal';
import {
  AREA_KEY_ORDER,
  PERSON_KEYS,
  PREPAYMENT_FACTOR,
  addFractions,
  areaSumOff,
  entryWeight,
  prepaymentFarAbove,
} from '@shared/domain/precheck/occupancy';
import type { Fraction } from '@shared/domain/precheck/prices';
import type { RecipientEntry } from '@shared/msc/billing-input';
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { distributionKeyLabel, eur, primaryAmount, recipientLabel } from '@main/sandbox/rules/format';

/** An allocation value (up to three places) as a decimal with three. */
const value = (text: string): Decimal => decimal(text, 3);
const m2 = (d: Decimal): string => `${formatGerman(d)} m²`;

/** The area key the property's areas are read by: the first of 010, 011, 017 any user has a value for. */
function areaKey(ctx: RuleContext): string | undefined {
  return AREA_KEY_ORDER.find((k) => ctx.submission.billingrecipients.some((e) => e.allocations.some((a) => a.key === k)));
}

function areaOf(e: RecipientEntry, key: string): Decimal | undefined {
  const v = e.allocations.find((a) => a.key === key)?.value;
  return v === undefined ? undefined : value(v);
}

export const personsZero: Rule = {
  code: 'PERSONS_ZERO',
  check(ctx, report) {
    // A key that is 0 for everybody is ALLOCATION_ZERO_SUM's, once, not one warning per user.
    const counted = new Set(
      ctx.submission.billingrecipients.flatMap((e) =>
        e.allocations.filter((a) => PERSON_KEYS.has(a.key) && value(a.value).units !== 0n).map((a) => a.key),
      ),
    );
    ctx.submission.billingrecipients.forEach((e, i) => {
      if (e.vacancy) return;
      e.allocations.forEach((a, k) => {
        if (!counted.has(a.key) || value(a.value).units !== 0n) return;
        report(
          'WARNING',
          ['billingrecipients', i, 'allocations', k, 'value'],
          `Bei ${recipientLabel(ctx, e)} sind 0 Personen angegeben (Verteilerschlüssel ${distributionKeyLabel(ctx, a.key)}), die Nutzeinheit ist aber vermietet. Dann trügen die übrigen Nutzer ihre Kosten; bitte die Personenzahl prüfen oder den Zeitraum als Leerstand melden.`,
        );
      });
    });
  },
};

export const areaChanged: Rule = {
  code: 'AREA_CHANGED',
  check(ctx, report) {
    const entries = ctx.submission.billingrecipients;
    for (const [unit, list] of ctx.entriesByUnit) {
      for (let n = 1; n < list.length; n++) {
        const before = entries[list[n - 1] ?? -1];
        const i = list[n] ?? -1;
        const after = entries[i];
        if (!before || !after) continue;
        for (const key of AREA_KEY_ORDER) {
          const a = areaOf(before, key);
          const k = after.allocations.findIndex((x) => x.key === key);
          const b = areaOf(after, key);
          if (!a || !b || a.units === b.units || a.units === 0n || b.units === 0n) continue;
          report(
            'WARNING',
            ['billingrecipients', i, 'allocations', k, 'value'],
            `In Nutzeinheit ${unit} ändert sich die Fläche (${distributionKeyLabel(ctx, key)}) beim Nutzerwechsel von ${m2(a)} auf ${m2(b)} (${recipientLabel(ctx, after)}). Die Fläche einer Wohnung bleibt beim Wechsel gleich; bitte prüfen, welcher Wert stimmt.`,
          );
        }
      }
    }
  },
};

export const co2AreaSum: Rule = {
  code: 'CO2_AREA_SUM',
  check(ctx, report) {
    const facts = ctx.submission.co2configuration;
    const key = areaKey(ctx);
    if (!facts?.heatedarea || key === undefined) return;
    // One area per unit: the first user's (AREA_CHANGED names units whose area changes).
    const perUnit = new Map<string, Decimal>();
    for (const e of ctx.submission.billingrecipients) {
      const a = areaOf(e, key);
      if (a && a.units < 0n) return; // ALLOCATION_NEGATIVE names it; the sum says nothing then
      if (a && !perUnit.has(e.residentialunitMscnumber)) perUnit.set(e.residentialunitMscnumber, a);
    }
    const total = [...perUnit.values()].reduce((s, a) => s + a.units, 0n);
    const sum = fromUnits(total, 3);
    const nonres = facts.nonresidentialshare === undefined ? undefined : share(facts.nonresidentialshare);
    const v = areaSumOff(money(facts.heatedarea), sum, nonres);
    if (!v) return;
    report(
      'WARNING',
      ['co2configuration', 'heatedarea'],
      `Die Wohnfläche für die CO2-Kostenaufteilung (${m2(money(facts.heatedarea))}) passt nicht zur Summe der Flächen der ${String(perUnit.size)} Nutzeinheiten (${m2(sum)}, Verteilerschlüssel ${distributionKeyLabel(ctx, key)}); erwartet sind ${m2(v.low)} bis ${m2(v.high)}. Bitte die Fläche prüfen.`,
    );
  },
};

/** Costs the users' prepayments go towards: energy used (opening + deliveries − closing) and all invoices, in cents. */
function reportedCosts(ctx: RuleContext): bigint {
  let cents = 0n;
  const add = (a: Parameters<typeof primaryAmount>[0] | undefined, sign: 1n | -1n): void => {
    const v = a ? primaryAmount(a) : undefined;
    if (v !== undefined) cents += sign * money(v).units;
  };
  for (const src of ctx.submission.energysources) {
    add(src.openingstock?.amounts, 1n);
    for (const d of src.deliveries) add(d.amounts, 1n);
    add(src.closingstock?.amounts, -1n);
  }
  eachInvoice(ctx.submission, (inv) => {
    add(inv.amounts, 1n);
  });
  return cents;
}

export const prepaymentHigh: Rule = {
  code: 'PREPAYMENT_HIGH',
  check(ctx, report) {
    const key = areaKey(ctx);
    const entries = ctx.submission.billingrecipients;
    if (key === undefined || !entries.some((e) => e.prepayments)) return;
    const weights = entries.map((e): Fraction => {
      const area = areaOf(e, key);
      return area ? entryWeight(area, e.validfrom, e.validto, ctx.from, ctx.to) : { num: 0n, den: 1n };
    });
    const total = weights.reduce(addFractions, { num: 0n, den: 1000n });
    const costs = reportedCosts(ctx);
    entries.forEach((e, i) => {
      const p = e.prepayments;
      const weight = weights[i];
      if (!p || !weight) return;
      const prepaid = [p.heating, p.hotwater, p.coldwater].reduce((s, a) => {
        const v = a ? primaryAmount(a) : undefined;
        return v === undefined ? s : s + money(v).units;
      }, 0n);
      const likely = prepaymentFarAbove(prepaid, costs, weight, total);
      if (likely === undefined) return;
      report(
        'WARNING',
        ['billingrecipients', i, 'prepayments'],
        `Die Vorauszahlungen von ${recipientLabel(ctx, e)} betragen zusammen ${eur(fromUnits(prepaid, 2))}. Nach Fläche und Nutzungsdauer entfallen auf diesen Nutzer etwa ${eur(fromUnits(likely, 2))} der gemeldeten Kosten von ${eur(fromUnits(costs, 2))} – die Vorauszahlung ist mehr als ${String(PREPAYMENT_FACTOR)}-mal so hoch. Bitte prüfen (Jahres- statt Monatsbetrag, Komma verrutscht, Betrag des ganzen Hauses?).`,
      );
    });
  },
};
