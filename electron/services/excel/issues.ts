/** Import issues as German sentences that say where: sheet, Excel row, column letter and header. */
import type { ImportIssue, ImportIssueCode } from '@shared/domain/excel';

export type Where = { sheet: string; row?: number; column?: string; header?: string };

/** `Blatt „Nutzer“, Zeile 5, Spalte C („Wohnfläche“)` */
export function describeWhere(w: Where): string {
  const parts = [`Blatt „${w.sheet}“`];
  if (w.row !== undefined) parts.push(`Zeile ${String(w.row)}`);
  if (w.column !== undefined) {
    parts.push(w.header !== undefined && w.header !== '' ? `Spalte ${w.column} („${w.header}“)` : `Spalte ${w.column}`);
  }
  return parts.join(', ');
}

export function issueAt(
  w: Where,
  code: ImportIssueCode,
  problem: string,
  opts: { severity?: 'error' | 'warning'; value?: string } = {},
): ImportIssue {
  const issue: ImportIssue = {
    severity: opts.severity ?? 'error',
    code,
    message: `${describeWhere(w)}: ${problem}`,
    sheet: w.sheet,
  };
  if (w.row !== undefined) issue.row = w.row;
  if (w.column !== undefined) issue.column = w.column;
  if (w.header !== undefined) issue.header = w.header;
  if (opts.value !== undefined) issue.value = opts.value;
  return issue;
}

/** Excel column letter of a 1-based column number. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

export function columnNumber(letter: string): number {
  let n = 0;
  for (const ch of letter.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** `B2:D3` → bounds; a single cell is its own range. */
export function decodeRange(ref: string): { top: number; left: number; bottom: number; right: number } | undefined {
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(ref.replace(/\$/g, '').toUpperCase());
  if (!m) return undefined;
  const left = columnNumber(m[1] ?? 'A');
  const top = Number(m[2]);
  const right = m[3] !== undefined ? columnNumber(m[3]) : left;
  const bottom = m[4] !== undefined ? Number(m[4]) : top;
  return { top: Math.min(top, bottom), left: Math.min(left, right), bottom: Math.max(top, bottom), right: Math.max(left, right) };
}

/** Collects issues, errors before warnings, keeping the list readable when a whole column is wrong. */
export class IssueList {
  private readonly errors: ImportIssue[] = [];
  private readonly warnings: ImportIssue[] = [];
  private dropped = 0;
  private errorCount = 0;

  constructor(private readonly limit = 300) {}

  add(issue: ImportIssue): void {
    const list = issue.severity === 'error' ? this.errors : this.warnings;
    if (issue.severity === 'error') this.errorCount++;
    if (list.length < this.limit) list.push(issue);
    else this.dropped++;
  }

  hasErrors(): boolean {
    return this.errorCount > 0;
  }

  /** All issues, with a closing line when some were left out. */
  all(): ImportIssue[] {
    const items = [...byPlace(this.errors), ...byPlace(this.warnings)];
    if (this.dropped === 0) return items;
    return [
      ...items,
      {
        severity: this.hasErrors() ? 'error' : 'warning',
        code: 'TOO_MANY_ISSUES',
        message: `… und ${String(this.dropped)} weitere Meldungen. Bitte zuerst die genannten beheben und erneut einlesen.`,
      },
    ];
  }
}

/** Reading order: sheets as they first appear, file-level issues first, then by row and column. */
function byPlace(issues: readonly ImportIssue[]): ImportIssue[] {
  const sheets: (string | undefined)[] = [];
  for (const i of issues) if (!sheets.includes(i.sheet)) sheets.push(i.sheet);
  const col = (i: ImportIssue): number => (i.column === undefined ? 0 : columnNumber(i.column));
  return [...issues].sort(
    (a, b) => sheets.indexOf(a.sheet) - sheets.indexOf(b.sheet) || (a.row ?? 0) - (b.row ?? 0) || col(a) - col(b),
  );
}
