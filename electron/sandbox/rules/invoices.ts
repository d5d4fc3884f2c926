/** Rules on single invoices (heatingsysteminvoices[] and ancillaryinvoices[]). */
import { compare, formatIso, money } from '@shared/domain/decimal';
import type { Decimal } from '@shared/domain/decimal';
import type { InvoiceList, Path, Rule } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { costLabel, costMeta, eur, invoiceLabel, listLabel, listOf, primaryAmount, taxMeta } from '@main/sandbox/rules/format';

const SECTION_LIST = { heating: 'heatingsysteminvoices', ancillary: 'ancillaryinvoices' } as const;

const abs = (d: Decimal): Decimal => (d.units < 0n ? { units: -d.units, scale: d.scale } : d);

export const costtypeNotAgreed: Rule = {
  code: 'COSTTYPE_NOT_AGREED',
  check(ctx, report) {
    const agreed = listOf([...ctx.costTypes.keys()], 12) || 'keine';
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const key = inv.cost.key;
      const meta = costMeta(key);
      if (meta?.forbidden) return; // COSTTYPE_FORBIDDEN names it
      const at: Path = [...path, 'cost', 'key'];
      const label = (): string => invoiceLabel(ctx, list, index, inv);
      if (meta?.section === 'fuel') {
        report(
          'ERROR',
          at,
          `Die ${label()} ist eine Brennstoffrechnung. Brennstofflieferungen gehören als Lieferung unter den Brennstoff (energysources), nicht unter die Rechnungen.`,
        );
      } else if (!ctx.costTypes.has(key)) {
        report(
          'ERROR',
          at,
          `Die ${label()} hat eine Kostenart, die für diese Liegenschaft nicht vereinbart ist (vereinbart: ${agreed}).`,
        );
      } else if (meta && SECTION_LIST[meta.section] !== list) {
        const right: InvoiceList = SECTION_LIST[meta.section];
        report(
          'ERROR',
          at,
          `Die ${label()} steht in der falschen Liste: ${costLabel(ctx, key)} gehört zu den ${listLabel(right)}en (${right}).`,
        );
      }
    });
  },
};

export const costtypeForbidden: Rule = {
  code: 'COSTTYPE_FORBIDDEN',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      if (!costMeta(inv.cost.key)?.forbidden) return;
      report(
        'ERROR',
        [...path, 'cost', 'key'],
        `Die ${invoiceLabel(ctx, list, index, inv)} verwendet die Sammel-Kostenart ${inv.cost.key}, die nicht übermittelt werden darf. Bitte die Einzelrechnungen (Brennstofflieferungen, Betriebsstrom, Wartung …) mit ihren eigenen Kostenarten melden.`,
      );
    });
  },
};

export const textRequired: Rule = {
  code: 'TEXT_REQUIRED',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      if (!costMeta(inv.cost.key)?.textRequired || (inv.cost.text ?? '').trim() !== '') return;
      report(
        'ERROR',
        [...path, 'cost', 'text'],
        `Bei der ${invoiceLabel(ctx, list, index, inv)} fehlt die Bezeichnung der Kosten. Für die Kostenart ${inv.cost.key} ist ein Freitext Pflicht (z. B. „Legionellenprüfung“).`,
      );
    });
  },
};

export const laborRequired: Rule = {
  code: 'LABOR_REQUIRED',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const tax = inv.taxservicetype === undefined ? undefined : taxMeta(inv.taxservicetype);
      if (!tax?.laborRequired || inv.laborgross !== undefined) return;
      report(
        'ERROR',
        [...path, 'laborgross'],
        `Bei der ${invoiceLabel(ctx, list, index, inv)} ist die Leistungsart ${tax.code} (${tax.label}) angegeben, aber der Lohnanteil brutto fehlt. Er wird für die Bescheinigung nach §35a EStG gebraucht.`,
      );
    });
  },
};

export const laborExceedsGross: Rule = {
  code: 'LABOR_EXCEEDS_GROSS',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const gross = inv.amounts.grossamount;
      if (inv.laborgross === undefined || gross === undefined) return;
      if (compare(abs(money(inv.laborgross)), abs(money(gross))) <= 0) return;
      report(
        'ERROR',
        [...path, 'laborgross'],
        `Bei der ${invoiceLabel(ctx, list, index, inv)} ist der Lohnanteil ${eur(inv.laborgross)} höher als der Bruttobetrag ${eur(gross)}.`,
      );
    });
  },
};

/** Keyed by cost key + invoice date + amount, so 500 invoices cost one map pass. */
export const duplicateInvoice: Rule = {
  code: 'DUPLICATE_INVOICE',
  check(ctx, report) {
    const first = new Map<string, string>();
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const amount = primaryAmount(inv.amounts);
      if (amount === undefined) return;
      const key = `${inv.cost.key}|${inv.invoicedate}|${formatIso(money(amount))}`;
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, `${listLabel(list)} Nr. ${String(index + 1)}`);
        return;
      }
      report(
        'WARNING',
        path,
        `Die ${invoiceLabel(ctx, list, index, inv)} gleicht der ${earlier} in Kostenart, Rechnungsdatum und Betrag. Wurde dieselbe Rechnung doppelt erfasst?`,
      );
    });
  },
};
