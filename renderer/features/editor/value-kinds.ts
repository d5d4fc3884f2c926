/**
 * What a cell holds, decided by its field: the draft keeps every value as typed (German or ISO), and only the
 * conversion for a check or a submission turns it into the MSC's form (ISO, fixed places).
 */
import { formatIso, parseDecimal } from '@shared/domain/decimal';
import type { Scale } from '@shared/domain/decimal';
import { parseDate } from '@shared/domain/dates';

export type ValueKind = 'text' | 'money' | 'quantity' | 'share' | 'allocation' | 'factor' | 'date' | 'code' | 'bool' | 'mix';

const LAST: Record<string, ValueKind> = {
  invoicedate: 'date',
  date: 'date',
  validfrom: 'date',
  validto: 'date',
  grossamount: 'money',
  netamount: 'money',
  costgross: 'money',
  laborgross: 'money',
  quantity: 'quantity',
  emissionkg: 'quantity',
  share: 'share',
  emissionfactor: 'factor',
  key: 'code',
  allocationkey: 'code',
  taxservicetype: 'code',
  source: 'code',
  fuel: 'code',
  vacancy: 'bool',
  energymix: 'mix',
};

export function kindOfField(field: string): ValueKind {
  if (field.startsWith('allocations.')) return 'allocation';
  return LAST[field.slice(field.lastIndexOf('.') + 1)] ?? 'text';
}

export const isNumeric = (k: ValueKind): boolean =>
  k === 'money' || k === 'quantity' || k === 'share' || k === 'allocation' || k === 'factor';

const SCALE: Partial<Record<ValueKind, Scale>> = { money: 2, quantity: 3, share: 1, allocation: 3 };

/** A typed value in the MSC's form, or the text unchanged when it cannot be read (the check then names it). */
export function toIso(kind: ValueKind, text: string): string {
  const t = text.trim();
  if (kind === 'date') {
    const d = parseDate(t);
    return d.ok ? d.value : t;
  }
  if (kind === 'factor') {
    const plain = t.replace(/\s/g, '');
    return /^\d+,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
  }
  const scale = SCALE[kind];
  if (scale === undefined) return t;
  const parsed = parseDecimal(t.replace(/\s*(€|EUR|%)$/i, ''), scale);
  if (!parsed.ok) return t;
  const iso = formatIso(parsed.value);
  // Distribution values allow up to three places; trailing zeros are noise there.
  return kind === 'allocation' && iso.includes('.') ? iso.replace(/0+$/, '').replace(/\.$/, '') : iso;
}
