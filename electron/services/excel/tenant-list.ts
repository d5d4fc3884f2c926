/**
 * A tenant list as ERP systems export it (unit, tenant number, name, move-in, move-out), read through the mapped-sheet
 * importer: header row found by the texts below or given, columns suggested or chosen by letter. Every tenancy row
 * comes back typed; a row that cannot be used is an issue naming sheet, row and column. What the rows change per
 * usage unit is worked out by the screen, which knows the unit's current roles. The tenant number is welcome but not
 * required: many lists have none, and the screen then matches a row by unit, name and period (and says so at the row).
 */
import type { ColumnRef, ImportIssue } from '@shared/domain/excel';
import { type TenantListField, type TenantListResult, type TenantRow } from '@shared/ipc/channels/excel';
import type { FieldSpec } from '@main/services/excel/columns';
import { issueAt } from '@main/services/excel/issues';
import { headerCells, readMappedSheet, type MappedSheet } from '@main/services/excel/mapped-sheet';

const LABELS: Readonly<Record<TenantListField, string>> = {
  residentialunit: 'Nutzeinheit',
  partnerPmnumber: 'Mieternummer',
  name: 'Name',
  firstname: 'Vorname',
  movein: 'Einzug',
  moveout: 'Auszug',
};

const spec = (
  field: TenantListField,
  kind: 'text' | 'date',
  synonyms: string[],
  maxLength?: number,
): FieldSpec<TenantListField> => ({
  field,
  label: LABELS[field],
  kind,
  synonyms,
  ...(maxLength === undefined ? {} : { maxLength }),
});

export const TENANT_LIST_SPECS: readonly FieldSpec<TenantListField>[] = [
  spec(
    'residentialunit',
    'text',
    [
      'Nutzeinheit',
      'NE',
      'NE-Nr.',
      'WE-Nr.',
      'WE',
      'Whg.-Nr.',
      'Wohnung',
      'Wohnungsnummer',
      'Wohnungs-Nr.',
      'Mieteinheit',
      'Einheit',
      'Ordnungsbegriff',
      'Usage unit',
      'Unit',
      'Flat',
    ],
    20,
  ),
  spec(
    'partnerPmnumber',
    'text',
    [
      'Mieternummer',
      'Mieter-Nr.',
      'Mieter Nr',
      'Partnernummer',
      'Partner-Nr.',
      'Personenkonto',
      'Debitor',
      'Tenant number',
      'Tenant no',
      'Partner number',
    ],
    20,
  ),
  spec('name', 'text', ['Name', 'Nachname', 'Mietername', 'Mieter', 'Last name', 'Surname', 'Tenant name'], 70),
  spec('firstname', 'text', ['Vorname', 'First name', 'Given name'], 40),
  spec(
    'movein',
    'date',
    ['Einzug', 'Einzugsdatum', 'Mietbeginn', 'Vertragsbeginn', 'Einzug am', 'Move-in', 'Move in', 'Start'],
    undefined,
  ),
  spec(
    'moveout',
    'date',
    ['Auszug', 'Auszugsdatum', 'Mietende', 'Vertragsende', 'Auszug am', 'Move-out', 'Move out', 'End'],
    undefined,
  ),
];

/** Without these a row says nothing usable; the tenant number is optional (see the file comment). */
const REQUIRED: readonly TenantListField[] = ['residentialunit', 'name', 'movein'];

export type TenantListOptions = {
  sheet?: string;
  headerRow?: number;
  /** Chosen columns by letter; without them the columns are suggested from the header texts. */
  columns?: Partial<Record<TenantListField, string>>;
  /** Without `columns`: the connection's remembered columns, taken when the file has every one of them. */
  preferred?: Partial<Record<TenantListField, ColumnRef>>;
  /** The file's name, for the messages. */
  file?: string;
};

/** Columns chosen by letter as the mapped-sheet reader takes them. */
export function byLetter(columns: Partial<Record<TenantListField, string>>): Partial<Record<TenantListField, ColumnRef>> {
  return Object.fromEntries(Object.entries(columns).flatMap(([f, letter]) => (letter ? [[f, { letter }]] : [])));
}

export async function readTenantList(buffer: Buffer, opts: TenantListOptions = {}): Promise<TenantListResult> {
  const result = await readMappedSheet(buffer, TENANT_LIST_SPECS, {
    required: [],
    ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }),
    ...(opts.headerRow === undefined ? {} : { headerRow: opts.headerRow }),
    ...(opts.file === undefined ? {} : { file: opts.file }),
    ...(opts.columns === undefined
      ? opts.preferred === undefined
        ? {}
        : { preferred: opts.preferred }
      : {
          columns: byLetter(opts.columns),
        }),
  });
  if (!result.ok) return { ok: false, issues: result.issues };
  const { read } = result;
  const columns = Object.fromEntries(read.columns.map((c) => [c.field, c.letter])) as Partial<Record<TenantListField, string>>;
  const head = {
    sheet: read.sheet,
    sheets: read.sheets,
    headerRow: read.headerRow,
    headers: headerCells(read).map(({ letter, text }) => ({ letter, text })),
    columns,
    ...(read.preferredUsed ? { remembered: true as const } : {}),
  };
  const missing = REQUIRED.filter((f) => columns[f] === undefined);
  if (missing.length > 0) {
    const names = missing.map((f) => `„${LABELS[f]}“`).join(', ');
    const issue = issueAt(
      { sheet: read.sheet, row: read.headerRow },
      'COLUMN_MISSING',
      `Es fehlt eine Spalte für ${names}. Bitte die Spalte zuordnen.`,
    );
    return { ok: true, ...head, rows: [], issues: [issue, ...read.issues.all()] };
  }
  const rows: TenantRow[] = [];
  for (const r of read.rows) {
    const row = tenantRow(read, r.row, r.values, r.failed);
    if (row) rows.push(row);
  }
  return { ok: true, ...head, rows, issues: read.issues.all() };
}

function tenantRow(
  read: MappedSheet<TenantListField>,
  row: number,
  values: Partial<Record<TenantListField, string>>,
  failed: ReadonlySet<TenantListField>,
): TenantRow | undefined {
  const problems: ImportIssue[] = [];
  for (const f of REQUIRED) {
    if (failed.has(f)) continue;
    if ((values[f] ?? '').trim() === '') problems.push(issueAt(read.at(row, f), 'REQUIRED', `${LABELS[f]} fehlt.`));
  }
  const movein = values.movein;
  const moveout = values.moveout;
  if (movein !== undefined && moveout !== undefined && moveout !== '' && moveout < movein)
    problems.push(issueAt(read.at(row, 'moveout'), 'INVALID_VALUE', 'Der Auszug liegt vor dem Einzug.'));
  for (const p of problems) read.issues.add(p);
  if (problems.length > 0 || REQUIRED.some((f) => failed.has(f)) || failed.has('moveout')) return undefined;
  const firstname = values.firstname?.trim();
  // A number that did not read (e.g. too long) is no number: the row is matched by name like one without.
  const partnerPmnumber = failed.has('partnerPmnumber') ? '' : (values.partnerPmnumber ?? '').trim();
  return {
    row,
    residentialunit: (values.residentialunit ?? '').trim(),
    ...(partnerPmnumber ? { partnerPmnumber } : {}),
    name: (values.name ?? '').trim(),
    ...(firstname ? { firstname } : {}),
    movein: movein ?? '',
    ...(moveout ? { moveout } : {}),
  };
}
