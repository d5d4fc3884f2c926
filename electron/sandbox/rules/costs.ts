/** Heating side costs against energy costs (the "out of proportion" check report MSCs send). */
import { DISTRICT_HEAT_PRICE_KEYS } from '@shared/domain/codes';
import { formatGerman, fromUnits, money } from '@shared/domain/decimal';
import type { Amounts } from '@shared/msc/primitives';
import type { Rule } from '@main/sandbox/rules/context';
import { lacksEnergy } from '@main/sandbox/rules/energy';
import { eur } from '@main/sandbox/rules/format';

/** Side costs above this share of the energy costs get a warning. */
const LIMIT_PERCENT = 25n;

export const sidecostsHigh: Rule = {
  code: 'SIDECOSTS_HIGH',
  check(ctx, report) {
    // Judge by the amount the agreement names; a missing amount counts 0 (VAT_MODE reports it).
    const field = ctx.template.expectedvat === 'NET' ? 'netamount' : 'grossamount';
    const cents = (a: Amounts | undefined): bigint => {
      const v = a?.[field];
      return v === undefined ? 0n : money(v).units;
    };
    if (lacksEnergy(ctx)) return; // ENERGY_MISSING says what is wrong
    let side = 0n;
    // District heat's base and volume prices (table K 050–053, 059–061) are energy costs, not side costs.
    let prices = 0n;
    for (const inv of ctx.submission.heatingsysteminvoices) {
      if (DISTRICT_HEAT_PRICE_KEYS.has(inv.cost.key)) prices += cents(inv.amounts);
      else side += cents(inv.amounts);
    }
    if (side <= 0n) return;
    let deliveries = 0n;
    let opening = 0n;
    let closing = 0n;
    for (const src of ctx.submission.energysources) {
      for (const d of src.deliveries) deliveries += cents(d.amounts);
      opening += cents(src.openingstock?.amounts);
      closing += cents(src.closingstock?.amounts);
    }
    const energy = deliveries + prices + opening - closing;
    if (side * 100n <= energy * LIMIT_PERCENT) return;
    const money2 = (units: bigint): string => eur(fromUnits(units, 2));
    const basis = `Lieferungen ${money2(deliveries)}${prices === 0n ? '' : ` + Grund- und Mengenpreise ${money2(prices)}`} + Anfangsbestand ${money2(opening)} − Endbestand ${money2(closing)}`;
    const kind = field === 'netamount' ? 'netto' : 'brutto';
    // Rounded half up to one place: side / energy in tenths of a percent.
    const ratio = energy > 0n ? `und damit ${formatGerman(fromUnits((side * 2000n + energy) / (2n * energy), 1))} % der` : 'bei';
    report(
      'WARNING',
      ['heatingsysteminvoices'],
      `Die Heizungsnebenkosten betragen ${money2(side)} ${kind} ${ratio} Energiekosten von ${money2(energy)} (${basis}). Üblich sind höchstens ${String(LIMIT_PERCENT)} %; bitte prüfen, ob Rechnungen falsch zugeordnet oder Brennstoffkosten unvollständig sind.`,
    );
  },
};
