/**
 * Header recognition: which column holds which field. Headers are compared after folding case,
 * umlauts, punctuation and bracketed units away, so "Nutzer-Nr.", "Nutzer Nr" and "NUTZERNR (MD)" agree.
 */
import type { ColumnRef } from '@shared/domain/excel';
import { columnLetter, columnNumber } from '@main/services/excel/issues';

export type FieldKind = 'text' | 'money' | 'quantity' | 'area' | 'int' | 'date';

export type FieldSpec<F extends string> = {
  field: F;
  label: string;
  kind: FieldKind;
  /** Header texts that name this field, German and English. */
  synonyms: readonly string[];
  maxLength?: number;
  min?: number;
  max?: number;
};

export type HeaderText = { col: number; letter: string; text: string };

export type ResolvedColumn<F extends string> = { field: F; col: number; letter: string; header: string };

export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

type Match = { exact: boolean; length: number };

function matchSpec<F extends string>(header: string, spec: FieldSpec<F>): Match | undefined {
  const h = normalizeHeader(header);
  if (h === '') return undefined;
  let best: Match | undefined;
  for (const syn of spec.synonyms) {
    const s = normalizeHeader(syn);
    if (h === s) return { exact: true, length: s.length };
    if (s.length >= 4 && h.startsWith(s) && (best === undefined || s.length > best.length))
      best = { exact: false, length: s.length };
  }
  return best;
}

/** True when a header text names any of the fields (used to find the header row). */
export function recognises<F extends string>(text: string, specs: readonly FieldSpec<F>[]): boolean {
  return specs.some((s) => matchSpec(text, s) !== undefined);
}

/** Suggests one column per field: exact header matches first, then the longest prefix match, left to right. */
export function suggestColumns<F extends string>(
  headers: readonly HeaderText[],
  specs: readonly FieldSpec<F>[],
): ResolvedColumn<F>[] {
  const taken = new Set<F>();
  const used = new Set<number>();
  const out: ResolvedColumn<F>[] = [];
  for (const exactPass of [true, false]) {
    for (const h of headers) {
      if (used.has(h.col)) continue;
      let pick: { spec: FieldSpec<F>; m: Match } | undefined;
      for (const spec of specs) {
        if (taken.has(spec.field)) continue;
        const m = matchSpec(h.text, spec);
        if (!m || m.exact !== exactPass) continue;
        if (pick === undefined || m.length > pick.m.length) pick = { spec, m };
      }
      if (pick) {
        taken.add(pick.spec.field);
        used.add(h.col);
        out.push({ field: pick.spec.field, col: h.col, letter: h.letter, header: h.text });
      }
    }
  }
  return out.sort((a, b) => a.col - b.col);
}

export type Resolution<F extends string> = { columns: ResolvedColumn<F>[]; missing: { field: F; ref: ColumnRef }[] };

/** Applies an explicit mapping: letters are taken as they are, header texts are looked up in the header row. */
export function resolveColumns<F extends string>(
  headers: readonly HeaderText[],
  mapping: Partial<Record<F, ColumnRef>>,
): Resolution<F> {
  const columns: ResolvedColumn<F>[] = [];
  const missing: { field: F; ref: ColumnRef }[] = [];
  for (const [field, ref] of Object.entries(mapping) as [F, ColumnRef | undefined][]) {
    if (ref === undefined) continue;
    if ('letter' in ref) {
      const col = columnNumber(ref.letter);
      columns.push({ field, col, letter: columnLetter(col), header: headers.find((h) => h.col === col)?.text ?? '' });
      continue;
    }
    const wanted = normalizeHeader(ref.header);
    const hit =
      headers.find((h) => h.text.trim() === ref.header.trim()) ??
      headers.find((h) => wanted !== '' && normalizeHeader(h.text) === wanted);
    if (hit) columns.push({ field, col: hit.col, letter: hit.letter, header: hit.text });
    else missing.push({ field, ref });
  }
  return { columns: columns.sort((a, b) => a.col - b.col), missing };
}
