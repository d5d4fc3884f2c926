/**
 * ISO 8859-15 (Latin-9), the character set ARGE files are written in. It is Latin-1 except for eight code points
 * (€ Š š Ž ž Œ œ Ÿ replace ¤ ¦ ¨ ´ ¸ ¼ ½ ¾), so one table of those eight is all it takes; no codec library needed.
 */

/** Byte → character where 8859-15 differs from Latin-1. */
const LATIN9_BYTES: ReadonlyMap<number, string> = new Map([
  [0xa4, '€'],
  [0xa6, 'Š'],
  [0xa8, 'š'],
  [0xb4, 'Ž'],
  [0xb8, 'ž'],
  [0xbc, 'Œ'],
  [0xbd, 'œ'],
  [0xbe, 'Ÿ'],
]);

const LATIN9_CHARS: ReadonlyMap<string, number> = new Map([...LATIN9_BYTES].map(([byte, ch]) => [ch, byte]));

/** Every byte decodes to exactly one character, so byte positions and character positions agree. */
export function decodeLatin9(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const b = bytes[i] ?? 0;
    out += LATIN9_BYTES.get(b) ?? String.fromCharCode(b);
  }
  return out;
}

/** The byte for `ch`, or undefined when 8859-15 has no such character (e.g. „ “ or a Latin-1 ¤ that 8859-15 replaced). */
export function latin9Byte(ch: string): number | undefined {
  const mapped = LATIN9_CHARS.get(ch);
  if (mapped !== undefined) return mapped;
  const code = ch.codePointAt(0) ?? 0;
  if (code > 0xff || LATIN9_BYTES.has(code)) return undefined;
  return code;
}

/** The characters of `text` that 8859-15 cannot hold, each once, in order of appearance. */
export function unencodable(text: string): string[] {
  const bad = new Set<string>();
  for (const ch of text) if (latin9Byte(ch) === undefined) bad.add(ch);
  return [...bad];
}

/** Encodes `text`; throws on a character 8859-15 lacks (the writer checks with `unencodable` first). */
export function encodeLatin9(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let i = 0;
  for (const ch of text) {
    const b = latin9Byte(ch);
    if (b === undefined) throw new RangeError(`„${ch}“ gibt es im Zeichensatz ISO 8859-15 nicht`);
    out[i++] = b;
  }
  return out.subarray(0, i);
}
