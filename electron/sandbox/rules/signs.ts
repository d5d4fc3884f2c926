/**
 * Issue 20: signs and zeros a careful clerk questions. A stock or a prepayment cannot be negative (errors); an
 * invoice of 0 € and a negative amount that does not read as a credit note are asked about (warnings). A credit
 * note shaped as one (shared/domain/precheck/credit-notes.ts) passes without a word.
 */
import { money, quantity } from '@shared/domain/decimal';
import { deliverySignsDisagree, invoiceCreditUnmarked } from '@shared/domain/precheck/credit-notes';
import type { Rule } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { deliveryLabel, eur, invoiceLabel, primaryAmount, qty, recipientLabel, stockLabel } from '@main/sandbox/rules/format';

const PREPAYMENT_WORDS = { heating: 'Heizung', hotwater: 'Warmwasser', coldwater: 'Kaltwasser' } as const;

export const stockNegative: Rule = {
  code: 'STOCK_NEGATIVE',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      for (const which of ['openingstock', 'closingstock'] as const) {
        const stock = src[which];
        if (!stock || quantity(stock.quantity).units >= 0n) continue;
        const unit = ctx.fuelsBySlot.get(src.slot)?.unit;
        report(
          'ERROR',
          ['energysources', i, which, 'quantity'],
          `Der ${stockLabel(ctx, i, which)} ist mit ${qty(stock.quantity, unit)} negativ. Ein Bestand kann nicht unter 0 liegen; bitte den Tankinhalt (Peilung oder Zählerstand) prüfen.`,
        );
      }
    });
  },
};

export const prepaymentNegative: Rule = {
  code: 'PREPAYMENT_NEGATIVE',
  check(ctx, report) {
    ctx.submission.billingrecipients.forEach((e, i) => {
      for (const kind of ['heating', 'hotwater', 'coldwater'] as const) {
        const a = e.prepayments?.[kind];
        if (!a) continue;
        for (const field of ['grossamount', 'netamount'] as const) {
          const v = a[field];
          if (v === undefined || money(v).units >= 0n) continue;
          report(
            'ERROR',
            ['billingrecipients', i, 'prepayments', kind, field],
            `Die Vorauszahlung ${PREPAYMENT_WORDS[kind]} von ${recipientLabel(ctx, e)} ist mit ${eur(v)} negativ. Gemeldet wird, was der Nutzer im Abrechnungszeitraum vorausgezahlt hat; Erstattungen ergeben sich erst aus der Abrechnung.`,
          );
          break;
        }
      }
    });
  },
};

export const invoiceZero: Rule = {
  code: 'INVOICE_ZERO',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const given = [inv.amounts.grossamount, inv.amounts.netamount].filter((v): v is string => v !== undefined);
      if (given.length === 0 || given.some((v) => money(v).units !== 0n)) return;
      report(
        'WARNING',
        [...path, 'amounts'],
        `Die ${invoiceLabel(ctx, list, index, inv)} lautet auf 0,00 €. Eine Rechnung ohne Betrag verteilt nichts; bitte den Betrag eintragen oder die Zeile entfernen.`,
      );
    });
  },
};

export const creditNoteUnclear: Rule = {
  code: 'CREDIT_NOTE_UNCLEAR',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const amount = primaryAmount(d.amounts);
        if (amount === undefined) return;
        const q = d.quantity === undefined ? undefined : quantity(d.quantity);
        const kg = d.co2 ? quantity(d.co2.emissionkg) : undefined;
        const cost = d.co2 ? money(d.co2.costgross) : undefined;
        if (!deliverySignsDisagree(money(amount), q, kg, cost)) return;
        report(
          'WARNING',
          ['energysources', i, 'deliveries', j, 'amounts'],
          `Gutschrift? Bei der ${deliveryLabel(ctx, i, j)} haben Betrag (${eur(amount)}) und Menge oder CO2-Angaben verschiedene Vorzeichen. Bei einer Gutschrift sind Betrag, Menge und CO2-Angaben negativ; sonst bitte das Vorzeichen prüfen.`,
        );
      });
    });
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const amount = primaryAmount(inv.amounts);
      if (amount === undefined) return;
      const q = inv.quantity === undefined ? undefined : quantity(inv.quantity);
      if (!invoiceCreditUnmarked(inv.cost.key, money(amount), inv.cost.text, q)) return;
      report(
        'WARNING',
        [...path, 'amounts'],
        `Gutschrift? Die ${invoiceLabel(ctx, list, index, inv)} ist negativ. Ist es eine Gutschrift oder Erstattung, bitte im Text vermerken (z. B. „Gutschrift Wasserwerk“); sonst das Vorzeichen prüfen.`,
      );
    });
  },
};
