/** All record tables by type, and the files each type travels in (docs/arge.md, "Dateien"). */
import type { RecordSpec, RecordType } from '@shared/arge/fields';
import { A_RECORD, L_RECORD, M_RECORD } from '@shared/arge/tables-master';
import { B_RECORD, D_RECORD, K_RECORD } from '@shared/arge/tables-costs';
import { E835_RECORD, E898_RECORD } from '@shared/arge/tables-results';

export const RECORDS: Readonly<Record<RecordType, RecordSpec>> = {
  A: A_RECORD,
  L: L_RECORD,
  M: M_RECORD,
  B: B_RECORD,
  K: K_RECORD,
  D: D_RECORD,
  E835: E835_RECORD,
  E898: E898_RECORD,
};

/** The version we write into field 2. */
export const WRITTEN_VERSION = '03.05';

/** File kinds: the name prefix and the record types a file of that kind holds. */
export const FILE_KINDS = {
  A: { prefix: 'DTA305', types: ['A'] },
  M: { prefix: 'DTM305', types: ['L', 'M'] },
  K: { prefix: 'DTK305', types: ['B', 'K'] },
  D: { prefix: 'DTD305', types: ['D'] },
  E835: { prefix: 'DTE835', types: ['E835'] },
  E898: { prefix: 'DTE898', types: ['E898'] },
} as const satisfies Record<string, { prefix: string; types: readonly RecordType[] }>;
export type FileKind = keyof typeof FILE_KINDS;

/** `DTM305_20260126143005.DAT` for the local time `at` (the standard names no time zone; the clerk's clock is it). */
export function argeFileName(kind: FileKind, at: Date): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const stamp = `${p(at.getFullYear(), 4)}${p(at.getMonth() + 1)}${p(at.getDate())}${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
  return `${FILE_KINDS[kind].prefix}_${stamp}.DAT`;
}
