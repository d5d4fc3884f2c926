/**
 * The shape of an ARGE Heiwako field table (docs/arge.md). Each record type is a list of fields as data: number,
 * name, first position (1-based), length, form as the standard states it (A-N alphanumeric, N numeric), how we
 * read the content (text, number with implied decimals, date TTMMJJ, period TTMMJJTTMMJJ), whether it is mandatory,
 * and the version that brought it. Writer, reader, tests and docs all work from these tables.
 */

export type RecordType = 'A' | 'L' | 'M' | 'B' | 'K' | 'D' | 'E835' | 'E898';
export const RECORD_TYPES: readonly RecordType[] = ['A', 'L', 'M', 'B', 'K', 'D', 'E835', 'E898'];

/** Versions of the standard a field can date from; 3.0 is the base of everything here. */
export type ArgeVersion = '3.0' | '3.01' | '3.02' | '3.04' | '3.05';

/** text: A-N, left-aligned; number: N, right-aligned with zeros; date / period: TTMMJJ (twice for a period). */
export type FieldKind = 'text' | 'number' | 'date' | 'period' | 'marker' | 'free';

export type FieldSpec = {
  no: number;
  /** The JSON name a reader prints and the mapping fills (lowerCamelCase English). */
  name: string;
  /** The German name of the field, in our words. */
  label: string;
  from: number;
  length: number;
  form: 'A-N' | 'N';
  kind: FieldKind;
  /** Implied decimal places of a number (8,2 → 2). */
  decimals: number;
  mandatory: boolean;
  since: ArgeVersion;
  /** The fixed content of a marker field (record type, record end). */
  marker?: string;
};

export type RecordSpec = { type: RecordType; length: number; title: string; fields: readonly FieldSpec[] };

type Options = { kind?: FieldKind; decimals?: number; since?: ArgeVersion; marker?: string };

/**
 * Builds a table from rows `[no, name, label, from, length, form, M/K, options]`, so each row reads like the
 * standard's line for that field.
 */
export function table(
  type: RecordType,
  length: number,
  title: string,
  rows: readonly (readonly [number, string, string, number, number, 'A-N' | 'N', 'M' | 'K', Options?])[],
): RecordSpec {
  const fields = rows.map(([no, name, label, from, len, form, must, o = {}]): FieldSpec => {
    const kind = o.kind ?? (form === 'N' ? 'number' : 'text');
    const spec: FieldSpec = {
      no,
      name,
      label,
      from,
      length: len,
      form,
      kind,
      decimals: o.decimals ?? 0,
      mandatory: must === 'M',
      since: o.since ?? '3.0',
    };
    if (o.marker !== undefined) spec.marker = o.marker;
    return spec;
  });
  return { type, length, title, fields };
}

export const marker = (m: string): Options => ({ kind: 'marker', marker: m });
export const free: Options = { kind: 'free' };
export const date: Options = { kind: 'date' };
export const period: Options = { kind: 'period' };
export const dec = (decimals: number, since?: ArgeVersion): Options => (since ? { decimals, since } : { decimals });

type Row = readonly [number, string, string, number, number, 'A-N' | 'N', 'M' | 'K', Options?];

/** Fields 1–5 of A, L, M, B, K and D: record type, version, customer number, MSC key (table U), MSC reference. */
export function head(type: 'A' | 'L' | 'M' | 'B' | 'K' | 'D'): Row[] {
  return [
    [1, 'recordType', 'Satzart', 1, 1, 'A-N', 'M', marker(type)],
    [2, 'version', 'ARGE-Version', 2, 5, 'A-N', 'M'],
    [3, 'customerNumber', 'Kundennummer beim Messdienst', 7, 10, 'N', 'M'],
    [4, 'mscKey', 'Schlüssel des Messdienstes (Tabelle U)', 17, 2, 'N', 'K'],
    [5, 'mscReference', 'Ordnungsbegriff des Messdienstes (9 Liegenschaft + 4 Nutzer)', 19, 13, 'N', 'M'],
  ];
}

/** Fields 1–6 of E835 and E898: type, sequence, MSC key, 18-place MSC reference, PM reference, billing sequence. */
export function eHead(type: 'E835' | 'E898'): Row[] {
  return [
    [1, 'recordType', 'Satzart', 1, 4, 'A-N', 'M', marker(type)],
    [2, 'sequenceNumber', 'Satzfolgenummer', 5, 7, 'N', 'K'],
    [3, 'mscKey', 'Schlüssel des Messdienstes (Tabelle U)', 12, 2, 'N', 'K'],
    [4, 'mscReference', 'Ordnungsbegriff des Messdienstes (9 Liegenschaft + 4 Gruppe + 4 Nutzer + 1 Folge)', 14, 18, 'A-N', 'M'],
    [5, 'pmReference', 'Ordnungsbegriff der Verwaltung', 32, 20, 'A-N', 'M'],
    [6, 'billingSequence', 'Abrechnungsfolge (leer, 1 oder 2)', 52, 1, 'A-N', 'K'],
  ];
}

/** A name-and-address block of the M record (user, owner, supplier, service recipient): 8 fields. */
export function addressBlock(firstNo: number, prefix: string, who: string, from: number): Row[] {
  const parts: [string, string, number][] = [
    ['Name1', 'Name 1', 35],
    ['Name2', 'Name 2', 35],
    ['Name3', 'Name 3', 35],
    ['Name4', 'Name 4', 35],
    ['Street', 'Straße und Hausnummer', 35],
    ['Country', 'Land (ISO 3166 alpha-3)', 3],
    ['PostalCode', 'Postleitzahl', 10],
    ['City', 'Ort', 35],
  ];
  let at = from;
  return parts.map(([suffix, label, len], i) => {
    const row: Row = [firstNo + i, `${prefix}${suffix}`, `${label} (${who})`, at, len, 'A-N', 'K'];
    at += len;
    return row;
  });
}
