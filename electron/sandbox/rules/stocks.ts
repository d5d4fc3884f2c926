/** Rules on the stock figures of a fuel: dated at the period's bounds, and no more left over than there was. */
import { formatIso, quantity } from '@shared/domain/decimal';
import { closingSurplus, openingStockDates } from '@shared/domain/precheck/plausibility';
import type { Rule } from '@main/sandbox/rules/context';
import { day, qty, stockLabel } from '@main/sandbox/rules/format';

export const closingstockExceeds: Rule = {
  code: 'CLOSINGSTOCK_EXCEEDS',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      const { openingstock: opening, closingstock: closing } = src;
      if (!opening || !closing) return; // STOCK_REQUIRED names a missing stock
      const delivered = src.deliveries.flatMap((d) => (d.quantity === undefined ? [] : [quantity(d.quantity)]));
      const surplus = closingSurplus(quantity(opening.quantity), delivered, quantity(closing.quantity));
      if (!surplus) return;
      const unit = ctx.fuelsBySlot.get(src.slot)?.unit;
      const sumDelivered = delivered.reduce((a, b) => a + b.units, 0n);
      const deliveredText = qty(formatIso({ units: sumDelivered, scale: 3 }), unit);
      report(
        'ERROR',
        ['energysources', i, 'closingstock', 'quantity'],
        `Der ${stockLabel(ctx, i, 'closingstock')} von ${qty(closing.quantity, unit)} ist größer als Anfangsbestand (${qty(opening.quantity, unit)}) und Lieferungen (${deliveredText}) zusammen; es fehlen ${qty(formatIso(surplus), unit)}. Bitte Bestände und Liefermengen prüfen.`,
      );
    });
  },
};

export const stockDate: Rule = {
  code: 'STOCK_DATE',
  check(ctx, report) {
    const openingDays = openingStockDates(ctx.from);
    ctx.submission.energysources.forEach((src, i) => {
      const opening = src.openingstock;
      if (opening && !openingDays.includes(opening.date)) {
        report(
          'ERROR',
          ['energysources', i, 'openingstock', 'date'],
          `Der ${stockLabel(ctx, i, 'openingstock')} ist zum ${day(opening.date)} angegeben; er muss zum Beginn des Abrechnungszeitraums (${day(ctx.from)}) oder zum Vortag ermittelt sein.`,
        );
      }
      const closing = src.closingstock;
      if (closing && closing.date !== ctx.to) {
        report(
          'ERROR',
          ['energysources', i, 'closingstock', 'date'],
          `Der ${stockLabel(ctx, i, 'closingstock')} ist zum ${day(closing.date)} angegeben; er muss zum Ende des Abrechnungszeitraums (${day(ctx.to)}) ermittelt sein, sonst stimmt der Verbrauch nicht.`,
        );
      }
    });
  },
};
