/**
 * What a pasted value becomes in a cell. Numbers and dates are read as the clerk's own (German-first, like typing:
 * `1.234,56` → `1234.56`, `31.12.2025` → `2025-12-31`) and stored in the MSC's form; text that reads as nothing of
 * its kind is kept as pasted for the check to name. Paste strips the spaces Excel adds around a value (the number
 * reader takes off a currency or unit sign, as it does for typing and import) and turns a code table's German label
 * into its code, so a column copied from a bookkeeping export fits.
 */
import { parseDate } from '@shared/domain/dates';
import { isNumeric, typedToIso } from '@renderer/components/grid/value-kinds';
import type { ValueKind } from '@renderer/components/grid/value-kinds';

export type CodeOption = { code: string; label: string };

const TRUE_WORDS = new Set(['ja', 'j', 'x', 'yes', 'y', 'true', 'wahr', '1']);
const FALSE_WORDS = new Set(['', 'nein', 'n', 'no', 'false', 'falsch', '0', '-']);

export function pastedText(kind: ValueKind, raw: string, options: readonly CodeOption[] = []): string | boolean {
  const value = raw.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (kind === 'bool') return TRUE_WORDS.has(value.toLowerCase());
  if (kind === 'code') return codeOf(value, options);
  // The currency sign and the per-cent sign are taken off by the one number reader (parseGermanNumber), not here.
  if (isNumeric(kind) || kind === 'date') return typedToIso(kind, value);
  return value;
}

/** `111`, `111 – Heizöl EL` or `Heizöl EL` (any case) → `111`; anything else is kept for the check to name. */
export function codeOf(value: string, options: readonly CodeOption[]): string {
  if (value === '') return '';
  const lower = value.toLowerCase();
  const exact = options.find((o) => o.code.toLowerCase() === lower);
  if (exact) return exact.code;
  const lead = /^(\S+)\s+[–-]\s+/.exec(value)?.[1];
  const byLead = lead === undefined ? undefined : options.find((o) => o.code === lead);
  if (byLead) return byLead.code;
  const byLabel = options.find((o) => o.label.toLowerCase() === lower);
  return byLabel ? byLabel.code : value;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Whether a pasted text is a value of the column's kind: a number for amounts and quantities, a day for dates, an
 * entry of the code table, yes or no for a flag. A journal pasted with its columns in another order puts dates
 * into the cost type; the grid marks such a cell instead of taking the text silently.
 */
export function fitsKind(kind: ValueKind, raw: string, options: readonly CodeOption[] = []): boolean {
  const value = raw.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (value === '') return true;
  if (kind === 'bool') return TRUE_WORDS.has(value.toLowerCase()) || FALSE_WORDS.has(value.toLowerCase());
  if (kind === 'code') return isCode(codeOf(value, options), options);
  if (kind === 'date') return parseDate(value).ok;
  if (isNumeric(kind)) {
    const read = pastedText(kind, value);
    return typeof read === 'string' && NUMBER.test(read);
  }
  return true;
}

/** A stored code the table knows (empty counts as not yet chosen). */
export const isCode = (value: string, options: readonly CodeOption[]): boolean =>
  value === '' || options.some((o) => o.code === value);
