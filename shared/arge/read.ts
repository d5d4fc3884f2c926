/**
 * Reads an ARGE file without trusting it: every malformed record is reported with file, line, field and position
 * and left out; nothing a file holds makes the reader throw. Size, record count and issue count are limited, so a
 * hostile or wrong file costs bounded memory and time.
 */
import { decodeLatin9 } from '@shared/arge/codec';
import { parseField } from '@shared/arge/field-format';
import type { ParseProblem } from '@shared/arge/field-format';
import type { RecordSpec, RecordType } from '@shared/arge/fields';
import { RECORDS } from '@shared/arge/tables';
import type { FieldValues } from '@shared/arge/write';

export const ARGE_READ_LIMITS = {
  /** 60,000 M records of 2,050 bytes are 123 MB; no property manager's file comes near. */
  bytes: 128 * 1024 * 1024,
  records: 100_000,
  /** After this many issues the rest of the file is not examined further (one summary issue says so). */
  issues: 200,
};

export type ReadRecord = { line: number; type: RecordType; values: FieldValues };

export type ReadIssueCode =
  | ParseProblem['code']
  | 'ARGE_FILE_TOO_LARGE'
  | 'ARGE_TOO_MANY_RECORDS'
  | 'ARGE_TOO_MANY_ISSUES'
  | 'ARGE_UNKNOWN_RECORD_TYPE'
  | 'ARGE_WRONG_LENGTH'
  | 'ARGE_CUT_OFF'
  | 'ARGE_EMPTY_FILE';

export type ReadIssue = {
  code: ReadIssueCode;
  file: string;
  /** 1-based line; absent for issues of the whole file. */
  line?: number;
  type?: RecordType;
  field?: number;
  fieldName?: string;
  /** 1-based column in the line. */
  position?: number;
  /** Length found and length expected, for ARGE_WRONG_LENGTH and ARGE_CUT_OFF. */
  length?: number;
  expected?: number;
  /** The limit passed, for the size limits. */
  limit?: number;
};

export type ReadResult = { records: ReadRecord[]; issues: ReadIssue[] };

function typeOf(line: string): RecordSpec | undefined {
  const four = line.slice(0, 4);
  if (four === 'E835' || four === 'E898') return RECORDS[four];
  const one = line.slice(0, 1) as RecordType;
  return one in RECORDS && one.length === 1 ? RECORDS[one] : undefined;
}

export function readArgeFile(bytes: Uint8Array, file: string, limits = ARGE_READ_LIMITS): ReadResult {
  const issues: ReadIssue[] = [];
  const records: ReadRecord[] = [];
  if (bytes.length > limits.bytes) return { records, issues: [{ code: 'ARGE_FILE_TOO_LARGE', file, limit: limits.bytes }] };
  let end = bytes.length;
  // A DOS end-of-file mark after the last line is harmless.
  if (end > 0 && bytes[end - 1] === 0x1a) end--;
  if (end === 0) return { records, issues: [{ code: 'ARGE_EMPTY_FILE', file }] };
  const full = (): boolean => {
    if (issues.length < limits.issues) return false;
    issues.push({ code: 'ARGE_TOO_MANY_ISSUES', file, limit: limits.issues });
    return true;
  };
  let start = 0;
  let lineNo = 0;
  while (start < end) {
    lineNo++;
    let lf = bytes.indexOf(0x0a, start);
    const terminated = lf >= 0 && lf < end;
    if (!terminated) lf = end;
    const stop = terminated && lf > start && bytes[lf - 1] === 0x0d ? lf - 1 : lf;
    if (lineNo > limits.records) {
      issues.push({ code: 'ARGE_TOO_MANY_RECORDS', file, line: lineNo, limit: limits.records });
      break;
    }
    const text = decodeLatin9(bytes, start, Math.min(stop, start + 4096));
    const length = stop - start;
    start = lf + 1;
    const spec = typeOf(text);
    if (!spec) {
      issues.push({ code: 'ARGE_UNKNOWN_RECORD_TYPE', file, line: lineNo, position: 1 });
      if (full()) break;
      continue;
    }
    if (length !== spec.length) {
      const cut = !terminated && length < spec.length;
      issues.push({
        code: cut ? 'ARGE_CUT_OFF' : 'ARGE_WRONG_LENGTH',
        file,
        line: lineNo,
        type: spec.type,
        length,
        expected: spec.length,
      });
      if (full()) break;
      continue;
    }
    const values: FieldValues = {};
    let bad = false;
    for (const f of spec.fields) {
      const r = parseField(f, text.slice(f.from - 1, f.from - 1 + f.length));
      if (!r.ok) {
        bad = true;
        issues.push({
          code: r.problem.code,
          file,
          line: lineNo,
          type: spec.type,
          field: f.no,
          fieldName: f.name,
          position: f.from + r.problem.offset,
        });
        if (full()) return { records, issues };
      } else if (r.value !== undefined) values[f.name] = r.value;
    }
    if (!bad) records.push({ line: lineNo, type: spec.type, values });
  }
  return { records, issues };
}
