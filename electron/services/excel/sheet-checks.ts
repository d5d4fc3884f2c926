/** Structural problems of a mapped sheet: no header row, merged header cells, merged data cells. */
import type { ImportIssue } from '@shared/domain/excel';
import type { ResolvedColumn } from '@main/services/excel/columns';
import { columnLetter, issueAt } from '@main/services/excel/issues';

export const HEADER_SEARCH_ROWS = 20;

export const corruptSheet = (sheet: string): ImportIssue => ({
  severity: 'error',
  code: 'FILE_CORRUPT',
  message: `Das Tabellenblatt „${sheet}“ lässt sich nicht lesen; die Datei ist beschädigt. Bitte in Excel öffnen und neu als .xlsx speichern.`,
  sheet,
});

/** `mergedHeaders`: merged ranges in rows that look like a header, the likely reason none was found. */
export function headerNotFound(
  sheet: string,
  headerRow: number | undefined,
  lastRow: number,
  mergedHeaders: (Range & { header: string })[],
): ImportIssue[] {
  if (lastRow === 0) {
    return [{ severity: 'error', code: 'SHEET_EMPTY', message: `Das Tabellenblatt „${sheet}“ ist leer.`, sheet }];
  }
  if (mergedHeaders.length > 0) return mergedHeaders.map((m) => mergedHeaderIssue(sheet, m, m.header));
  const where = headerRow === undefined ? `in den ersten ${String(HEADER_SEARCH_ROWS)} Zeilen` : `in Zeile ${String(headerRow)}`;
  return [
    {
      severity: 'error',
      code: 'HEADER_NOT_FOUND',
      message: `Blatt „${sheet}“: ${where} wurde keine Kopfzeile gefunden (mindestens zwei bekannte Spaltenüberschriften wie „Ordnungsbegriff“, „Name“, „Datum“ oder „Betrag“). Bitte die Kopfzeile oder die Spalten zuordnen.`,
      sheet,
    },
  ];
}

export type Range = { top: number; left: number; bottom: number; right: number };

export function mergedHeaderIssue(sheet: string, m: Range, header: string): ImportIssue {
  const cols = `${columnLetter(m.left)}–${columnLetter(m.right)}`;
  return issueAt(
    { sheet, row: m.top, column: columnLetter(m.left), header },
    'HEADER_MERGED',
    `Die Kopfzeile enthält verbundene Zellen (Spalten ${cols}). Bitte die Verbindung aufheben (Start → Verbinden und zentrieren) und jeder Spalte eine eigene Überschrift geben.`,
  );
}

/** Merged cells below the header in a mapped column hide values from every row but the first. */
export function dataMergeIssues(
  sheet: string,
  headerRow: number,
  columns: readonly ResolvedColumn<string>[],
  merges: readonly Range[],
): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const m of merges) {
    if (m.bottom <= headerRow) continue;
    const col = columns.find((c) => c.col >= m.left && c.col <= m.right);
    if (!col) continue;
    issues.push(
      issueAt(
        { sheet, row: Math.max(m.top, headerRow + 1), column: col.letter, header: col.header },
        'MERGED_CELLS',
        `Die Zellen ${columnLetter(m.left)}${String(m.top)}:${columnLetter(m.right)}${String(m.bottom)} sind verbunden. Bitte die Verbindung aufheben und den Wert in jede Zeile schreiben.`,
      ),
    );
  }
  return issues;
}
