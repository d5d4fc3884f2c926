/**
 * One field's value to its fixed-width text and back. Values are strings: text as is, numbers as decimal strings
 * (`1234.56`, `-0.5`, codes like `011` keep their width), dates ISO (`2025-12-31`), periods as an ISO interval
 * (`2025-01-01/2025-12-31`). A blank field is `undefined`, never zero: the standard tells blank from 0.
 */
import { latin9Byte } from '@shared/arge/codec';
import type { FieldSpec } from '@shared/arge/fields';
import { isIsoDate } from '@shared/domain/dates';

/** Why a value does not fit its field; the codes are the message keys of docs/arge.md and the locales. */
export type FieldProblem =
  | { code: 'ARGE_MISSING' }
  | { code: 'ARGE_TEXT_TOO_LONG'; length: number; max: number }
  | { code: 'ARGE_CHARACTER'; character: string }
  | { code: 'ARGE_NOT_A_NUMBER'; value: string }
  | { code: 'ARGE_TOO_MANY_PLACES'; value: string; places: number }
  | { code: 'ARGE_TOO_LARGE'; value: string; digits: number; places: number }
  | { code: 'ARGE_BAD_DATE'; value: string }
  | { code: 'ARGE_DATE_OUT_OF_RANGE'; value: string };

export type Formatted = { ok: true; text: string } | { ok: false; problem: FieldProblem };

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;
/** TTMMJJ has two year digits; 70–99 read as 19xx, 00–69 as 20xx. */
const PIVOT = 70;

function formatNumber(f: FieldSpec, value: string): Formatted {
  const m = NUMBER.exec(value.trim());
  if (!m) return { ok: false, problem: { code: 'ARGE_NOT_A_NUMBER', value } };
  const [, sign = '', int = '', frac = ''] = m;
  if (frac.length > f.decimals && /[1-9]/.test(frac.slice(f.decimals))) {
    return { ok: false, problem: { code: 'ARGE_TOO_MANY_PLACES', value, places: f.decimals } };
  }
  const digits = (int + frac.padEnd(f.decimals, '0').slice(0, f.decimals)).replace(/^0+(?=\d)/, '');
  const negative = sign === '-' && /[1-9]/.test(digits);
  const room = f.length - (negative ? 1 : 0);
  if (digits.length > room) {
    return { ok: false, problem: { code: 'ARGE_TOO_LARGE', value, digits: f.length - f.decimals, places: f.decimals } };
  }
  return { ok: true, text: (negative ? '-' : '') + digits.padStart(room, '0') };
}

function formatDate(value: string): Formatted {
  if (!isIsoDate(value)) return { ok: false, problem: { code: 'ARGE_BAD_DATE', value } };
  const year = Number(value.slice(0, 4));
  if (year < 1900 + PIVOT || year >= 2000 + PIVOT) return { ok: false, problem: { code: 'ARGE_DATE_OUT_OF_RANGE', value } };
  return { ok: true, text: `${value.slice(8, 10)}${value.slice(5, 7)}${value.slice(2, 4)}` };
}

function formatText(f: FieldSpec, value: string): Formatted {
  const chars = Array.from(value);
  for (const ch of chars) {
    const b = latin9Byte(ch);
    if (b === undefined || b < 0x20 || (b >= 0x7f && b < 0xa0))
      return { ok: false, problem: { code: 'ARGE_CHARACTER', character: ch } };
  }
  if (chars.length > f.length) return { ok: false, problem: { code: 'ARGE_TEXT_TOO_LONG', length: chars.length, max: f.length } };
  return { ok: true, text: value.padEnd(f.length, ' ') };
}

/** The field's text for `value`, exactly `f.length` characters, or why it cannot be written. */
export function formatField(f: FieldSpec, value: string | undefined): Formatted {
  if (f.kind === 'marker') return { ok: true, text: f.marker ?? '' };
  if (f.kind === 'free' || value === undefined || value === '') {
    return f.mandatory && f.kind !== 'free'
      ? { ok: false, problem: { code: 'ARGE_MISSING' } }
      : { ok: true, text: ' '.repeat(f.length) };
  }
  switch (f.kind) {
    case 'text':
      return formatText(f, value);
    case 'number':
      return formatNumber(f, value);
    case 'date':
      return formatDate(value);
    case 'period': {
      const [from = '', to = '', extra] = value.split('/');
      if (extra !== undefined) return { ok: false, problem: { code: 'ARGE_BAD_DATE', value } };
      const a = formatDate(from);
      if (!a.ok) return a;
      const b = formatDate(to);
      return b.ok ? { ok: true, text: a.text + b.text } : b;
    }
  }
}

/** Why a field's text in a file is malformed; `offset` is where inside the field (0-based). */
export type ParseProblem = {
  code: 'ARGE_NOT_NUMERIC' | 'ARGE_BAD_DATE' | 'ARGE_WRONG_MARKER' | 'ARGE_CONTROL_CHARACTER' | 'ARGE_MISSING';
  offset: number;
};

export type Parsed = { ok: true; value: string | undefined } | { ok: false; problem: ParseProblem };

function parseDate(text: string): string | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  const yy = Number(text.slice(4, 6));
  const iso = `${String(yy < PIVOT ? 2000 + yy : 1900 + yy)}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
  return isIsoDate(iso) ? iso : undefined;
}

function parseNumber(f: FieldSpec, text: string): Parsed {
  const bad = /^-?\d+$/.test(text) ? -1 : Array.from(text).findIndex((c, i) => !(/\d/.test(c) || (i === 0 && c === '-')));
  if (bad >= 0 || text === '-') return { ok: false, problem: { code: 'ARGE_NOT_NUMERIC', offset: Math.max(bad, 0) } };
  if (f.decimals === 0) return { ok: true, value: text };
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(f.decimals + 1, '0');
  const int = digits.slice(0, digits.length - f.decimals).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(digits.length - f.decimals);
  const zero = /^0*$/.test(int + frac);
  return { ok: true, value: `${negative && !zero ? '-' : ''}${int}.${frac}` };
}

/** Reads one field's text (exactly `f.length` characters) to its value. */
export function parseField(f: FieldSpec, text: string): Parsed {
  if (f.kind === 'free') return { ok: true, value: undefined };
  if (f.kind === 'marker') {
    return text === f.marker ? { ok: true, value: undefined } : { ok: false, problem: { code: 'ARGE_WRONG_MARKER', offset: 0 } };
  }
  const control = Array.from(text).findIndex((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code < 0xa0);
  });
  if (control >= 0) return { ok: false, problem: { code: 'ARGE_CONTROL_CHARACTER', offset: control } };
  if (text.trim() === '')
    return f.mandatory ? { ok: false, problem: { code: 'ARGE_MISSING', offset: 0 } } : { ok: true, value: undefined };
  switch (f.kind) {
    case 'text':
      return { ok: true, value: text.replace(/ +$/, '') };
    case 'number':
      return parseNumber(f, text);
    case 'date': {
      const d = parseDate(text);
      return d ? { ok: true, value: d } : { ok: false, problem: { code: 'ARGE_BAD_DATE', offset: 0 } };
    }
    case 'period': {
      const a = parseDate(text.slice(0, 6));
      const b = parseDate(text.slice(6, 12));
      if (!a) return { ok: false, problem: { code: 'ARGE_BAD_DATE', offset: 0 } };
      if (!b) return { ok: false, problem: { code: 'ARGE_BAD_DATE', offset: 6 } };
      return { ok: true, value: `${a}/${b}` };
    }
  }
}
