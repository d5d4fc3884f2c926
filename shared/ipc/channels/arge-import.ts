/**
 * Reading ARGE files the MSC sent (docs/arge.md, "In the app"): D, E835 and E898 with the PDFs beside them into
 * a period's results, A files into the units' matching. Files arrive by id (native dialog or browser upload).
 */
import { z } from 'zod';
import { channel, FileRef, OnConnection, OnPeriod } from '@shared/ipc/channel';
import { RECORD_TYPES } from '@shared/arge/fields';
import { FilledTemplate } from '@shared/msc/billing-input';

/** At most this many files per import (D, E835, E898 and the PDFs of a large property pass; more: one by one). */
export const ARGE_IMPORT_MAX_FILES = 500;

/** A finding of an import, at its file and line; the code keys its text in the locales' arge.json (`import.*`). */
export const ArgeImportIssue = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: z.string(),
    file: z.string(),
    line: z.int().optional(),
    type: z.enum(RECORD_TYPES as [string, ...string[]]).optional(),
    field: z.int().optional(),
    fieldName: z.string().optional(),
    position: z.int().optional(),
    length: z.int().optional(),
    expected: z.int().optional(),
    limit: z.int().optional(),
    unit: z.string().optional(),
    criterion: z.string().optional(),
    partner: z.string().optional(),
    name: z.string().optional(),
    unitPm: z.string().optional(),
    currency: z.string().optional(),
    lastDay: z.string().optional(),
    property: z.string().optional(),
    costKey: z.string().optional(),
    path: z.string().optional(),
    first: z.string().optional(),
    second: z.string().optional(),
  })
  .strict();
export type ArgeImportIssue = z.infer<typeof ArgeImportIssue>;

export const ResultFilesOutcome = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      recipients: z.int(),
      documents: z.int(),
      issues: z.array(ArgeImportIssue),
    })
    .strict(),
  z.object({ ok: z.literal(false), issues: z.array(ArgeImportIssue) }).strict(),
]);
export type ResultFilesOutcome = z.infer<typeof ResultFilesOutcome>;

export const CriteriaOutcome = z
  .object({
    /** Per property of the file that this connection has: how many criteria were taken and how they compare. */
    properties: z.array(
      z
        .object({
          billingunit: z.string(),
          matched: z.int(),
          /** Units sent from here that the file does not list. */
          unmatched: z.array(z.string()),
          /** Criteria the file lists that were never sent from here. */
          unknown: z.array(z.string()),
        })
        .strict(),
    ),
    issues: z.array(ArgeImportIssue),
  })
  .strict();
export type CriteriaOutcome = z.infer<typeof CriteriaOutcome>;

const Files = z.array(FileRef).min(1).max(ARGE_IMPORT_MAX_FILES);

export const argeImportChannels = {
  /** Native open dialog for several ARGE files and PDFs (Electron; in the browser the page uploads them). */
  'arge-import:pick': channel(z.object({ kind: z.enum(['results', 'criteria']) }).strict(), z.array(FileRef).nullable()),
  /** D (+ E835, E898, PDFs) into the period's results, stored like an MSC's result and marked as read from files. */
  /**
   * The recipients are the period's binding submission's; without one (a file-exchange connection), `filled`: the
   * period's draft as the editor converts it.
   */
  'arge-import:results': channel(
    z.object({ ...OnPeriod, files: Files, filled: FilledTemplate.optional() }).strict(),
    ResultFilesOutcome,
  ),
  /** A file(s) into the matching of the properties it names, as if the MSC had published it. */
  'arge-import:criteria': channel(z.object({ ...OnConnection, files: Files }).strict(), CriteriaOutcome),
} as const;
