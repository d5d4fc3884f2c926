/** Usage-unit list (the ERP's units with order criteria, tenants and auxiliary criteria) → SetupResidentialUnit[]. */
import type { UsageUnitField, UsageUnitImportResult, UsageUnitMapping } from '@shared/domain/excel';
import type { AuxiliaryCriteria, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { USAGE_UNIT_REQUIRED, USAGE_UNIT_SPECS } from '@main/services/excel/field-specs';
import { headerCells, readMappedSheet, type MappedRow, type MappedSheet } from '@main/services/excel/mapped-sheet';
import { issueAt } from '@main/services/excel/issues';

type F = UsageUnitField;

export type UsageUnitImportOptions = { mapping?: UsageUnitMapping; sheet?: string; /** For the messages. */ file?: string };

/** Reads a usage-unit list; any error returns no units, only the issues. */
export async function importUsageUnits(buffer: Buffer, opts: UsageUnitImportOptions = {}): Promise<UsageUnitImportResult> {
  const readOpts: Parameters<typeof readMappedSheet<F>>[2] = { required: USAGE_UNIT_REQUIRED };
  const sheet = opts.sheet ?? opts.mapping?.sheet;
  if (sheet !== undefined) readOpts.sheet = sheet;
  if (opts.mapping?.headerRow !== undefined) readOpts.headerRow = opts.mapping.headerRow;
  if (opts.mapping) readOpts.columns = opts.mapping.columns;
  if (opts.file !== undefined) readOpts.file = opts.file;
  const result = await readMappedSheet(buffer, USAGE_UNIT_SPECS, readOpts);
  if (!result.ok) return result;
  const { read } = result;
  if (read.columns.some((c) => c.field === 'name') && !read.columns.some((c) => c.field === 'partnerPmnumber')) {
    read.issues.add(
      issueAt(
        read.at(read.headerRow, 'name'),
        'COLUMN_MISSING',
        'Zum Namen des Nutzers fehlt die Spalte „Partner-Nr.“ (Mieter- oder Personennummer im ERP). Bitte zuordnen oder die Spalte Name abwählen.',
      ),
    );
  }
  const units: SetupResidentialUnit[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of read.rows) {
    const unit = buildUnit(r, read);
    if (!unit) continue;
    const first = firstRowOf.get(unit.residentialunitPmnumber);
    if (first !== undefined) {
      read.issues.add(
        issueAt(
          read.at(r.row, 'residentialunitPmnumber'),
          'DUPLICATE',
          `Der Ordnungsbegriff „${unit.residentialunitPmnumber}“ kommt doppelt vor (schon in Zeile ${String(first)}).`,
          { value: unit.residentialunitPmnumber },
        ),
      );
      continue;
    }
    firstRowOf.set(unit.residentialunitPmnumber, r.row);
    units.push(unit);
  }
  if (read.issues.hasErrors()) return { ok: false, issues: read.issues.all() };
  if (units.length === 0) {
    return {
      ok: false,
      issues: [issueAt({ sheet: read.sheet }, 'SHEET_EMPTY', 'Unter der Kopfzeile stehen keine Nutzeinheiten.')],
    };
  }
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

/** Excel drops leading zeros of numeric cells: `7` in a Nutzer-Nr. column means `0007`. */
function mscNumber(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return /^\d{1,4}$/.test(text) ? text.padStart(4, '0') : text;
}

function buildUnit(r: MappedRow<F>, read: MappedSheet<F>): SetupResidentialUnit | undefined {
  const v = r.values;
  const problem = (field: F, code: 'REQUIRED' | 'INVALID_VALUE' | 'TOO_LONG', text: string): void => {
    read.issues.add(issueAt(read.at(r.row, field), code, text, v[field] === undefined ? {} : { value: v[field] }));
  };
  if (v.residentialunitPmnumber === undefined) {
    if (!r.failed.has('residentialunitPmnumber')) problem('residentialunitPmnumber', 'REQUIRED', 'Der Ordnungsbegriff fehlt.');
    return undefined;
  }
  const unit: SetupResidentialUnit = { residentialunitPmnumber: v.residentialunitPmnumber };
  const msc = mscNumber(v.residentialunitMscnumber);
  if (msc !== undefined) {
    if (/^\d{4}$/.test(msc)) unit.residentialunitMscnumber = msc;
    else
      problem('residentialunitMscnumber', 'INVALID_VALUE', `„${msc}“ ist keine Nutzer-Nr. des Messdienstes (genau 4 Ziffern).`);
  }
  if (v.description !== undefined) unit.description = v.description;
  if (v.validfrom !== undefined) unit.validfrom = v.validfrom;
  if (v.partnerPmnumber !== undefined || v.name !== undefined || v.firstname !== undefined) {
    if (
      v.partnerPmnumber === undefined &&
      !r.failed.has('partnerPmnumber') &&
      read.columns.some((c) => c.field === 'partnerPmnumber')
    ) {
      problem('partnerPmnumber', 'REQUIRED', 'Zum Nutzer fehlt die Partner-Nr.');
    }
    if (v.name === undefined && !r.failed.has('name')) problem('name', 'REQUIRED', 'Zur Partner-Nr. fehlt der Name des Nutzers.');
    if (v.partnerPmnumber !== undefined && v.name !== undefined) {
      unit.currentbillingrecipient = { partnerPmnumber: v.partnerPmnumber, name: v.name };
      if (v.firstname !== undefined) unit.currentbillingrecipient.firstname = v.firstname;
    }
  }
  const aux: AuxiliaryCriteria = {};
  if (v.floor !== undefined) aux.floor = v.floor;
  if (v.position !== undefined) aux.position = v.position;
  if (v.livingarea !== undefined) {
    // AreaString: 0 to 999999.99 m²
    if (v.livingarea.startsWith('-') || v.livingarea.length > 9) {
      problem(
        'livingarea',
        'INVALID_VALUE',
        `Die Wohnfläche ${v.livingarea.replace('.', ',')} m² ist nicht möglich (0 bis 999.999,99).`,
      );
    } else aux.livingarea = v.livingarea;
  }
  if (v.persons !== undefined) aux.persons = Number(v.persons);
  if (v.meternumbers !== undefined) {
    const meters = v.meternumbers
      .split(/[;,\n]+/)
      .map((m) => m.trim())
      .filter((m) => m !== '');
    const long = meters.find((m) => m.length > 20);
    if (long !== undefined) problem('meternumbers', 'TOO_LONG', `Die Zählernummer „${long}“ ist länger als 20 Zeichen.`);
    else if (meters.length > 20) problem('meternumbers', 'INVALID_VALUE', 'Höchstens 20 Zählernummern je Nutzeinheit.');
    else aux.meternumbers = meters;
  }
  const prev = mscNumber(v.previousresidentialunitMscnumber);
  if (prev !== undefined) {
    if (/^\d{4}$/.test(prev)) aux.previousresidentialunitMscnumber = prev;
    else problem('previousresidentialunitMscnumber', 'INVALID_VALUE', `„${prev}“ ist keine Nutzer-Nr. (genau 4 Ziffern).`);
  }
  if (v.note !== undefined) aux.note = v.note;
  if (Object.keys(aux).length > 0) unit.auxiliarycriteria = aux;
  return unit;
}
