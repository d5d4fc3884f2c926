/** Rules on fuels, stocks and deliveries (energysources[]). */
import { compare, formatGerman, formatIso, money, quantity, share } from '@shared/domain/decimal';
import { energyMixTotal } from '@shared/domain/precheck/logic';
import { ENERGY_SOURCES, labelOf } from '@shared/domain/codes';
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { unitOf } from '@main/sandbox/rules/format';
import {
  amountText,
  day,
  deliveryLabel,
  eur,
  fuelLabel,
  primaryAmount,
  qty,
  sourceLabel,
  stockLabel,
} from '@main/sandbox/rules/format';

export const energymixSum: Rule = {
  code: 'ENERGYMIX_SUM',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const mix = d.energymix;
        if (!mix || mix.length === 0) return;
        const { total, complete } = energyMixTotal(mix.map((p) => share(p.share)));
        if (complete) return;
        const parts = mix.map((p) => `${labelOf(ENERGY_SOURCES, p.source)} ${formatGerman(share(p.share))} %`).join(', ');
        const [only] = mix;
        const message =
          mix.length === 1 && only
            ? `Der Energiemix der ${deliveryLabel(ctx, i, j)} nennt nur einen Energieträger (${labelOf(ENERGY_SOURCES, only.source)}) mit ${formatGerman(total)} %. Ein einzelner Energieträger muss 100,0 % haben.`
            : `Die Anteile im Energiemix der ${deliveryLabel(ctx, i, j)} ergeben zusammen ${formatGerman(total)} % statt 100,0 % (${parts}).`;
        report('ERROR', ['energysources', i, 'deliveries', j, 'energymix'], message);
      });
    });
  },
};

export const fuelNotAgreed: Rule = {
  code: 'FUEL_NOT_AGREED',
  check(ctx, report) {
    const agreed = ctx.template.fuels.map((f) => `Platz ${String(f.slot)}: ${fuelLabel(f.fuel)}`).join(', ') || 'keine';
    const seen = new Set<number>();
    ctx.submission.energysources.forEach((src, i) => {
      const t = ctx.fuelsBySlot.get(src.slot);
      if (!t) {
        report(
          'ERROR',
          ['energysources', i, 'slot'],
          `Brennstoffplatz ${String(src.slot)} mit ${fuelLabel(src.fuel)} ist für diese Liegenschaft nicht vereinbart (vereinbart: ${agreed}).`,
        );
      } else if (t.fuel !== src.fuel) {
        report(
          'ERROR',
          ['energysources', i, 'fuel'],
          `Auf Brennstoffplatz ${String(src.slot)} ist ${fuelLabel(t.fuel)} vereinbart, gemeldet wurde ${fuelLabel(src.fuel)}.`,
        );
      } else if (seen.has(src.slot)) {
        report(
          'ERROR',
          ['energysources', i, 'slot'],
          `Brennstoffplatz ${String(src.slot)} mit ${fuelLabel(src.fuel)} ist doppelt gemeldet; bitte alle Lieferungen unter einem Eintrag zusammenfassen.`,
        );
      }
      seen.add(src.slot);
    });
  },
};

export const stockRequired: Rule = {
  code: 'STOCK_REQUIRED',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      if (!ctx.fuelsBySlot.get(src.slot)?.stored) return;
      for (const which of ['openingstock', 'closingstock'] as const) {
        if (src[which]) continue;
        const what = which === 'openingstock' ? 'Anfangsbestand' : 'Endbestand';
        const when = which === 'openingstock' ? day(ctx.from) : day(ctx.to);
        report(
          'ERROR',
          ['energysources', i, which],
          `Für ${sourceLabel(ctx, i)} fehlt der ${what} (Stand ${when}). Lagerfähige Brennstoffe brauchen Anfangs- und Endbestand.`,
        );
      }
    });
  },
};

