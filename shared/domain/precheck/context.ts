/**
 * What the pre-check rules share: the message type, reading a value as typed (German or ISO, empty = not given),
 * and walking the draft's amounts, deliveries and invoices with their JSON paths in the MSC's notation.
 */
import { parseDate } from '@shared/domain/dates';
import { parseGermanNumber, type Decimal, type Scale } from '@shared/domain/decimal';
import type { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import * as walk from '@shared/domain/fill-walk';
import { pathText } from '@shared/domain/fill-walk';

export type PrecheckMessage = {
  severity: 'ERROR' | 'WARNING';
  /** Stable code; the renderer's text is `precheck:<code>`. */
  code: string;
  /** JSON path like the MSC's: `energysources[0].deliveries[1].energymix`. */
  path: string;
  /** Dates as ISO `YYYY-MM-DD`, decimals as ISO strings (`95.0`); the renderer formats them for the clerk. */
  params: Record<string, string | number>;
};

export type Report = (
  severity: PrecheckMessage['severity'],
  code: string,
  path: string,
  params?: PrecheckMessage['params'],
) => void;

export type PrecheckContext = { content: DraftContent; template: Template; from: string; to: string };

export type PrecheckRule = (ctx: PrecheckContext, report: Report) => void;

type Sources = NonNullable<DraftContent['energysources']>;
export type DraftEnergySource = Sources[number];
export type DraftDelivery = NonNullable<DraftEnergySource['deliveries']>[number];
export type DraftStock = NonNullable<DraftEnergySource['openingstock']>;
export type DraftInvoice = NonNullable<DraftContent['heatingsysteminvoices']>[number];
export type DraftRecipient = NonNullable<DraftContent['billingrecipients']>[number];
export type DraftAmounts = NonNullable<DraftInvoice['amounts']>;

/** A value the clerk left empty counts as not given. */
export function given(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

/** The exact ISO form per scale (none for whole numbers, which read the same either way). */
const ISO_FORM: readonly (RegExp | undefined)[] = [undefined, /^-?\d+\.\d$/, /^-?\d+\.\d{2}$/, /^-?\d+\.\d{3}$/];

/**
 * The decimal of a draft value, or undefined when empty or not readable (the format rule names that). A value in
 * the exact ISO form of its scale (`412.000` as a quantity) is what the editor stores, presets and imports included,
 * and reads as ISO, as the editor reads it (renderer value-kinds); anything else is read as typed, German or ISO.
 */
export function readDecimal(text: string | undefined, scale: Scale): Decimal | undefined {
  if (!given(text)) return undefined;
  const t = text.trim();
  const r = parseGermanNumber(t, scale, ISO_FORM[scale]?.test(t) === true ? 'iso' : 'auto');
  return r.ok ? r.value : undefined;
}

/** The ISO date the clerk typed (German or ISO), or undefined when empty or not a real day. */
export function readDate(text: string | undefined): string | undefined {
  if (!given(text)) return undefined;
  const r = parseDate(text);
  return r.ok ? r.value : undefined;
}

export { STOCKS, INVOICE_LISTS, PREPAYMENT_KINDS } from '@shared/domain/fill-walk';

// The walk itself is shared with the demo MSC (shared/domain/fill-walk); here it hands the pre-check string paths.
export function eachDelivery(content: DraftContent, fn: (d: DraftDelivery, path: string, source: number) => void): void {
  walk.eachDelivery(content, (d, path, source) => {
    fn(d, pathText(path), source);
  });
}

export function eachInvoice(content: DraftContent, fn: (inv: DraftInvoice, path: string) => void): void {
  walk.eachInvoice(content, (inv, path) => {
    fn(inv, pathText(path));
  });
}

/** Every amounts object of the draft with its path (`…amounts` or `…prepayments.heating`). */
export function eachAmounts(content: DraftContent, fn: (a: DraftAmounts, path: string) => void): void {
  walk.eachAmounts(content, (a, path) => {
    fn(a, pathText(path));
  });
}
