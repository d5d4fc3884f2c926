/**
 * Usage-unit lists (the ERP's units with order criteria, tenants, auxiliary criteria, possibly of several
 * properties). `readUsageUnitRows` serves the import preview: every data row as text per field, problems left in
 * their cells for the clerk to fix there, progress while a large file is read. `importUsageUnits` is the whole
 * import in one call (read, map, check), strict: any problem returns only the issues.
 */
import type { ImportIssue, UsageUnitField, UsageUnitImportResult, UsageUnitMapping } from '@shared/domain/excel';
import { formatGerman, parseDecimal } from '@shared/domain/decimal';
import { buildPreview, isBlocking, type UnitProblem, type UnitValues } from '@shared/domain/unit-rows';
import type { UnitRow, UnitRowsProgress, UnitRowsResult } from '@shared/ipc/channels/excel';
import { USAGE_UNIT_REQUIRED, USAGE_UNIT_SPECS } from '@main/services/excel/field-specs';
import { headerCells, readMappedSheet, type MappedSheet, type ReadOptions } from '@main/services/excel/mapped-sheet';
import { issueAt } from '@main/services/excel/issues';
import { suggestionOf } from '@main/services/excel/mapping-suggest';

type F = UsageUnitField;

export type UsageUnitImportOptions = {
  mapping?: UsageUnitMapping;
  /** Without `mapping`: the connection's remembered columns, taken when the file has every one of them. */
  preferred?: UsageUnitMapping['columns'];
  sheet?: string;
  /** For the messages. */
  file?: string;
  /** While rows are read: how many, and once the first rows, so a page can show them long before the end. */
  onProgress?: (progress: UnitRowsProgress) => void;
};

/** Rows sent ahead with the first progress report. */
export const FIRST_ROWS = 50;

/** Cells that cannot be read as a value stay issues at their cell; the preview keeps them until the clerk edits the cell. */
const CELL_CODES: readonly ImportIssue['code'][] = ['CELL_ERROR', 'FORMULA_NO_RESULT'];

function readOptions(opts: UsageUnitImportOptions, keepText: boolean): ReadOptions<F> {
  const read: ReadOptions<F> = { required: USAGE_UNIT_REQUIRED, keepText };
  const sheet = opts.sheet ?? opts.mapping?.sheet;
  if (sheet !== undefined) read.sheet = sheet;
  if (opts.mapping?.headerRow !== undefined) read.headerRow = opts.mapping.headerRow;
  if (opts.mapping) read.columns = opts.mapping.columns;
  else if (opts.preferred) read.preferred = opts.preferred;
  if (opts.file !== undefined) read.file = opts.file;
  return read;
}

/**
 * A name is sent to the MSC only with its partner number. Many ERP exports list the tenant's name without one:
 * the name is then read as information for the clerk, and the units go out without a tenant, never blocked.
 */
function nameWithoutPartner(read: MappedSheet<F>): void {
  if (read.columns.some((c) => c.field === 'name') && !read.columns.some((c) => c.field === 'partnerPmnumber')) {
    read.issues.add(
      issueAt(
        read.at(read.headerRow, 'name'),
        'COLUMN_MISSING',
        'Ohne Spalte „Partner-Nr.“ (Mieter- oder Personennummer im ERP) ist der Name nur zur Information; die Nutzeinheiten werden ohne Nutzer gesendet.',
        { severity: 'warning' },
      ),
    );
  }
}

const noUnits = (sheet: string): ImportIssue =>
  issueAt({ sheet }, 'SHEET_EMPTY', 'Unter der Kopfzeile stehen keine Nutzeinheiten.');

/** Area as the clerk would type it (`72,50`); dates stay ISO, which the grid shows in the clerk's format. */
function asTyped(field: F, value: string): string {
  if (field !== 'livingarea') return value;
  // The reader gives `72.50`; below 1,000 m² the German form only swaps the separator.
  if (/^\d{1,3}\.\d{2}$/.test(value)) return value.replace('.', ',');
  const d = parseDecimal(value, 2, 'iso');
  return d.ok ? formatGerman(d.value) : value;
}

/** Every data row as text per mapped field; only problems of the whole file fail. */
export async function readUsageUnitRows(buffer: Buffer, opts: UsageUnitImportOptions = {}): Promise<UnitRowsResult> {
  const { onProgress } = opts;
  const rows: UnitRow[] = [];
  let fields: F[] = [];
  const read = readOptions(opts, true);
  // Rows become the contract's arrays as they are read, so a long list is held once, not twice.
  read.onRow = (r, sheet) => {
    if (rows.length === 0) fields = sheet.columns.map((c) => c.field);
    const values: string[] = [];
    for (const f of fields) {
      const v = r.values[f];
      values.push(v === undefined ? '' : asTyped(f, v));
    }
    rows.push({ row: r.row, values });
  };
  if (onProgress) {
    read.onProgress = (sheet) => {
      const progress: UnitRowsProgress = { rowsRead: sheet.rowCount };
      if (sheet.rowsHint !== undefined) progress.rowsTotal = Math.max(0, sheet.rowsHint - sheet.headerRow);
      if (sheet.rowCount <= FIRST_ROWS) progress.first = { fields, rows: rows.slice(0, FIRST_ROWS) };
      onProgress(progress);
    };
  }
  const result = await readMappedSheet(buffer, USAGE_UNIT_SPECS, read);
  if (!result.ok) return result;
  const sheet = result.read;
  const all = sheet.issues.all();
  const fatal = all.filter((i) => i.severity === 'error' && !CELL_CODES.includes(i.code));
  if (fatal.length > 0) return { ok: false, issues: fatal };
  if (rows.length === 0) return { ok: false, issues: [noUnits(sheet.sheet)] };
  return {
    ok: true,
    fields: sheet.columns.map((c) => c.field),
    rows,
    issues: all,
    suggestion: suggestionOf(sheet, 'usage-units'),
    remembered: sheet.preferredUsed,
    summary: {
      sheet: sheet.sheet,
      headerRow: sheet.headerRow,
      rowsImported: rows.length,
      emptyRowsSkipped: sheet.emptyRows,
      lastRow: sheet.lastRow,
      headers: headerCells(sheet),
    },
  };
}

