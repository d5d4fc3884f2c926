/**
 * German wording shared by the rules. A clerk must find the item from the message alone, so every
 * label names the concrete values (date, amount, unit number, user) and counts from 1.
 */
import { COST_TYPES, DISTRIBUTION_UNITS, FUELS, TAX_SERVICE_TYPES, labelOf } from '@shared/domain/codes';
import { formatGermanDate } from '@shared/domain/dates';
import { formatGerman, money, quantity } from '@shared/domain/decimal';
import type { Decimal } from '@shared/domain/decimal';
import type { Invoice, RecipientEntry } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
import type { InvoiceList, RuleContext } from '@main/sandbox/rules/context';
import { recipientKey } from '@main/sandbox/rules/context';

type CostMeta = (typeof COST_TYPES)[number];
type FuelMeta = (typeof FUELS)[number];
type TaxMeta = (typeof TAX_SERVICE_TYPES)[number];

const COST_META: ReadonlyMap<string, CostMeta> = new Map(COST_TYPES.map((c) => [c.code, c]));
const FUEL_META: ReadonlyMap<string, FuelMeta> = new Map(FUELS.map((f) => [f.code, f]));
const TAX_META: ReadonlyMap<string, TaxMeta> = new Map(TAX_SERVICE_TYPES.map((t) => [t.code, t]));

export const costMeta = (key: string): CostMeta | undefined => COST_META.get(key);
export const fuelMeta = (code: string): FuelMeta | undefined => FUEL_META.get(code);
export const taxMeta = (code: string): TaxMeta | undefined => TAX_META.get(code);

const UNIT_WORDS: Readonly<Record<string, string>> = { L: 'l', KG: 'kg', KWH: 'kWh', MWH: 'MWh', M3: 'm³' };

export const day = formatGermanDate;

/** The word for a fuel's unit (`l`, `kWh` …): from the template's agreement, else from the code table. */
export function unitOf(ctx: RuleContext, slot: number, fuel: string): string {
  const unit = ctx.fuelsBySlot.get(slot)?.unit ?? fuelMeta(fuel)?.unit ?? '';
  return UNIT_WORDS[unit] ?? unit;
}

export function eur(value: string | Decimal): string {
  return `${formatGerman(typeof value === 'string' ? money(value) : value)} €`;
}

export function qty(value: string, unit?: string): string {
  const text = formatGerman(quantity(value));
  return unit ? `${text} ${UNIT_WORDS[unit] ?? unit}` : text;
}

/** The amount a duplicate or a sum is judged by: gross where given, else net. */
export function primaryAmount(a: Amounts): string | undefined {
  return a.grossamount ?? a.netamount;
}

export function fuelLabel(code: string): string {
  return `${labelOf(FUELS, code)} (${code})`;
}

export function costLabel(ctx: RuleContext, key: string): string {
  const text = ctx.costTypes.get(key)?.text ?? labelOf(COST_TYPES, key);
  return `Kostenart ${key} „${text}“`;
}

/** `3.120,80 €`, or `2.386,64 € netto` when only the net amount is given. */
export function amountText(a: Amounts): string | undefined {
  if (a.grossamount !== undefined) return eur(a.grossamount);
  return a.netamount === undefined ? undefined : `${eur(a.netamount)} netto`;
}

export function distributionKeyLabel(ctx: RuleContext, key: string): string {
  return `${key} (${ctx.distributionKeys.get(key) ?? labelOf(DISTRIBUTION_UNITS, key)})`;
}

export function listLabel(list: InvoiceList): string {
  return list === 'heatingsysteminvoices' ? 'Heizungsnebenkostenrechnung' : 'Nebenkostenrechnung';
}

export function invoiceLabel(ctx: RuleContext, list: InvoiceList, index: number, inv: Invoice): string {
  const amount = amountText(inv.amounts);
  const what = `${costLabel(ctx, inv.cost.key)} vom ${day(inv.invoicedate)}${amount ? ` über ${amount}` : ''}`;
  return `${listLabel(list)} Nr. ${String(index + 1)} (${what})`;
}

export function sourceLabel(ctx: RuleContext, sourceIndex: number): string {
  const src = ctx.submission.energysources[sourceIndex];
  if (!src) return `Brennstoff Nr. ${String(sourceIndex + 1)}`;
  return `${labelOf(FUELS, src.fuel)} (${src.fuel}, Brennstoffplatz ${String(src.slot)})`;
}

export function deliveryLabel(ctx: RuleContext, sourceIndex: number, deliveryIndex: number): string {
  const d = ctx.submission.energysources[sourceIndex]?.deliveries[deliveryIndex];
  const date = d ? ` vom ${day(d.invoicedate)}` : '';
  return `Lieferung Nr. ${String(deliveryIndex + 1)}${date} für ${sourceLabel(ctx, sourceIndex)}`;
}

export function stockLabel(ctx: RuleContext, sourceIndex: number, which: 'openingstock' | 'closingstock'): string {
  return `${which === 'openingstock' ? 'Anfangsbestand' : 'Endbestand'} für ${sourceLabel(ctx, sourceIndex)}`;
}

/** `Nutzer P-1013 (Wagner)` or `Leerstand`. */
export function partnerLabel(ctx: RuleContext, e: RecipientEntry): string {
  if (e.vacancy) return 'Leerstand';
  const name = ctx.templateRecipients.get(recipientKey(e.residentialunitMscnumber, e.partnerPmnumber))?.name;
  return `Nutzer ${e.partnerPmnumber}${name ? ` (${name})` : ''}`;
}

export function recipientLabel(ctx: RuleContext, e: RecipientEntry): string {
  return `Nutzeinheit ${e.residentialunitMscnumber}, ${partnerLabel(ctx, e)}`;
}

export function period(ctx: RuleContext): string {
  return `${day(ctx.from)} bis ${day(ctx.to)}`;
}

/** `a, b, c` or the first `max` items and `… (n weitere)`. */
export function listOf(items: readonly string[], max = 6): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} … (${String(items.length - max)} weitere)`;
}
