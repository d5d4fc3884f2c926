/**
 * CO2KostAufG rules on deliveries of CO2-relevant fuels (fossil fuels and district or local heat): the figures are
 * there, fit the quantity and the fuel, cost no more than the delivery, and the dwellings' floor area to split them
 * by is given. Whether a fuel was burnt at all is judged on consumption (opening stock + deliveries − closing stock).
 */
import { CO2_SPLIT_FROM } from '@shared/domain/co2-split';
import { hsHiRatio, isCo2Relevant, ratioOf } from '@shared/domain/co2-factors';
import { burnsSomething } from '@shared/domain/co2-consumption';
import { formatGerman, fromUnits, money } from '@shared/domain/decimal';
import { co2CostConflict, co2KgFitsFuel, factorFarOff } from '@shared/domain/precheck/plausibility';
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { deliveryLabel, eur, fuelLabel, qty, unitOf } from '@main/sandbox/rules/format';

const applies = (ctx: RuleContext): boolean => ctx.template.co2configuration.applicable && ctx.from >= CO2_SPLIT_FROM;

/** `2,65` from an ISO factor with up to six places, as given. */
const factorText = (f: string): string => f.replace('.', ',');

export const co2Required: Rule = {
  code: 'CO2_REQUIRED',
  check(ctx, report) {
    if (!applies(ctx)) return;
    ctx.submission.energysources.forEach((src, i) => {
      if (!isCo2Relevant(src.fuel)) return;
      src.deliveries.forEach((d, j) => {
        if (d.co2) return;
        report(
          'ERROR',
          ['energysources', i, 'deliveries', j, 'co2'],
          `Bei der ${deliveryLabel(ctx, i, j)} fehlen die CO2-Angaben (Emissionsfaktor, kg CO2, CO2-Kosten brutto). Sie sind nach CO2KostAufG ab dem Abrechnungszeitraum 2023 für fossile Brennstoffe und Fernwärme Pflicht.`,
        );
      });
    });
  },
};

export const co2KgMismatch: Rule = {
  code: 'CO2_KG_MISMATCH',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const c = d.co2;
        if (!c || d.quantity === undefined || co2KgFitsFuel(src.fuel, d.quantity, c.emissionfactor, c.emissionkg)) return;
        const q = ratioOf(d.quantity.replace('-', ''));
        const f = ratioOf(c.emissionfactor);
        const expected = q && f ? (q.num * f.num * 2n + q.den * f.den) / (2n * q.den * f.den) : 0n;
        const unit = unitOf(ctx, src.slot, src.fuel);
        const hsHi = hsHiRatio(src.fuel);
        const onHs =
          hsHi && q && f
            ? ` (auf Brennwert umgerechnet, ÷ ${formatGerman(fromUnits(hsHi.num, 2))}: rund ${formatGerman(fromUnits((q.num * f.num * hsHi.den * 2n + q.den * f.den * hsHi.num) / (2n * q.den * f.den * hsHi.num), 0))} kg)`
            : '';
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j, 'co2', 'emissionkg'],
          `Bei der ${deliveryLabel(ctx, i, j)} passen die CO2-Angaben nicht zur Menge: ${qty(d.quantity, unit)} × ${factorText(c.emissionfactor)} kg CO2 je ${unit} ergeben rund ${formatGerman(fromUnits(expected, 0))} kg CO2${onHs}, gemeldet sind ${qty(c.emissionkg)} kg. Bitte mit der Rechnung des Lieferanten vergleichen.`,
        );
      });
    });
  },
};

export const co2FactorImplausible: Rule = {
  code: 'CO2_FACTOR_IMPLAUSIBLE',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const factor = d.co2?.emissionfactor;
        const typical = factor === undefined ? undefined : factorFarOff(src.fuel, factor);
        if (factor === undefined || typical === undefined) return;
        const unit = unitOf(ctx, src.slot, src.fuel);
        report(
          'ERROR',
          ['energysources', i, 'deliveries', j, 'co2', 'emissionfactor'],
          `Bei der ${deliveryLabel(ctx, i, j)} liegt der Emissionsfaktor ${factorText(factor)} kg CO2 je ${unit} weit neben dem üblichen Wert für ${fuelLabel(src.fuel)} (${factorText(typical)} kg CO2 je ${unit}). Bitte den Faktor auf der Rechnung des Lieferanten prüfen.`,
        );
      });
    });
  },
};

export const co2CostExceeds: Rule = {
  code: 'CO2_COST_EXCEEDS',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const cost = d.co2?.costgross;
        const gross = d.amounts.grossamount;
        const conflict = cost === undefined || gross === undefined ? undefined : co2CostConflict(money(cost), money(gross));
        if (cost === undefined || gross === undefined || conflict === undefined) return;
        const path = ['energysources', i, 'deliveries', j, 'co2', 'costgross'];
        if (conflict === 'signs') {
          report(
            'WARNING',
            path,
            `Bei der ${deliveryLabel(ctx, i, j)} haben die CO2-Kosten ${eur(cost)} und der Rechnungsbetrag ${eur(gross)} unterschiedliche Vorzeichen. Bei einer Gutschrift sind beide negativ.`,
          );
          return;
        }
        report(
          'ERROR',
          path,
          `Bei der ${deliveryLabel(ctx, i, j)} sind die CO2-Kosten ${eur(cost)} höher als der Rechnungsbetrag der Lieferung ${eur(gross)}. Die CO2-Kosten sind ein Teil des Lieferpreises.`,
        );
      });
    });
  },
};

export const co2AreaRequired: Rule = {
  code: 'CO2_AREA_REQUIRED',
  check(ctx, report) {
    if (!applies(ctx)) return;
    const relevant = ctx.submission.energysources.some((s) => isCo2Relevant(s.fuel) && burnsSomething(s));
    const area = ctx.submission.co2configuration?.heatedarea;
    if (!relevant || (area !== undefined && /[1-9]/.test(area))) return;
    const preset = ctx.template.co2configuration.heatedarea;
    const hint = preset === undefined ? '' : ` Der Messdienst hat ${preset.replace('.', ',')} m² hinterlegt.`;
    report(
      'ERROR',
      ['co2configuration', 'heatedarea'],
      `Die Wohnfläche fehlt. Sie wird gebraucht, um die CO2-Kosten nach CO2KostAufG zwischen Vermieter und Mietern aufzuteilen.${hint}`,
    );
  },
};