/** Reads a usage-unit list and checks every row; any problem returns no units, only the issues. */
export async function importUsageUnits(buffer: Buffer, opts: UsageUnitImportOptions = {}): Promise<UsageUnitImportResult> {
  const result = await readMappedSheet(buffer, USAGE_UNIT_SPECS, readOptions(opts, false));
  if (!result.ok) return result;
  const { read } = result;
  nameWithoutPartner(read);
  const partnerColumn = read.columns.some((c) => c.field === 'partnerPmnumber');
  // The property column does not decide anything here: all rows count as one list.
  const values: UnitValues[] = read.rows.map((r) => (r.values.billingunit === undefined ? r.values : withoutProperty(r.values)));
  const preview = buildPreview(values, { selected: '-', partnerColumn });
  preview.checks.forEach((check, i) => {
    const r = read.rows[i];
    if (!r) return;
    for (const p of check.problems) {
      // A cell that did not parse has its issue already; its emptiness is no second problem.
      if (r.failed.has(p.field)) continue;
      const first = p.first === undefined ? undefined : read.rows[p.first]?.row;
      const severity = isBlocking(p) ? 'error' : 'warning';
      read.issues.add(issueAt(read.at(r.row, p.field), codeOf(p), germanProblem(p, first), { ...valueOf(p), severity }));
    }
  });
  if (read.issues.hasErrors()) return { ok: false, issues: read.issues.all() };
  const units = preview.groups[0]?.units ?? [];
  if (units.length === 0) return { ok: false, issues: [noUnits(read.sheet)] };
  return {
    ok: true,
    units,
    warnings: read.issues.all(),
    summary: {
      sheet: read.sheet,
      headerRow: read.headerRow,
      rowsImported: units.length,
      emptyRowsSkipped: read.emptyRows,
      lastRow: read.lastRow,
      headers: headerCells(read),
    },
  };
}

function withoutProperty(values: UnitValues): UnitValues {
  const v: UnitValues = {};
  for (const [field, text] of Object.entries(values) as [F, string][]) if (field !== 'billingunit') v[field] = text;
  return v;
}

const valueOf = (p: UnitProblem): { value?: string } => (p.value === undefined ? {} : { value: p.value });

function codeOf(p: UnitProblem): ImportIssue['code'] {
  switch (p.code) {
    case 'required':
      return 'REQUIRED';
    case 'tooLong':
    case 'meterTooLong':
      return 'TOO_LONG';
    case 'duplicate':
      return 'DUPLICATE';
    case 'date':
      return 'NOT_A_DATE';
    default:
      return 'INVALID_VALUE';
  }
}

const REQUIRED: Partial<Record<F, string>> = {
  residentialunitPmnumber: 'Der Ordnungsbegriff fehlt.',
  partnerPmnumber: 'Zum Nutzer fehlt die Partner-Nr.',
  name: 'Zur Partner-Nr. fehlt der Name des Nutzers.',
  billingunit: 'Die Liegenschaft fehlt.',
};

/** The problem as the German sentence every import issue carries. */
function germanProblem(p: UnitProblem, firstRow: number | undefined): string {
  const value = p.value ?? '';
  switch (p.code) {
    case 'required':
      return REQUIRED[p.field] ?? 'Der Wert fehlt.';
    case 'tooLong':
      return `„${value}“ ist ${String(value.length)} Zeichen lang; erlaubt sind höchstens ${String(p.max)}.`;
    case 'mscNumber':
      return p.field === 'residentialunitMscnumber'
        ? `„${value}“ ist keine Nutzer-Nr. des Messdienstes (genau 4 Ziffern).`
        : `„${value}“ ist keine Nutzer-Nr. (genau 4 Ziffern).`;
    case 'area':
      return `Die Wohnfläche ${value.replace('.', ',')} m² ist nicht möglich (0 bis 999.999,99).`;
    case 'date':
      return `„${value}“ ist kein Datum (erwartet z. B. 31.12.2025).`;
    case 'persons':
      return `„${value}“ ist keine Personenzahl (0 bis 99).`;
    case 'meterTooLong':
      return `Die Zählernummer „${value}“ ist länger als ${String(p.max)} Zeichen.`;
    case 'tooManyMeters':
      return `Höchstens ${String(p.max)} Zählernummern je Nutzeinheit.`;
    case 'duplicate':
      return `Der Ordnungsbegriff „${value}“ kommt doppelt vor (schon in Zeile ${String(firstRow)}).`;
    case 'propertyUnknown':
      return `Die Liegenschaft „${value}“ kennt der Messdienst nicht.`;
    case 'unreadable':
      return 'Die Zelle enthält keinen lesbaren Wert.';
    case 'areaUnusual':
      return `Die Wohnfläche ${value} m² ist ungewöhnlich (0 m² oder ab 1.000 m²; vielleicht ein Tausenderpunkt statt Komma). Bitte prüfen.`;
  }
}