export const openingstockDiffers: Rule = {
  code: 'OPENINGSTOCK_DIFFERS',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const t = ctx.fuelsBySlot.get(src.slot);
      const preset = t?.openingstockpreset;
      const given = src.openingstock;
      if (!t || !preset || !given || t.fuel !== src.fuel) return;
      const diffs: string[] = [];
      if (compare(quantity(given.quantity), quantity(preset.quantity)) !== 0) {
        diffs.push(`Menge ${qty(given.quantity, t.unit)} statt ${qty(preset.quantity, t.unit)}`);
      }
      for (const [field, word] of [
        ['grossamount', 'Bruttobetrag'],
        ['netamount', 'Nettobetrag'],
      ] as const) {
        const a = given.amounts[field];
        const b = preset.amounts[field];
        if (a !== undefined && b !== undefined && compare(money(a), money(b)) !== 0)
          diffs.push(`${word} ${eur(a)} statt ${eur(b)}`);
      }
      if (diffs.length === 0) return;
      report(
        'WARNING',
        ['energysources', i, 'openingstock'],
        `Der ${stockLabel(ctx, i, 'openingstock')} weicht vom Endbestand des Vorjahres (${day(preset.date)}) ab: ${diffs.join(', ')}.`,
      );
    });
  },
};

export const quantityRequired: Rule = {
  code: 'QUANTITY_REQUIRED',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        if (d.quantity !== undefined) return;
        const amount = amountText(d.amounts);
        report(
          'ERROR',
          ['energysources', i, 'deliveries', j, 'quantity'],
          `Bei der ${deliveryLabel(ctx, i, j)}${amount ? ` über ${amount}` : ''} fehlt die gelieferte Menge.`,
        );
      });
    });
  },
};

/** Fuels are agreed, but the submission names neither a delivery nor an opening stock: nothing was heated with. */
export function lacksEnergy(ctx: RuleContext): boolean {
  if (ctx.template.fuels.length === 0) return false;
  return !ctx.submission.energysources.some(
    (src) => src.deliveries.length > 0 || (src.openingstock !== undefined && quantity(src.openingstock.quantity).units > 0n),
  );
}

export const energyMissing: Rule = {
  code: 'ENERGY_MISSING',
  check(ctx, report) {
    if (!lacksEnergy(ctx)) return;
    const agreed = ctx.template.fuels.map((f) => fuelLabel(f.fuel)).join(', ');
    report(
      'ERROR',
      ['energysources'],
      `Die Meldung enthält keine Energie: weder eine Brennstofflieferung noch einen Anfangsbestand (vereinbart: ${agreed}). Ohne Energiekosten lässt sich die Heizkostenabrechnung nicht erstellen.`,
    );
  },
};

export const calorificValueRequired: Rule = {
  code: 'CALORIFIC_VALUE_REQUIRED',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const value = src.calorificvalue;
      if (value !== undefined && /[1-9]/.test(value)) return;
      const preset = ctx.fuelsBySlot.get(src.slot)?.calorificvalue;
      const unit = `kWh je ${unitOf(ctx, src.slot, src.fuel)}`;
      const hint = preset === undefined ? '' : ` Der Messdienst hat ${qtyOf(preset)} ${unit} hinterlegt.`;
      report(
        'ERROR',
        ['energysources', i, 'calorificvalue'],
        value === undefined
          ? `Für ${sourceLabel(ctx, i)} fehlt der Heizwert (${unit}). Er ist Pflicht, sobald ein Brennstoff gemeldet wird.${hint}`
          : `Für ${sourceLabel(ctx, i)} ist der Heizwert 0 angegeben; ein Brennstoff ohne Heizwert lässt sich nicht abrechnen.${hint}`,
      );
    });
  },
};

/** German form of a calorific value (up to four places, as given). */
function qtyOf(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return frac ? `${grouped},${frac}` : grouped;
}

/** Same fuel, invoice date, quantity and amount twice: keyed per source, so many deliveries cost one map pass. */
export const duplicateDelivery: Rule = {
  code: 'DUPLICATE_DELIVERY',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const first = new Map<string, number>();
      src.deliveries.forEach((d, j) => {
        const amount = primaryAmount(d.amounts);
        const key = `${d.invoicedate}|${d.quantity === undefined ? '' : formatIso(quantity(d.quantity))}|${amount === undefined ? '' : formatIso(money(amount))}`;
        const earlier = first.get(key);
        if (earlier === undefined) {
          first.set(key, j);
          return;
        }
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j],
          `Die ${deliveryLabel(ctx, i, j)} gleicht der Lieferung Nr. ${String(earlier + 1)} in Rechnungsdatum, Menge und Betrag. Wurde dieselbe Lieferung doppelt erfasst?`,
        );
      });
    });
  },
};
