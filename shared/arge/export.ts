/**
 * The check before writing and the export itself: every record of the draft is tried against its table; what does
 * not fit (a text longer than the field, a value beyond its digits, a character 8859-15 lacks, a missing mandatory
 * value) is an error at the field and place, what has no field at all is a warning. Files are produced only when no
 * error is left.
 */
import type { FieldProblem } from '@shared/arge/field-format';
import type { RecordType } from '@shared/arge/fields';
import { draftToRecords } from '@shared/arge/from-draft';
import type { ExportOptions, NotCarried, Place, PlacedRecord } from '@shared/arge/from-draft';
import { argeFileName } from '@shared/arge/tables';
import { writeArgeFile, writeRecord } from '@shared/arge/write';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';

export type ExportIssue =
  | {
      severity: 'error';
      place: Place;
      record: RecordType;
      field: number;
      fieldName: string;
      value?: string;
      /** The distribution key whose value it is, for M fields 37, 39, 41. */
      key?: string;
      problem: FieldProblem;
    }
  | { severity: 'error'; code: 'ARGE_CUSTOMER_NUMBER' | 'ARGE_MSC_KEY'; value: string }
  | ({ severity: 'warning' } & NotCarried);

export type ExportFile = { name: string; bytes: Uint8Array; records: number; kind: 'M' | 'K' };

export type ExportResult = { ok: true; files: ExportFile[]; issues: ExportIssue[] } | { ok: false; issues: ExportIssue[] };

const OPTION_FIELDS = new Set(['customerNumber', 'mscKey']);

function recordIssues(placed: readonly PlacedRecord[]): ExportIssue[] {
  const out: ExportIssue[] = [];
  for (const { record, place } of placed) {
    const w = writeRecord(record);
    if (w.ok) continue;
    for (const { field, problem } of w.problems) {
      // The customer number and MSC key stand in every record; they are named once, for the whole export.
      if (OPTION_FIELDS.has(field.name)) continue;
      const issue: ExportIssue = {
        severity: 'error',
        place,
        record: record.type,
        field: field.no,
        fieldName: field.name,
        problem,
      };
      const value = record.values[field.name];
      if (value !== undefined) issue.value = value;
      const slot = /^allocationShare(\d)$/.exec(field.name)?.[1];
      const key = slot === undefined ? undefined : record.values[`allocationKey${slot}`];
      if (key !== undefined) issue.key = key;
      out.push(issue);
    }
  }
  return out;
}

/** Everything the records cannot carry, errors first; an empty list means the export writes everything. */
export function checkDraftForArge(template: Template, fill: FilledTemplate, opts: ExportOptions): ExportIssue[] {
  const records = draftToRecords(template, fill, opts);
  const issues: ExportIssue[] = [];
  if (!/^\d{1,10}$/.test(opts.customerNumber))
    issues.push({ severity: 'error', code: 'ARGE_CUSTOMER_NUMBER', value: opts.customerNumber });
  if (opts.mscKey !== undefined && !/^\d{2}$/.test(opts.mscKey))
    issues.push({ severity: 'error', code: 'ARGE_MSC_KEY', value: opts.mscKey });
  issues.push(...recordIssues(records.property), ...recordIssues(records.costs));
  issues.push(...records.notCarried.map((n): ExportIssue => ({ severity: 'warning', ...n })));
  return issues;
}

/** The DTM (L + M) and DTK (B + K) files of the draft, named for `at`; refused while the check finds an error. */
export function exportDraftToArge(template: Template, fill: FilledTemplate, opts: ExportOptions, at: Date): ExportResult {
  const issues = checkDraftForArge(template, fill, opts);
  if (issues.some((i) => i.severity === 'error')) return { ok: false, issues };
  const { property, costs } = draftToRecords(template, fill, opts);
  const file = (kind: 'M' | 'K', placed: PlacedRecord[]): ExportFile => ({
    kind,
    name: argeFileName(kind, at),
    bytes: writeArgeFile(placed.map((p) => p.record)),
    records: placed.length,
  });
  return { ok: true, files: [file('M', property), file('K', costs)], issues };
}
