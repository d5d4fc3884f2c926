/** Rules on single invoices (heatingsysteminvoices[] and ancillaryinvoices[]). */
import { compare, formatIso, money } from '@shared/domain/decimal';
import type { Decimal } from '@shared/domain/decimal';
import { ALLOCATIONS, labelOf } from '@shared/domain/codes';
import { FUEL_COST_PLACE, invoiceListFor } from '@shared/domain/precheck/plausibility';
import type { InvoiceList, Rule } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { costLabel, costMeta, eur, invoiceLabel, listLabel, listOf, primaryAmount, taxMeta } from '@main/sandbox/rules/format';

const abs = (d: Decimal): Decimal => (d.units < 0n ? { units: -d.units, scale: d.scale } : d);

/** Where a fuel cost key belongs: table K 200/201/202, or any key the code table files under fuel. */
function fuelPlace(key: string): 'openingstock' | 'deliveries' | 'closingstock' | undefined {
  return FUEL_COST_PLACE[key] ?? (costMeta(key)?.section === 'fuel' ? 'deliveries' : undefined);
}

const FUEL_WORDS = {
  openingstock: ['Anfangsbestand', 'als Anfangsbestand zum Brennstoff: energysources[].openingstock'],
  deliveries: ['Lieferung', 'als Lieferung unter den Brennstoff, mit Menge, Betrag und CO2-Angaben: energysources[].deliveries'],
  closingstock: ['Endbestand', 'als Endbestand zum Brennstoff: energysources[].closingstock'],
} as const;

export const fuelAsInvoice: Rule = {
  code: 'FUEL_AS_INVOICE',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const place = fuelPlace(inv.cost.key);
      if (!place) return;
      const [what, where] = FUEL_WORDS[place];
      report(
        'ERROR',
        [...path, 'cost', 'key'],
        `Die ${invoiceLabel(ctx, list, index, inv)} enthält Brennstoffkosten (Kostenart ${inv.cost.key}: ${what}). Sie gehören nicht zu den Rechnungen, sondern ${where}.`,
      );
    });
  },
};

export const costtypeNotAgreed: Rule = {
  code: 'COSTTYPE_NOT_AGREED',
  check(ctx, report) {
    const agreed = listOf([...ctx.costTypes.keys()], 12) || 'keine';
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const key = inv.cost.key;
      if (fuelPlace(key) || ctx.costTypes.has(key)) return;
      report(
        'ERROR',
        [...path, 'cost', 'key'],
        `Die ${invoiceLabel(ctx, list, index, inv)} hat eine Kostenart, die für diese Liegenschaft nicht vereinbart ist (vereinbart: ${agreed}).`,
      );
    });
  },
};

/** The list follows the template's allocation of the key (E/H/W heating system, K/A/B ancillary). */
export const costtypeWrongList: Rule = {
  code: 'COSTTYPE_WRONG_LIST',
  check(ctx, report) {
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      const agreed = ctx.costTypes.get(inv.cost.key);
      if (!agreed || fuelPlace(inv.cost.key)) return;
      const right: InvoiceList = invoiceListFor(agreed.allocation);
      if (right === list) return;
      report(
        'ERROR',
        [...path, 'cost', 'key'],
        `Die ${invoiceLabel(ctx, list, index, inv)} steht in der falschen Liste: ${costLabel(ctx, inv.cost.key)} ist mit der Umlageart ${agreed.allocation} (${labelOf(ALLOCATIONS, agreed.allocation)}) vereinbart und gehört zu den ${listLabel(right)}en (${right}).`,
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
