/** Rules on fuels, stocks and deliveries (energysources[]). */
import { compare, formatGerman, money, quantity, share } from '@shared/domain/decimal';
import { energyMixTotal } from '@shared/domain/precheck/logic';
import { ENERGY_SOURCES, labelOf } from '@shared/domain/codes';
import type { Rule } from '@main/sandbox/rules/context';
import {
  amountText,
  day,
  deliveryLabel,
  eur,
  fuelLabel,
  fuelMeta,
  qty,
  sourceLabel,
  stockLabel,
} from '@main/sandbox/rules/format';

/** CO2KostAufG applies to billing periods starting on or after this day. */
const CO2_FROM = '2023-01-01';

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

export const co2Required: Rule = {
  code: 'CO2_REQUIRED',
  check(ctx, report) {
    if (!ctx.template.co2configuration.applicable || ctx.from < CO2_FROM) return;
    ctx.submission.energysources.forEach((src, i) => {
      if (!fuelMeta(src.fuel)?.fossil) return;
      src.deliveries.forEach((d, j) => {
        if (d.co2) return;
        report(
          'ERROR',
          ['energysources', i, 'deliveries', j, 'co2'],
          `Bei der ${deliveryLabel(ctx, i, j)} fehlen die CO2-Angaben (Emissionsfaktor, kg CO2, CO2-Kosten brutto). Sie sind nach CO2KostAufG für fossile Brennstoffe ab dem Abrechnungszeitraum 2023 Pflicht.`,
        );
      });
    });
  },
};
