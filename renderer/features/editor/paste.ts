/**
 * What a pasted value becomes in a cell. The draft keeps what the clerk typed or copied (German numbers and dates
 * stay as they are); paste only strips what Excel adds around a value (spaces, currency sign) and turns a code
 * table's German label into its code, so a column copied from a bookkeeping export fits the code cells.
 */
import type { ValueKind } from '@renderer/features/editor/value-kinds';

export type CodeOption = { code: string; label: string };

const TRUE_WORDS = new Set(['ja', 'j', 'x', 'yes', 'y', 'true', 'wahr', '1']);

export function pastedText(kind: ValueKind, raw: string, options: readonly CodeOption[] = []): string | boolean {
  const value = raw.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (kind === 'bool') return TRUE_WORDS.has(value.toLowerCase());
  if (kind === 'money') return value.replace(/\s*(€|EUR)$/i, '').replace(/^(€|EUR)\s*/i, '');
  if (kind === 'share') return value.replace(/\s*%$/, '');
  if (kind === 'code') return codeOf(value, options);
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
