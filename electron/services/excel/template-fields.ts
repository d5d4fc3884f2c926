/**
 * Reading one row of the Erfassungsmappe into draft values, leniently: the draft may be half-filled, so a value that
 * is missing or cannot be read is a warning, not a reason to refuse the workbook. Unreadable text is kept as the
 * clerk wrote it (the editor's pre-check shows it at its cell). Only what leaves a row without a place in the draft
 * (a fuel slot, a user's number) or without any value (a formula without result) is an error.
 */
import { cellText, leadingCode, parseBoolCell, parseIntCell, type Cell } from '@main/services/excel/cell-values';
import { issueAt, type IssueList } from '@main/services/excel/issues';
import type { TableRow } from '@main/services/excel/table-sheet';
import type { ColKind } from '@main/services/excel/template-layout';
import { readTyped } from '@main/services/excel/template-values';

const KEPT = 'so übernommen; bitte noch korrigieren';

export class DraftFields {
  /** A value of this row is unusable: the row is left out and the workbook refused. */
  failed = false;

  constructor(
    private readonly r: TableRow,
    private readonly issues: IssueList,
  ) {}

  /** The cell, or undefined when empty; a cell without a value (formula without result, #DIV/0!) is an error. */
  private cell(key: string): Exclude<Cell, { kind: 'problem' }> | undefined {
    const c = this.r.cell(key);
    if (c.kind === 'empty') return undefined;
    if (c.kind === 'problem') {
      this.failed = true;
      this.issues.add(issueAt(this.r.where(key), c.code, c.problem));
      return undefined;
    }
    return c;
  }

  /** A value of `kind` in the MSC's form; text that reads as nothing of that kind is kept and named. */
  typed(key: string, kind: ColKind): string | undefined {
    const c = this.cell(key);
    if (c === undefined) return undefined;
    const read = readTyped(kind, c);
    if (read.ok) return read.value;
    this.issues.add(
      issueAt(this.r.where(key), read.code, `${read.problem}; ${KEPT}`, { severity: 'warning', value: cellText(c) }),
    );
    return cellText(c);
  }

  text = (key: string): string | undefined => this.typed(key, 'text');
  money = (key: string): string | undefined => this.typed(key, 'money');
  quantity = (key: string): string | undefined => this.typed(key, 'quantity');
  share = (key: string): string | undefined => this.typed(key, 'share');
  date = (key: string): string | undefined => this.typed(key, 'date');
  /** Distribution values and emission factors: up to three places, trailing zeros dropped. */
  variable = (key: string): string | undefined => this.typed(key, 'alloc');

  /** A code from a dropdown cell (`221 – Wartung` → `221`); another text is kept and named. */
  code(key: string, allowed: readonly string[], what: string): string | undefined {
    const c = this.cell(key);
    if (c === undefined) return undefined;
    const text = cellText(c);
    const code = leadingCode(text);
    if (allowed.includes(code)) return code;
    this.issues.add(
      issueAt(this.r.where(key), 'INVALID_VALUE', `„${text}“ ist kein bekannter Code für ${what}; ${KEPT}`, {
        severity: 'warning',
        value: text,
      }),
    );
    return text;
  }

  /** Yes/no; the draft has no place for other text, so that is an error. */
  bool(key: string): boolean | undefined {
    return this.strict(
      key,
      (c) => parseBoolCell(c),
      (v) => v === 'true',
    );
  }

  int(key: string, min: number, max: number): number | undefined {
    return this.strict(key, (c) => parseIntCell(c, min, max), Number);
  }

  private strict<T>(key: string, parse: (c: Cell) => ReturnType<typeof parseBoolCell>, to: (v: string) => T): T | undefined {
    const c = this.cell(key);
    if (c === undefined) return undefined;
    const p = parse(c);
    if (p.ok) return to(p.value);
    this.failed = true;
    this.issues.add(issueAt(this.r.where(key), p.code, p.problem, { value: cellText(c) }));
    return undefined;
  }

  /** A value the submission needs and the clerk has still to fill: named, the row kept. */
  expect(key: string, value: unknown, what: string): void {
    if (value === undefined && this.r.cell(key).kind === 'empty') {
      this.issues.add(issueAt(this.r.where(key), 'REQUIRED', `${what} fehlt noch.`, { severity: 'warning' }));
    }
  }

  /** A value without which the row has no place in the draft: an error. */
  need<T>(key: string, value: T | undefined, what: string): value is T {
    if (value !== undefined) return true;
    if (this.r.cell(key).kind === 'empty') {
      this.failed = true;
      this.issues.add(issueAt(this.r.where(key), 'REQUIRED', `${what} fehlt.`));
    }
    return false;
  }
}
