/**
 * The German sentences for a workbook refused before or while it is read: each names the file, the part or
 * sheet and the limit it passed, so the clerk knows what to change (or that the file is not a real export).
 */
import type { ImportIssue } from '@shared/domain/excel';
import { IMPORT_LIMITS } from '@shared/domain/excel';
import { columnLetter } from '@main/services/excel/issues';
import type { PartProblem } from '@main/services/excel/zip-parts';

export type ListLimits = (typeof IMPORT_LIMITS)['list'];
export type WorkbookLimits = (typeof IMPORT_LIMITS)['workbook'];
export type SheetLimits = ListLimits | WorkbookLimits;

/** A refusal thrown inside the package code and turned into its one issue at the package's edge. */
export class XlsxRefusal extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message);
  }
}

const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const n = (v: number): string => de.format(v);
const megabytes = (bytes: number): string => `${n(Math.ceil(bytes / (1024 * 1024)))} MB`;
const theFile = (file: string | undefined): string => (file === undefined ? 'Die Datei' : `Die Datei „${file}“`);
const RESAVE = 'Bitte die Datei in Excel öffnen und neu als .xlsx speichern.';
const NOT_THAT_BIG =
  'So groß wird keine Liste und keine Erfassungsmappe: Bitte prüfen, ob es die richtige Datei ist, oder nur die benötigten Blätter in eine neue Mappe kopieren und diese einlesen.';

function issue(code: ImportIssue['code'], message: string, sheet?: string): ImportIssue {
  return sheet === undefined ? { severity: 'error', code, message } : { severity: 'error', code, message, sheet };
}

export function partTooLarge(file: string | undefined, part: string, size: number): ImportIssue {
  return issue(
    'FILE_TOO_LARGE',
    `${theFile(file)} ist zu groß zum Einlesen: Der Teil „${part}“ ist entpackt ${megabytes(size)} groß; erlaubt sind höchstens ${megabytes(IMPORT_LIMITS.partBytes)} je Teil. ${NOT_THAT_BIG}`,
  );
}

export function archiveTooLarge(file: string | undefined, total: number): ImportIssue {
  return issue(
    'FILE_TOO_LARGE',
    `${theFile(file)} ist zu groß zum Einlesen: Ihre Teile sind entpackt zusammen ${megabytes(total)} groß; erlaubt sind höchstens ${megabytes(IMPORT_LIMITS.archiveBytes)}. ${NOT_THAT_BIG}`,
  );
}

export function readTooLarge(file: string | undefined, limit: number): ImportIssue {
  return issue(
    'FILE_TOO_LARGE',
    `${theFile(file)} ist zu groß zum Einlesen: Die Blätter, Texte und Formate sind entpackt zusammen größer als ${megabytes(limit)}, mehr ist nicht erlaubt. ${NOT_THAT_BIG}`,
  );
}

/** A part that cannot be unpacked; for a sheet the issue names the sheet as well. */
export function partProblem(file: string | undefined, part: string, problem: PartProblem, sheet?: string): ImportIssue {
  if (problem.kind === 'too-large') return partTooLarge(file, part, problem.size);
  const what = sheet === undefined ? `Der Teil „${part}“` : `Das Tabellenblatt „${sheet}“ (Teil „${part}“)`;
  if (problem.kind === 'method') {
    return issue(
      'FILE_CORRUPT',
      `${theFile(file)} lässt sich nicht lesen: ${what} ist mit einem Verfahren gepackt, das Excel nicht verwendet (Methode ${String(problem.method)}). ${RESAVE}`,
      sheet,
    );
  }
  return issue(
    'FILE_CORRUPT',
    `${theFile(file)} ist beschädigt: ${what} lässt sich nicht entpacken (${problem.why}). ${RESAVE}`,
    sheet,
  );
}

const refused = (file: string | undefined, sheet: string, problem: string): ImportIssue =>
  issue(
    'LIMIT_EXCEEDED',
    `${theFile(file)} lässt sich nicht sicher einlesen: Blatt „${sheet}“ ${problem} Bitte nur die benötigten Zeilen und Spalten in eine neue Mappe kopieren und diese einlesen.`,
    sheet,
  );

export function tooManyRows(file: string | undefined, sheet: string, row: number, limits: SheetLimits): ImportIssue {
  return refused(file, sheet, `reicht bis Zeile ${n(row)}; erlaubt sind höchstens ${n(limits.rows)} Zeilen.`);
}

export function tooManyColumns(file: string | undefined, sheet: string, col: number, limits: SheetLimits): ImportIssue {
  const letter = col <= 16_384 ? `${columnLetter(col)} (${n(col)})` : n(col);
  return refused(file, sheet, `reicht bis Spalte ${letter}; erlaubt sind höchstens ${n(limits.columns)} Spalten.`);
}

export function mergeOutside(file: string | undefined, sheet: string, ref: string, limits: SheetLimits): ImportIssue {
  return refused(
    file,
    sheet,
    `verbindet die Zellen ${ref}; erlaubt sind verbundene Zellen nur bis Zeile ${n(limits.rows)} und bis Spalte ${columnLetter(limits.columns)} (${n(limits.columns)}. Spalte).`,
  );
}

export function tooManyMerges(file: string | undefined, sheet: string, count: number, limits: SheetLimits): ImportIssue {
  return refused(file, sheet, `hat ${n(count)} verbundene Bereiche; erlaubt sind höchstens ${n(limits.mergedRanges)}.`);
}

export function tooManyMergedCells(file: string | undefined, sheet: string, cells: number, limits: WorkbookLimits): ImportIssue {
  return refused(file, sheet, `verbindet zusammen ${n(cells)} Zellen; erlaubt sind höchstens ${n(limits.mergedCells)}.`);
}

export function workerTimedOut(file: string, seconds: number): ImportIssue {
  return issue(
    'LIMIT_EXCEEDED',
    `Das Einlesen der Datei „${file}“ wurde nach ${n(seconds)} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} abgebrochen; länger darf es nicht dauern. Bitte nur die benötigten Zeilen und Spalten in eine neue Mappe kopieren und diese einlesen.`,
  );
}

export function workerOutOfMemory(file: string, heapMb: number): ImportIssue {
  return issue(
    'LIMIT_EXCEEDED',
    `Das Einlesen der Datei „${file}“ wurde abgebrochen: Es hätte mehr als ${n(heapMb)} MB Arbeitsspeicher gebraucht. Bitte nur die benötigten Zeilen und Spalten in eine neue Mappe kopieren und diese einlesen.`,
  );
}

export function workerFailed(file: string): ImportIssue {
  return issue(
    'FILE_CORRUPT',
    `Die Datei „${file}“ lässt sich nicht lesen; sie ist beschädigt oder ungewöhnlich aufgebaut. ${RESAVE}`,
  );
}
