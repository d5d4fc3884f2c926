/**
 * Reading and writing one cell of a draft row by its field path (`amounts.grossamount`, `cost.key`,
 * `allocations.<key>`, `energymix`), immutably, so every edit is a new draft the undo stack can hold.
 */
export type Row = Record<string, unknown>;
export type CellValue = string | boolean | undefined;

const without = (obj: Row, key: string): Row => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key));

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

type MixPart = { source?: string; share?: string };

/** The energy mix as one editable text: `03 60; 06 40` (source code, share in percent). */
export function mixToText(mix: unknown): string {
  if (!Array.isArray(mix)) return '';
  return (mix as MixPart[]).map((p) => `${p.source ?? ''} ${p.share ?? ''}`.trim()).join('; ');
}

export function textToMix(text: string): MixPart[] | undefined {
  const parts = text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  return parts.map((p) => {
    const [source = '', ...rest] = p.split(/[\s:=]+/);
    const share = rest.join('').replace(/%$/, '');
    return share === '' ? { source } : { source, share };
  });
}

export function getField(row: Row, field: string): CellValue {
  if (field.startsWith('allocations.')) {
    const key = field.slice('allocations.'.length);
    const list = Array.isArray(row.allocations) ? (row.allocations as Row[]) : [];
    const v = list.find((a) => a.key === key)?.value;
    return typeof v === 'string' ? v : undefined;
  }
  if (field === 'energymix') return mixToText(row.energymix);
  let cur: unknown = row;
  for (const part of field.split('.')) {
    if (!isRow(cur)) return undefined;
    cur = cur[part];
  }
  return typeof cur === 'string' || typeof cur === 'boolean' ? cur : undefined;
}

function setIn(obj: Row, parts: readonly string[], value: CellValue): Row {
  const [head, ...rest] = parts;
  if (head === undefined) return obj;
  if (rest.length === 0) return value === undefined || value === '' ? without(obj, head) : { ...obj, [head]: value };
  const child = isRow(obj[head]) ? obj[head] : {};
  const updated = setIn(child, rest, value);
  return Object.keys(updated).length === 0 ? without(obj, head) : { ...obj, [head]: updated };
}

/** The row with `field` set; an empty string removes the value, so a cleared cell is not sent as "". */
export function setField(row: Row, field: string, value: CellValue): Row {
  if (field.startsWith('allocations.')) {
    const key = field.slice('allocations.'.length);
    const list = Array.isArray(row.allocations) ? [...(row.allocations as Row[])] : [];
    const i = list.findIndex((a) => a.key === key);
    const entry = { key, value: typeof value === 'string' ? value : '' };
    if (i >= 0) list[i] = { ...list[i], ...entry };
    else list.push(entry);
    return { ...row, allocations: list };
  }
  if (field === 'energymix') {
    const mix = typeof value === 'string' ? textToMix(value) : undefined;
    const next = { ...row };
    if (mix === undefined) delete next.energymix;
    else next.energymix = mix;
    return next;
  }
  return setIn(row, field.split('.'), value);
}
