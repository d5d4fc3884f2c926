/**
 * Rows of a usage-unit list as the clerk sees them in the import preview: text per field, as read from the file
 * or as typed into the grid. Here they become SetupResidentialUnit with one problem per cell, duplicates are found
 * per property and the rows are grouped by the property they name. The same functions run in the import worker,
 * in the renderer after every edit and in the benchmark, so the preview and what is sent never disagree.
 */
import type { UsageUnitField } from '@shared/domain/excel';
import { parseDate } from '@shared/domain/dates';
import { formatIso, parseGermanNumber } from '@shared/domain/decimal';
import type { AuxiliaryCriteria, SetupResidentialUnit } from '@shared/msc/billing-unit-data';

export type UnitValues = Partial<Record<UsageUnitField, string>>;

export type UnitProblemCode =
  | 'required'
  | 'tooLong'
  | 'mscNumber'
  | 'area'
  | 'date'
  | 'persons'
  | 'meterTooLong'
  | 'tooManyMeters'
  | 'duplicate'
  | 'propertyUnknown'
  | 'unreadable'
  /** A remark, not an error: 0 m² or 1.000 m² and more (often a thousands separator typed as decimal point). */
  | 'areaUnusual';

/** One problem at one cell; `first` is the index of the row a duplicate repeats. */
export type UnitProblem = { field: UsageUnitField; code: UnitProblemCode; value?: string; max?: number; first?: number };

export type RowCheck = { unit?: SetupResidentialUnit; problems: readonly UnitProblem[] };

/** Longest text the MSC takes per field (SetupResidentialUnit). */
export const MAX_LENGTH: Partial<Record<UsageUnitField, number>> = {
  residentialunitPmnumber: 20,
  description: 20,
  partnerPmnumber: 20,
  name: 35,
  firstname: 35,
  floor: 10,
  position: 20,
  note: 200,
};

const LENGTH_LIMITS = Object.entries(MAX_LENGTH) as [UsageUnitField, number][];
const MAX_METERS = 20;
const MAX_METER_LENGTH = 20;
const MAX_AREA = 999_999.99;
/** Up to six digits (so within MAX_AREA), with at most two decimal places after a comma or a point. */
const PLAIN_AREA = /^(\d{1,6})(?:[,.](\d{1,2}))?$/;

/** Excel drops leading zeros of numeric cells: `7` in a Nutzer-Nr. column means `0007`. */
const mscNumber = (text: string): string => (/^\d{1,4}$/.test(text) ? text.padStart(4, '0') : text);

const clean = (v: string | undefined): string | undefined => {
  const t = v?.trim();
  return t === undefined || t === '' ? undefined : t;
};

/** 0 m², or 1.000 m² and more for one unit: possible, but often `1.234,50` meant as 1,2345 or a missing value. */
export const unusualArea = (iso: string): boolean => {
  const whole = Number(iso.split('.')[0]);
  return whole >= 1000 || /^0(\.0+)?$/.test(iso);
};

/** Meter numbers as the clerk lists them in one cell: separated by semicolons, commas or line breaks. */
export const splitMeters = (text: string): string[] =>
  text
    .split(/[;,\n]+/)
    .map((m) => m.trim())
    .filter((m) => m !== '');

/** Problems that keep a row from being sent; the others are remarks for the clerk (the row is sent). */
export const isBlocking = (p: UnitProblem): boolean => p.code !== 'propertyUnknown' && p.code !== 'areaUnusual';

/** One row → unit, every problem at its cell. `partnerColumn`: the list has a partner number column at all. */
const NO_PROBLEMS: readonly UnitProblem[] = Object.freeze([]);

