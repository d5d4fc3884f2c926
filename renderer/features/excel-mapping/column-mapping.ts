/**
 * The mapping step's model: which column of the clerk's file fills which field, which fields are required (at
 * least one of each group), and the mapping sent to the importer. Columns are chosen by letter; the main
 * process remembers them by header text.
 */
import {
  INVOICE_FIELDS,
  REQUIRED_FIELD_GROUPS,
  USAGE_UNIT_FIELDS,
  type ColumnMapping,
  type ColumnRef,
  type HeaderCell,
  type InvoiceField,
  type MappingSuggestion,
  type UsageUnitField,
} from '@shared/domain/excel';
import { i18n } from '@renderer/i18n/index';

/** Texts come from the `excel-mapping` namespace; without a translator the helpers speak German (the default). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;
const german: Translate = (key, params) => i18n.getFixedT('de', 'excel-mapping')(key, params ?? {});

export type MappingKind = ColumnMapping['kind'];
export type Field = UsageUnitField | InvoiceField;
/** Field → column letter; a missing key means "not in the file". */
export type Choice = Partial<Record<Field, string>>;

/** How the columns of an import were found, for the line under it. */
export function howMapped(context: MappingContext, explicit: boolean): 'recognised' | 'remembered' | 'mapped' {
  if (context.remembered && !explicit) return 'remembered';
  return explicit ? 'mapped' : 'recognised';
}

/** A picked file with the mapping the main process proposed for it. */
export type MappingContext = {
  fileId: string;
  fileName: string;
  suggestion: MappingSuggestion;
  /** The connection's remembered mapping fits this file. */
  remembered: boolean;
};

export const requiredGroups = (kind: MappingKind): readonly (readonly Field[])[] => REQUIRED_FIELD_GROUPS[kind];

/** All fields of the kind, required ones first. */
export function fieldsOf(kind: MappingKind): Field[] {
  const all: readonly Field[] = kind === 'usage-units' ? USAGE_UNIT_FIELDS : INVOICE_FIELDS;
  const required = new Set(requiredGroups(kind).flat());
  return [...all.filter((f) => required.has(f)), ...all.filter((f) => !required.has(f))];
}

/** How the table marks a required field: alone it is "Pflichtfeld", in a group "eines davon". */
export function requirementOf(kind: MappingKind, field: Field): 'required' | 'one-of' | undefined {
  const group = requiredGroups(kind).find((g) => g.includes(field));
  if (!group) return undefined;
  return group.length === 1 ? 'required' : 'one-of';
}

export function initialChoice(suggestion: MappingSuggestion): Choice {
  const choice: Choice = {};
  for (const h of suggestion.headers) if (h.field !== undefined) choice[h.field] = h.letter;
  // Columns mapped by letter without a header text are not among the header cells.
  for (const [field, ref] of Object.entries(suggestion.mapping.columns) as [Field, ColumnRef | undefined][]) {
    if (ref && 'letter' in ref && choice[field] === undefined) choice[field] = ref.letter;
  }
  return choice;
}

/** Required groups without any chosen column. */
export function unmetGroups(kind: MappingKind, choice: Choice): (readonly Field[])[] {
  return requiredGroups(kind).filter((g) => !g.some((f) => choice[f] !== undefined));
}

/** Columns chosen for more than one field. */
export function doubleLetters(choice: Choice): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const letter of Object.values(choice)) {
    if (seen.has(letter)) twice.add(letter);
    seen.add(letter);
  }
  return twice;
}

export function toMapping(suggestion: MappingSuggestion, choice: Choice): ColumnMapping {
  const columns: Partial<Record<Field, ColumnRef>> = {};
  for (const [field, letter] of Object.entries(choice) as [Field, string | undefined][]) {
    if (letter !== undefined) columns[field] = { letter };
  }
  const base = { sheet: suggestion.mapping.sheet, headerRow: suggestion.mapping.headerRow };
  return suggestion.mapping.kind === 'usage-units'
    ? { kind: 'usage-units', ...base, columns }
    : { kind: 'invoices', ...base, columns };
}

export const fieldLabel = (field: Field, t: Translate = german): string => t(`field.${field}`);

export const columnTitle = (h: HeaderCell): string => `${h.letter}: ${h.text}`;

/** "„Schlüssel“ → Ordnungsbegriff, „Wo“ → Lage" for the line under a direct import. */
export function recognisedText(headers: readonly HeaderCell[], t: Translate = german): string {
  const mapped = headers.filter((h) => h.field !== undefined);
  if (mapped.length === 0) return t('recognised.none');
  return mapped
    .map((h) => t('recognised.pair', { header: h.text, field: h.field === undefined ? '' : fieldLabel(h.field, t) }))
    .join(', ');
}

/** "„Brutto“, „Netto“ oder „Betrag“" for the note on what is still missing. */
export function groupText(fields: readonly Field[], t: Translate = german): string {
  const quoted = fields.map((f) => t('quoted', { text: fieldLabel(f, t) }));
  if (quoted.length === 1) return quoted[0] ?? '';
  return t('or', { first: quoted.slice(0, -1).join(', '), last: quoted.at(-1) ?? '' });
}

/** "eines von Brutto, Netto, Betrag nötig": the group a field belongs to. */
export function oneOf(kind: MappingKind, field: Field, t: Translate = german): string {
  const group = requiredGroups(kind).find((g) => g.includes(field)) ?? [];
  return t('oneOf', { fields: group.map((f) => fieldLabel(f, t)).join(', ') });
}
