/**
 * Mutated workbooks for the Excel fuzzing (issue 13): from a real workbook, with a seeded random source, one of
 * truncation, flipped bytes, swapped or dropped zip entries, inflated shared-string tables, deeply nested XML, a
 * zip bomb, formulas without cached values and dates as text. Each mutation is named, so a failure says what the
 * file was.
 */
import {
  deflatedPart,
  partOf,
  readZip,
  sharedStringsBomb,
  textOf,
  themeBomb,
  withPart,
  writeZip,
} from '@test/unit/excel/hostile-workbooks';

export type Mutation = { name: string; bytes: Buffer };
type Random = () => number;

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: Random, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const SHEET = 'xl/worksheets/sheet1.xml';

function truncated(rnd: Random, xlsx: Buffer): Mutation {
  const at = Math.floor(rnd() * xlsx.length);
  return { name: `truncated at byte ${String(at)} of ${String(xlsx.length)}`, bytes: xlsx.subarray(0, at) };
}

function flippedBytes(rnd: Random, xlsx: Buffer): Mutation {
  const bytes = Buffer.from(xlsx);
  const count = 1 + Math.floor(rnd() * 8);
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = Math.floor(rnd() * bytes.length);
    bytes[p] = (bytes[p] ?? 0) ^ (1 + Math.floor(rnd() * 255));
    at.push(p);
  }
  return { name: `bytes flipped at ${at.join(', ')}`, bytes };
}

function swappedEntries(rnd: Random, xlsx: Buffer): Mutation {
  const parts = readZip(xlsx);
  const a = Math.floor(rnd() * parts.length);
  const b = Math.floor(rnd() * parts.length);
  const [pa, pb] = [parts[a], parts[b]];
  if (!pa || !pb) return { name: 'unchanged', bytes: xlsx };
  // The contents change places, the names stay: the sheet may now hold the styles, and so on.
  parts[a] = { ...pb, name: pa.name };
  parts[b] = { ...pa, name: pb.name };
  return { name: `contents of ${pa.name} and ${pb.name} swapped`, bytes: writeZip(parts) };
}

function droppedEntry(rnd: Random, xlsx: Buffer): Mutation {
  const parts = readZip(xlsx);
  const gone = pick(rnd, parts);
  return { name: `${gone.name} missing`, bytes: writeZip(parts.filter((p) => p !== gone)) };
}

function reorderedEntries(rnd: Random, xlsx: Buffer): Mutation {
  const parts = readZip(xlsx).sort(() => rnd() - 0.5);
  return { name: `entries reordered (${parts.map((p) => p.name.split('/').pop()).join(', ')})`, bytes: writeZip(parts) };
}

function hugeSharedStrings(rnd: Random, xlsx: Buffer, maxMiB: number): Mutation {
  const mib = 8 + Math.floor(rnd() * (maxMiB - 8));
  return { name: `${String(mib)} MiB of shared strings`, bytes: sharedStringsBomb(xlsx, mib, 'Zeile') };
}

function deeplyNested(rnd: Random, xlsx: Buffer): Mutation {
  const depth = 10_000 + Math.floor(rnd() * 90_000);
  const xml = textOf(partOf(xlsx, SHEET)).replace('<sheetData>', `<sheetData>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}`);
  return { name: `sheet with XML nested ${String(depth)} deep`, bytes: withPart(xlsx, deflatedPart(SHEET, xml)) };
}

function zipBomb(_rnd: Random, xlsx: Buffer): Mutation {
  return { name: 'theme inflating to 1 GiB (zip bomb)', bytes: themeBomb(xlsx, 1024) };
}

/** Every numeric cell becomes a formula with no cached value, as a workbook saved by a tool that never calculated. */
function formulasWithoutValues(_rnd: Random, xlsx: Buffer): Mutation {
  const xml = textOf(partOf(xlsx, SHEET)).replace(
    /<c r="([A-Z]+)(\d+)"([^>]*?)(?: t="n")?><v>[^<]*<\/v><\/c>/g,
    (_m, col: string, row: string, attrs: string) => `<c r="${col}${row}"${attrs}><f>SUM(${col}1:${col}2)</f></c>`,
  );
  return { name: 'numbers as formulas without cached values', bytes: withPart(xlsx, deflatedPart(SHEET, xml)) };
}

/** Numeric cells become inline text: German dates, nonsense dates, numbers with thousands separators. */
function datesAsText(rnd: Random, xlsx: Buffer): Mutation {
  const texts = ['31.12.2025', '2025-13-45', '1.234,56', '00.00.0000', 'gestern', '45291', '29.02.2025'];
  const xml = textOf(partOf(xlsx, SHEET)).replace(
    /<c r="([A-Z]+\d+)"([^>]*?)(?: t="n")?><v>[^<]*<\/v><\/c>/g,
    (_m, ref: string, attrs: string) =>
      `<c r="${ref}"${attrs.replace(/ t="\w+"/, '')} t="inlineStr"><is><t>${pick(rnd, texts)}</t></is></c>`,
  );
  return { name: 'numbers and dates as text', bytes: withPart(xlsx, deflatedPart(SHEET, xml)) };
}

function junkInSheet(rnd: Random, xlsx: Buffer): Mutation {
  const junk = pick(rnd, [
    '<c r="A1" t="s"><v>999999999</v></c>',
    '<row r="-5">',
    '<!DOCTYPE x [<!ENTITY e "e">]>',
    '&e;',
    '\u0000',
  ]);
  const xml = textOf(partOf(xlsx, SHEET));
  const at = Math.floor(rnd() * xml.length);
  return {
    name: `junk ${JSON.stringify(junk)} at ${String(at)} of the sheet`,
    bytes: withPart(xlsx, deflatedPart(SHEET, xml.slice(0, at) + junk + xml.slice(at))),
  };
}

const CHEAP = [
  truncated,
  flippedBytes,
  swappedEntries,
  droppedEntry,
  reorderedEntries,
  formulasWithoutValues,
  datesAsText,
  junkInSheet,
  deeplyNested,
];

/**
 * `count` mutations of `xlsx` for `seed`. The expensive ones (up to `maxSharedStringsMiB` of shared strings, the
 * 1 GiB bomb) come once each at the start, the rest are drawn at random.
 */
export function mutations(xlsx: Buffer, seed: number, count: number, maxSharedStringsMiB = 64): Mutation[] {
  const rnd = seeded(seed);
  const out: Mutation[] = [zipBomb(rnd, xlsx), hugeSharedStrings(rnd, xlsx, maxSharedStringsMiB)];
  while (out.length < count) out.push(pick(rnd, CHEAP)(rnd, xlsx));
  return out.slice(0, count);
}
