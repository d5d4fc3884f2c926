/**
 * Recognising an invoice list read a second time: by the file's SHA-256, which the draft remembers under
 * `importedfiles` (a key the MSC never sees), and row by row: same cost type, date and amount already in the draft.
 */
import { z } from 'zod';
import { parseDate } from '@shared/domain/dates';
import { formatIso, parseGermanNumber } from '@shared/domain/decimal';
import type { DraftContent } from '@shared/domain/workspace';
import type { ImportedRows } from '@renderer/features/billing/draft-content';

export const ImportedFile = z.object({ sha256: z.string(), name: z.string(), at: z.string() });
export type ImportedFile = z.infer<typeof ImportedFile>;

/** The lists read into this draft so far; an entry damaged by hand is ignored rather than failing the import. */
export function importedFilesOf(content: DraftContent | undefined): ImportedFile[] {
  const list = content?.importedfiles;
  if (!Array.isArray(list)) return [];
  return list.flatMap((f) => {
    const parsed = ImportedFile.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

export function earlierImport(content: DraftContent | undefined, sha256: string): ImportedFile | undefined {
  return importedFilesOf(content).findLast((f) => f.sha256 === sha256);
}

export function withImportedFile(content: DraftContent, file: ImportedFile): DraftContent {
  return { ...content, importedfiles: [...importedFilesOf(content), file] };
}

type Row = {
  cost?: { key?: string | undefined } | undefined;
  invoicedate?: string | undefined;
  amounts?: { grossamount?: string | undefined; netamount?: string | undefined } | undefined;
};

/** Typed values may be German (`1.234,5`, `31.12.2025`); imported ones are ISO. Both compare as ISO. */
function same(text: string | undefined, kind: 'date' | 'money'): string {
  if (text === undefined) return '';
  if (kind === 'date') {
    const d = parseDate(text);
    return d.ok ? d.value : text.trim();
  }
  const n = parseGermanNumber(text, 2);
  return n.ok ? formatIso(n.value) : text.trim();
}

const keyOf = (code: string, r: Row): string =>
  [code, same(r.invoicedate, 'date'), same(r.amounts?.grossamount, 'money'), same(r.amounts?.netamount, 'money')].join('|');

/**
 * Splits the imported rows into those not yet in the draft and the number of those that are. Each draft row
 * answers for one imported row, so a list with two equal invoices against a draft holding one adds the second.
 */
export function splitDuplicates(draft: DraftContent, imported: ImportedRows): { fresh: ImportedRows; duplicates: number } {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const r of [...(draft.heatingsysteminvoices ?? []), ...(draft.ancillaryinvoices ?? [])])
    count(keyOf(r.cost?.key ?? '', r));
  for (const s of draft.energysources ?? []) for (const d of s.deliveries ?? []) count(keyOf(`fuel-${String(s.slot)}`, d));
  let duplicates = 0;
  const isNew = (key: string): boolean => {
    const left = counts.get(key) ?? 0;
    if (left === 0) return true;
    counts.set(key, left - 1);
    duplicates++;
    return false;
  };
  const fresh: ImportedRows = {
    heatingsysteminvoices: imported.heatingsysteminvoices.filter((r) => isNew(keyOf(r.cost.key, r))),
    ancillaryinvoices: imported.ancillaryinvoices.filter((r) => isNew(keyOf(r.cost.key, r))),
    deliveries: imported.deliveries.filter((d) => isNew(keyOf(`fuel-${String(d.slot)}`, d.delivery))),
  };
  return { fresh, duplicates };
}

export const rowCount = (rows: ImportedRows): number =>
  rows.heatingsysteminvoices.length + rows.ancillaryinvoices.length + rows.deliveries.length;
