/** Writes records by their tables: each field formatted to its width, records joined with CR LF, bytes in 8859-15. */
import { encodeLatin9 } from '@shared/arge/codec';
import { formatField } from '@shared/arge/field-format';
import type { FieldProblem } from '@shared/arge/field-format';
import type { FieldSpec, RecordType } from '@shared/arge/fields';
import { RECORDS, WRITTEN_VERSION } from '@shared/arge/tables';

export type FieldValues = Record<string, string | undefined>;
export type ArgeRecord = { type: RecordType; values: FieldValues };

export type WriteProblem = { field: FieldSpec; problem: FieldProblem };

/** The record's line (without line end), or every field that cannot take its value. */
export function writeRecord(record: ArgeRecord): { ok: true; line: string } | { ok: false; problems: WriteProblem[] } {
  const spec = RECORDS[record.type];
  const known = new Set(spec.fields.map((f) => f.name));
  const unknown = Object.keys(record.values).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new RangeError(`${record.type}-Satz hat kein Feld ${unknown.join(', ')}`);
  const problems: WriteProblem[] = [];
  let line = '';
  for (const f of spec.fields) {
    const value = f.name === 'version' && record.values.version === undefined ? WRITTEN_VERSION : record.values[f.name];
    const r = formatField(f, value);
    if (r.ok) line += r.text;
    else problems.push({ field: f, problem: r.problem });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, line };
}

export class ArgeWriteError extends Error {
  constructor(
    readonly index: number,
    readonly record: ArgeRecord,
    readonly problems: WriteProblem[],
  ) {
    const where = problems.map((p) => `Feld ${String(p.field.no)} (${p.field.label}): ${p.problem.code}`).join('; ');
    super(`${record.type}-Satz ${String(index + 1)}, ${where}`);
  }
}

/** The file's bytes; throws ArgeWriteError naming the first record that cannot be written (check first). */
export function writeArgeFile(records: readonly ArgeRecord[]): Uint8Array {
  const lines = records.map((r, i) => {
    const w = writeRecord(r);
    if (!w.ok) throw new ArgeWriteError(i, r, w.problems);
    return `${w.line}\r\n`;
  });
  return encodeLatin9(lines.join(''));
}
