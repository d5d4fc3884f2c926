/** The draft as the billing screen uses it: complete or not, merged with imported invoices, and summed up (no texts: the screen says them). */
import { costTypeOf } from '@shared/domain/codes';
import { formatIso, money, sum } from '@shared/domain/decimal';
import type { InvoiceImportResult } from '@shared/domain/excel';
import type { DraftContent } from '@shared/domain/workspace';
import { FilledTemplate } from '@shared/msc/billing-input';
import { completeDraft } from '@renderer/features/editor/sections';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import type { ExpectedVat, Invoice, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

const FILLED_KEYS = Object.keys(FilledTemplate.shape);

/**
 * The draft as a submission, or null while it cannot be one (a value that is no number or date). This is the one
 * judgement of a draft, whichever door filled it: the period page and the editor both ask here, so a draft typed in
 * the editor (German values as typed, distribution keys still without a value) is complete on the period page too.
 * Keys the app keeps beside the template (`importedfiles`, `fromprevious`, …) are left out: the MSC's schema is
 * strict. With the template, the draft is completed as the editor shows it: the fuels and recipients the template
 * names and what it presets (calorific values, CO2 property facts) where the draft has none.
 */
export function asFilled(content: DraftContent | undefined, template?: Template): FilledTemplate | null {
  if (content === undefined) return null;
  const own = Object.fromEntries(Object.entries(content).filter(([k]) => FILLED_KEYS.includes(k))) as DraftContent;
  return toFilledTemplate(template ? completeDraft(own, template) : own);
}

/** What the app keeps in a draft beside the template's own fields; an Excel round trip must not lose it. */
export function keptExtras(content: DraftContent | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(content ?? {}).filter(([k]) => !FILLED_KEYS.includes(k)));
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

export type ImportedRows = Pick<ImportedInvoices, 'deliveries' | 'heatingsysteminvoices' | 'ancillaryinvoices'>;
type DraftInvoice = NonNullable<DraftContent['heatingsysteminvoices']>[number];

/**
 * Adds the clerk's bookkeeping invoices to the draft, typed or half-typed as it is; fuel invoices become deliveries
 * of their fuel. An invoice fills a row of its cost type that has neither date nor amount yet (as a draft started
 * from last year has them) before it adds a new one.
 */
export function addInvoices(base: DraftContent, imported: ImportedRows): DraftContent {
  const energysources = (base.energysources ?? []).map((s) => ({ ...s, deliveries: [...(s.deliveries ?? [])] }));
  for (const d of imported.deliveries) {
    const source = energysources.find((s) => s.slot === d.slot);
    if (source) source.deliveries.push(d.delivery);
    else energysources.push({ slot: d.slot, fuel: d.fuel, deliveries: [d.delivery] });
  }
  energysources.sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0));
  return {
    ...base,
    energysources,
    heatingsysteminvoices: fillOrAdd(base.heatingsysteminvoices ?? [], imported.heatingsysteminvoices),
    ancillaryinvoices: fillOrAdd(base.ancillaryinvoices ?? [], imported.ancillaryinvoices),
  };
}

const isPlaceholder = (row: DraftInvoice): boolean =>
  row.invoicedate === undefined && row.amounts?.grossamount === undefined && row.amounts?.netamount === undefined;

function fillOrAdd(rows: readonly DraftInvoice[], added: readonly Invoice[]): DraftInvoice[] {
  const out = [...rows];
  for (const inv of added) {
    const i = out.findIndex((r) => isPlaceholder(r) && r.cost?.key === inv.cost.key);
    const row = out[i];
    if (row) out[i] = { ...row, ...inv, cost: { ...row.cost, ...inv.cost } };
    else out.push(inv);
  }
  return out;
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
