/**
 * The small hand-typed table of usage units: rows as typed (German area accepted) and their conversion to
 * SetupResidentialUnit, with an error per row in the clerk's language. Fields a row does not show (tenant,
 * move-in date, …) are kept from the unit it came from, so re-sending with auxiliary criteria loses nothing.
 */
import { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { AuxiliaryCriteria } from '@shared/msc/billing-unit-data';
import { USAGE_UNIT_FIELDS } from '@shared/domain/excel';
import { formatGerman, formatIso, parseDecimal, parseGermanNumber } from '@shared/domain/decimal';
import { unusualArea } from '@shared/domain/unit-rows';
import { germanUnits } from '@renderer/features/units/german';
import type { Translate } from '@renderer/features/units/german';

export type EditRow = {
  key: string;
  pm: string;
  description: string;
  floor: string;
  position: string;
  livingarea: string;
  meternumbers: string;
  /** The unit this row was made from; its other fields are sent unchanged. */
  base?: SetupResidentialUnit;
};

export type EditField = Exclude<keyof EditRow, 'key' | 'base'>;

/** Column order of the typed table; texts are `edit.column.<field>` (and `edit.hint.meternumbers`). */
export const EDIT_COLUMNS: readonly EditField[] = ['pm', 'description', 'floor', 'position', 'livingarea', 'meternumbers'];

let nextKey = 1;
const newKey = (): string => `row-${String(nextKey++)}`;

export function emptyRow(): EditRow {
  return { key: newKey(), pm: '', description: '', floor: '', position: '', livingarea: '', meternumbers: '' };
}

export function rowFromUnit(unit: SetupResidentialUnit): EditRow {
  const aux = unit.auxiliarycriteria ?? {};
  const area = aux.livingarea === undefined ? undefined : parseDecimal(aux.livingarea, 2, 'iso');
  return {
    key: newKey(),
    pm: unit.residentialunitPmnumber,
    description: unit.description ?? '',
    floor: aux.floor ?? '',
    position: aux.position ?? '',
    livingarea: area?.ok ? formatGerman(area.value) : (aux.livingarea ?? ''),
    meternumbers: (aux.meternumbers ?? []).join(', '),
    base: unit,
  };
}

const isBlank = (row: EditRow): boolean =>
  [row.pm, row.description, row.floor, row.position, row.livingarea, row.meternumbers].every((v) => v.trim() === '');

export type RowsCheck = { ok: true; units: SetupResidentialUnit[] } | { ok: false; errors: string[] };

const isUnitField = (key: unknown): key is (typeof USAGE_UNIT_FIELDS)[number] =>
  (USAGE_UNIT_FIELDS as readonly unknown[]).includes(key);

/** Converts the typed rows; blank rows are skipped, every problem is reported with its row number. */
export function rowsToUnits(rows: readonly EditRow[], t: Translate = germanUnits): RowsCheck {
  const errors: string[] = [];
  const units: SetupResidentialUnit[] = [];
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const line = index + 1;
    const built = buildUnit(row);
    if (!built.ok) {
      errors.push(t(`edit.error.${built.error}`, { row: line, value: row.livingarea.trim() }));
      return;
    }
    const parsed = SetupResidentialUnit.safeParse(built.unit);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const last = issue.path.at(-1);
        const field = isUnitField(last) ? t(`excel-mapping:field.${last}`) : t('edit.error.someField');
        const problem =
          issue.code === 'too_big' && issue.origin === 'string'
            ? t('edit.error.tooLong', { max: Number(issue.maximum) })
            : t('edit.error.invalid', { message: issue.message });
        errors.push(t('edit.error.field', { row: line, field, problem }));
      }
      return;
    }
    const pm = parsed.data.residentialunitPmnumber;
    const seen = firstRow.get(pm);
    if (seen !== undefined) {
      errors.push(t('edit.error.duplicate', { row: line, pm, first: seen }));
      return;
    }
    firstRow.set(pm, line);
    units.push(parsed.data);
  });
  if (errors.length === 0 && units.length === 0) errors.push(t('edit.error.none'));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, units };
}

type Built = { ok: true; unit: SetupResidentialUnit } | { ok: false; error: 'pmMissing' | 'area' };

function buildUnit(row: EditRow): Built {
  const pm = row.pm.trim();
  if (pm === '') return { ok: false, error: 'pmMissing' };
  const base: Partial<SetupResidentialUnit> = row.base ?? {};
  const { auxiliarycriteria: baseAux, description: _oldDescription, ...rest } = base;
  const aux: AuxiliaryCriteria = { ...baseAux };
  setText(aux, 'floor', row.floor);
  setText(aux, 'position', row.position);
  const area = row.livingarea.trim();
  if (area === '') delete aux.livingarea;
  else {
    const parsed = parseGermanNumber(area, 2);
    if (!parsed.ok) return { ok: false, error: 'area' };
    aux.livingarea = formatIso(parsed.value);
  }
  const meters = row.meternumbers
    .split(/[,;]/)
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (meters.length > 0) aux.meternumbers = meters;
  else delete aux.meternumbers;
  const unit: SetupResidentialUnit = { ...rest, residentialunitPmnumber: pm };
  const description = row.description.trim();
  if (description !== '') unit.description = description;
  if (Object.keys(aux).length > 0) unit.auxiliarycriteria = aux;
  return { ok: true, unit };
}

function setText(aux: AuxiliaryCriteria, key: 'floor' | 'position', value: string): void {
  const text = value.trim();
  if (text === '') Reflect.deleteProperty(aux, key);
  else aux[key] = text;
}

/**
 * Units whose typed living area is unusual (0 m², or 1.000 m² and more, often a thousands point meant as comma):
 * sent as typed, but named before sending so the clerk decides, as the import does at its row.
 */
export function unusualAreas(units: readonly SetupResidentialUnit[]): { pm: string; area: string }[] {
  return units.flatMap((u) => {
    const area = u.auxiliarycriteria?.livingarea;
    return area !== undefined && unusualArea(area) ? [{ pm: u.residentialunitPmnumber, area }] : [];
  });
}
