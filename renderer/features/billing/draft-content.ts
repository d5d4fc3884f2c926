/** The draft as the billing screen uses it: complete or not, merged with imported invoices, and summed up. */
import { costTypeOf, FUELS, labelOf } from '@shared/domain/codes';
import { formatIso, money, sum } from '@shared/domain/decimal';
import type { InvoiceImportResult } from '@shared/domain/excel';
import type { DraftContent } from '@shared/domain/workspace';
import { FilledTemplate } from '@shared/msc/billing-input';
import type { ExpectedVat, Invoice, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

/** The draft as a submission, or null while it is incomplete (typed elsewhere, half done). */
export function asFilled(content: DraftContent | undefined): FilledTemplate | null {
  if (content === undefined) return null;
  const parsed = FilledTemplate.safeParse(content);
  return parsed.success ? parsed.data : null;
}

export function emptyFilled(template: Template): FilledTemplate {
  return {
    currency: template.currency,
    expectedvat: template.expectedvat,
    energysources: [],
    heatingsysteminvoices: [],
    ancillaryinvoices: [],
    billingrecipients: [],
  };
}

type ImportedInvoices = Extract<InvoiceImportResult, { ok: true }>;

/** Adds the clerk's bookkeeping invoices to the draft; fuel invoices become deliveries of their fuel. */
export function addInvoices(base: FilledTemplate, imported: ImportedInvoices): FilledTemplate {
  const energysources = base.energysources.map((s) => ({ ...s, deliveries: [...s.deliveries] }));
  for (const d of imported.deliveries) {
    const source = energysources.find((s) => s.slot === d.slot);
    if (source) source.deliveries.push(d.delivery);
    else energysources.push({ slot: d.slot, fuel: d.fuel, deliveries: [d.delivery] });
  }
  energysources.sort((a, b) => a.slot - b.slot);
  return {
    ...base,
    energysources,
    heatingsysteminvoices: [...base.heatingsysteminvoices, ...imported.heatingsysteminvoices],
    ancillaryinvoices: [...base.ancillaryinvoices, ...imported.ancillaryinvoices],
  };
}

export type OverviewRow = { key: string; what: string; date: string; amount: string | undefined };
export type OverviewSection = { title: string; rows: OverviewRow[]; total: string | undefined };
export type DraftOverview = { amountLabel: string; sections: OverviewSection[]; recipients: number };

/** The amount a clerk compares with the books: gross unless the MSC agreed net amounts only. */
const amountOf = (a: Amounts, vat: ExpectedVat): string | undefined => (vat === 'NET' ? a.netamount : a.grossamount);

function total(values: readonly (string | undefined)[]): string | undefined {
  const present = values.filter((v): v is string => v !== undefined);
  return present.length === 0 ? undefined : formatIso(sum(present.map(money), 2));
}

function invoiceSection(title: string, list: readonly Invoice[], vat: ExpectedVat, template: Template): OverviewSection {
  const rows = list.map((inv, i) => {
    const label = template.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
    const text = inv.cost.text === undefined ? '' : ` · ${inv.cost.text}`;
    return {
      key: String(i),
      what: `${inv.cost.key} ${label}${text}`,
      date: inv.invoicedate,
      amount: amountOf(inv.amounts, vat),
    };
  });
  return { title, rows, total: total(rows.map((r) => r.amount)) };
}

export function draftOverview(filled: FilledTemplate, template: Template): DraftOverview {
  const vat = filled.expectedvat;
  const deliveries = filled.energysources.flatMap((s) =>
    s.deliveries.map((d, i) => ({
      key: `${String(s.slot)}-${String(i)}`,
      what: `${s.fuel} ${labelOf(FUELS, s.fuel)}`,
      date: d.invoicedate,
      amount: amountOf(d.amounts, vat),
    })),
  );
  return {
    amountLabel: vat === 'NET' ? 'Netto' : 'Brutto',
    sections: [
      { title: 'Brennstofflieferungen', rows: deliveries, total: total(deliveries.map((r) => r.amount)) },
      invoiceSection('Heizungsbetriebskosten', filled.heatingsysteminvoices, vat, template),
      invoiceSection('Nebenkosten', filled.ancillaryinvoices, vat, template),
    ],
    recipients: filled.billingrecipients.length,
  };
}
