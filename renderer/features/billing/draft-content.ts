/** The draft as the billing screen uses it: complete or not, merged with imported invoices, and summed up (no texts: the screen says them). */
import { costTypeOf } from '@shared/domain/codes';
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

export type SectionId = 'deliveries' | 'heating' | 'ancillary';
/** One entry: a fuel delivery (`fuel` code) or an invoice (cost key and its text as agreed with the MSC). */
export type OverviewRow = { key: string; code: string; fuel: boolean; text: string; date: string; amount: string | undefined };
export type OverviewSection = { id: SectionId; rows: OverviewRow[]; total: string | undefined };
export type DraftOverview = { net: boolean; currency: string; sections: OverviewSection[]; recipients: number };

/** The amount a clerk compares with the books: gross unless the MSC agreed net amounts only. */
const amountOf = (a: Amounts, vat: ExpectedVat): string | undefined => (vat === 'NET' ? a.netamount : a.grossamount);

function total(values: readonly (string | undefined)[]): string | undefined {
  const present = values.filter((v): v is string => v !== undefined);
  return present.length === 0 ? undefined : formatIso(sum(present.map(money), 2));
}

function invoiceSection(id: SectionId, list: readonly Invoice[], vat: ExpectedVat, template: Template): OverviewSection {
  const rows = list.map((inv, i) => {
    const agreed = template.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
    return {
      key: String(i),
      code: inv.cost.key,
      fuel: false,
      text: inv.cost.text === undefined ? agreed : `${agreed} · ${inv.cost.text}`,
      date: inv.invoicedate,
      amount: amountOf(inv.amounts, vat),
    };
  });
  return { id, rows, total: total(rows.map((r) => r.amount)) };
}

export function draftOverview(filled: FilledTemplate, template: Template): DraftOverview {
  const vat = filled.expectedvat;
  const deliveries = filled.energysources.flatMap((s) =>
    s.deliveries.map((d, i) => ({
      key: `${String(s.slot)}-${String(i)}`,
      code: s.fuel,
      fuel: true,
      text: '',
      date: d.invoicedate,
      amount: amountOf(d.amounts, vat),
    })),
  );
  return {
    net: vat === 'NET',
    currency: filled.currency,
    sections: [
      { id: 'deliveries', rows: deliveries, total: total(deliveries.map((r) => r.amount)) },
      invoiceSection('heating', filled.heatingsysteminvoices, vat, template),
      invoiceSection('ancillary', filled.ancillaryinvoices, vat, template),
    ],
    recipients: filled.billingrecipients.length,
  };
}