export function checkUnitValues(values: UnitValues, partnerColumn: boolean): RowCheck {
  // Plain functions over `values` and `problems` rather than closures: this runs for every row of a large list.
  const problems: UnitProblem[] = [];
  for (const [field, max] of LENGTH_LIMITS) {
    const text = clean(values[field]);
    if (text !== undefined && text.length > max) problems.push({ field, code: 'tooLong', value: text, max });
  }
  const pm = clean(values.residentialunitPmnumber);
  if (pm === undefined) problems.push({ field: 'residentialunitPmnumber', code: 'required' });
  const unit: SetupResidentialUnit = { residentialunitPmnumber: pm ?? '' };
  const msc = clean(values.residentialunitMscnumber);
  if (msc !== undefined) {
    if (/^\d{4}$/.test(mscNumber(msc))) unit.residentialunitMscnumber = mscNumber(msc);
    else problems.push({ field: 'residentialunitMscnumber', code: 'mscNumber', value: msc });
  }
  const description = clean(values.description);
  if (description !== undefined) unit.description = description;
  const validfrom = clean(values.validfrom);
  if (validfrom !== undefined) {
    const d = parseDate(validfrom);
    if (d.ok) unit.validfrom = d.value;
    else problems.push({ field: 'validfrom', code: 'date', value: validfrom });
  }
  const partner = clean(values.partnerPmnumber);
  const name = clean(values.name);
  const firstname = clean(values.firstname);
  if (partner !== undefined || name !== undefined || firstname !== undefined) {
    if (partner === undefined && partnerColumn) problems.push({ field: 'partnerPmnumber', code: 'required' });
    if (name === undefined) problems.push({ field: 'name', code: 'required' });
    if (partner !== undefined && name !== undefined) {
      unit.currentbillingrecipient = { partnerPmnumber: partner, name };
      if (firstname !== undefined) unit.currentbillingrecipient.firstname = firstname;
    }
  }
  const aux = auxiliary(values, problems);
  if (aux !== undefined) unit.auxiliarycriteria = aux;
  if (problems.length === 0) return { unit, problems: NO_PROBLEMS };
  return problems.some(isBlocking) ? { problems } : { unit, problems };
}

/** The auxiliary criteria of a row, undefined when it has none; their problems go to `problems`. */
function auxiliary(values: UnitValues, problems: UnitProblem[]): AuxiliaryCriteria | undefined {
  const aux: AuxiliaryCriteria = {};
  let any = false;
  const floor = clean(values.floor);
  if (floor !== undefined) {
    aux.floor = floor;
    any = true;
  }
  const position = clean(values.position);
  if (position !== undefined) {
    aux.position = position;
    any = true;
  }
  const area = clean(values.livingarea);
  if (area !== undefined) {
    const iso = areaIso(area);
    if (iso !== undefined) {
      aux.livingarea = iso;
      any = true;
      if (unusualArea(iso)) problems.push({ field: 'livingarea', code: 'areaUnusual', value: area });
    } else problems.push({ field: 'livingarea', code: 'area', value: area });
  }
  const persons = clean(values.persons);
  if (persons !== undefined) {
    if (/^\d{1,2}$/.test(persons)) {
      aux.persons = Number(persons);
      any = true;
    } else problems.push({ field: 'persons', code: 'persons', value: persons });
  }
  const meters = clean(values.meternumbers);
  if (meters !== undefined) {
    const list = splitMeters(meters);
    const long = list.find((m) => m.length > MAX_METER_LENGTH);
    if (long !== undefined) problems.push({ field: 'meternumbers', code: 'meterTooLong', value: long, max: MAX_METER_LENGTH });
    else if (list.length > MAX_METERS) problems.push({ field: 'meternumbers', code: 'tooManyMeters', max: MAX_METERS });
    else if (list.length > 0) {
      aux.meternumbers = list;
      any = true;
    }
  }
  const previous = clean(values.previousresidentialunitMscnumber);
  if (previous !== undefined) {
    if (/^\d{4}$/.test(mscNumber(previous))) {
      aux.previousresidentialunitMscnumber = mscNumber(previous);
      any = true;
    } else problems.push({ field: 'previousresidentialunitMscnumber', code: 'mscNumber', value: previous });
  }
  const note = clean(values.note);
  if (note !== undefined) {
    aux.note = note;
    any = true;
  }
  return any ? aux : undefined;
}

/** The living area as typed or imported (`72,5`, `72.50 m²`, `1.234,5 qm`) in ISO form; undefined when no area. */
function areaIso(text: string): string | undefined {
  // The usual forms (`72`, `72,5`, `72.50`) directly: a list of 20,000 units reads one per row, and the general
  // reader below (units, grouping, bigint) cost more than the rest of the row. Both give the same ISO text.
  const plain = PLAIN_AREA.exec(text);
  if (plain) return `${String(Number(plain[1]))}.${(plain[2] ?? '').padEnd(2, '0')}`;
  const parsed = parseGermanNumber(text, 2);
  if (!parsed.ok) return undefined;
  const iso = formatIso(parsed.value);
  const n = Number(iso);
  return n >= 0 && n <= MAX_AREA ? iso : undefined;
}

/** One row as read (text per field in the order of `fields`; '' for an empty cell) as field → text. */
export function valuesOfRow(fields: readonly UsageUnitField[], values: readonly string[]): UnitValues {
  const v: UnitValues = {};
  for (let i = 0; i < fields.length; i++) {
    const text = values[i];
    const field = fields[i];
    if (text !== undefined && text !== '' && field !== undefined) v[field] = text;
  }
  return v;
}

/** A property of the MSC's overview, as far as the import needs it. */
export type PropertyRef = { billingunitMscnumber: string; billingunitPmnumber?: string | undefined };

/** The property a cell names: the MSC's billing unit number, or our own number as the MSC's overview lists it. */
export function propertyResolver(properties: readonly PropertyRef[]): (text: string) => string | undefined {
  const byMsc = new Map(properties.map((p) => [p.billingunitMscnumber, p.billingunitMscnumber]));
  const byPm = new Map<string, string>();
  for (const p of properties) {
    if (p.billingunitPmnumber !== undefined) byPm.set(p.billingunitPmnumber.toLowerCase(), p.billingunitMscnumber);
  }
  // A list names few properties many times over: each text is looked up once.
  const seen = new Map<string, string | undefined>();
  return (text) => {
    if (seen.has(text)) return seen.get(text);
    const t = text.trim();
    const found = byMsc.get(t) ?? byMsc.get(t.replace(/^0+(?=\d)/, '')) ?? byPm.get(t.toLowerCase());
    seen.set(text, found);
    return found;
  };
}

export type PreviewOptions = {
  /** Where rows go when the list has no property column: the property the clerk has open. */
  selected: string;
  /** The list has a property column: each row names its property, resolved against these. */
  properties?: readonly PropertyRef[];
  partnerColumn: boolean;
  /** Checks of unchanged rows (same object) are taken from here instead of being made again. */
  cache?: WeakMap<UnitValues, RowCheck>;
  /** Cells of a row the file held no value in (an error value, a formula without result). */
  unreadable?: (values: UnitValues) => readonly UsageUnitField[] | undefined;
};

export type PropertyGroup = {
  billingunit: string;
  /** Indexes of the rows that belong to this property. */
  rows: number[];
  units: SetupResidentialUnit[];
  /** Rows of this property with a problem. */
  problemRows: number;
};

/** Rows naming a property the MSC does not know: listed, never guessed, never sent. */
export type UnknownProperty = { text: string; rows: number[] };

export type ImportPreview = {
  checks: RowCheck[];
  groups: PropertyGroup[];
  unknown: UnknownProperty[];
  /** Rows with a problem that blocks sending (an unknown property only leaves the row out). */
  problemRows: number;
};

const blocking = isBlocking;

/** Every row checked, duplicates marked per property, rows grouped by property in the order they first appear. */
export function buildPreview(rows: readonly UnitValues[], opts: PreviewOptions): ImportPreview {
  const resolve = opts.properties ? propertyResolver(opts.properties) : undefined;
  const groups = new Map<string, PropertyGroup>();
  const unknown = new Map<string, UnknownProperty>();
  /** Property → order criterion → the row it first appears in. */
  const firstOf = new Map<string, Map<string, number>>();
  const checks: RowCheck[] = [];
  let problemRows = 0;
  rows.forEach((values, index) => {
    let check = opts.cache?.get(values);
    if (check === undefined) {
      check = checkUnitValues(values, opts.partnerColumn);
      opts.cache?.set(values, check);
    }
    let billingunit: string | undefined = opts.selected;
    let extra: UnitProblem[] | undefined;
    for (const field of opts.unreadable?.(values) ?? []) (extra ??= []).push({ field, code: 'unreadable' });
    if (resolve) {
      const text = clean(values.billingunit);
      billingunit = text === undefined ? undefined : resolve(text);
      if (text === undefined) (extra ??= []).push({ field: 'billingunit', code: 'required' });
      else if (billingunit === undefined) {
        (extra ??= []).push({ field: 'billingunit', code: 'propertyUnknown', value: text });
        const list = unknown.get(text) ?? { text, rows: [] };
        list.rows.push(index);
        unknown.set(text, list);
      }
    }
    const pm = clean(values.residentialunitPmnumber);
    if (pm !== undefined && billingunit !== undefined) {
      let seen = firstOf.get(billingunit);
      if (!seen) firstOf.set(billingunit, (seen = new Map<string, number>()));
      const first = seen.get(pm);
      if (first === undefined) seen.set(pm, index);
      else (extra ??= []).push({ field: 'residentialunitPmnumber', code: 'duplicate', value: pm, first });
    }
    const merged: RowCheck = extra === undefined ? check : { ...check, problems: [...check.problems, ...extra] };
    checks.push(merged);
    const blocked = merged.problems.some(blocking);
    if (blocked) problemRows++;
    if (billingunit === undefined) return;
    let group = groups.get(billingunit);
    if (!group) {
      group = { billingunit, rows: [], units: [], problemRows: 0 };
      groups.set(billingunit, group);
    }
    group.rows.push(index);
    if (blocked) group.problemRows++;
    else if (merged.unit) group.units.push(merged.unit);
  });
  return { checks, groups: [...groups.values()], unknown: [...unknown.values()], problemRows };
}
