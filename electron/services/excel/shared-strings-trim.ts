/**
 * exceljs reads the whole shared-string table before the first row, so a table far longer than the sheet needs
 * (tens of MB appended by a broken or hostile generator) costs seconds for nothing. The sheet only ever uses the
 * strings up to its highest index: the rest is cut before exceljs sees the table.
 *
 * Both scans work on the bytes: a string of the whole part would be as large as the part, and a worker thread that
 * meets its heap limit while allocating one can take the whole process down instead of ending on its own.
 */

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f;
const COLON = 0x3a;
const isNameByte = (b: number | undefined): boolean =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);

/** The tag whose local name starts at `at` (`<si`, `</x:si`): where it starts and whether it closes; else undefined. */
function tagStart(buf: Buffer, at: number): { start: number; closing: boolean } | undefined {
  let i = at - 1;
  // An optional namespace prefix (`x:`).
  if (buf[i] === COLON) {
    i--;
    while (i >= 0 && isNameByte(buf[i])) i--;
  }
  const closing = buf[i] === SLASH;
  if (closing) i--;
  if (buf[i] !== LT) return undefined;
  return { start: i, closing };
}

const isSpace = (b: number | undefined): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** Whether the tag opened at `open` is a cell, `<c` or `<x:c` (any prefix); its name ends before `limit`. */
function isCellTag(buf: Buffer, open: number, limit: number): boolean {
  let end = open + 1;
  while (end < limit && !isSpace(buf[end]) && buf[end] !== GT && buf[end] !== SLASH) end++;
  if (buf[end - 1] !== 0x63) return false;
  return end - open === 2 || buf[end - 2] === COLON;
}

/** The string index in the `<v>` right after the cell's start tag ending at `end`, or -1. */
function valueAfter(buf: Buffer, end: number): number {
  // `<v>` or `<x:v>` follows at once; the 24 bytes also cover whitespace between the tags.
  const limit = Math.min(buf.length - 1, end + 24);
  let i = end;
  while (i < limit && !(buf[i] === 0x76 && buf[i + 1] === GT)) i++;
  if (i >= limit) return -1;
  let index = 0;
  let digits = 0;
  for (i += 2; i < buf.length && digits < 10; i++, digits++) {
    const b = buf[i] ?? 0;
    if (b < 0x30 || b > 0x39) break;
    index = index * 10 + (b - 0x30);
  }
  return digits > 0 ? index : -1;
}

/** The highest index among cells typed `t="s"` (written with `"` or `'`). */
function highestWith(sheet: Buffer, needle: string): number {
  let max = -1;
  for (let at = sheet.indexOf(needle); at >= 0; at = sheet.indexOf(needle, at + needle.length)) {
    // Attributes stay within a few dozen bytes of their tag's start; the loops below read bytes, which costs
    // far less than asking the buffer again for each of a sheet's hundred thousand string cells.
    let open = at - 1;
    const floor = Math.max(0, at - 512);
    while (open >= floor && sheet[open] !== LT) open--;
    if (open < floor || !isCellTag(sheet, open, at)) continue;
    let end = at + needle.length;
    while (end < sheet.length && sheet[end] !== GT) end++;
    if (end >= sheet.length) break;
    const index = valueAfter(sheet, end + 1);
    if (index > max) max = index;
  }
  return max;
}

/** The highest shared-string index a cell of the sheet refers to, -1 when it uses none. */
export function highestStringIndex(sheet: Buffer): number {
  return Math.max(highestWith(sheet, 't="s"'), highestWith(sheet, "t='s'"));
}

/**
 * Offset just past the end of the `keep`-th string, or undefined if there are fewer. Strings end in `</si>` or are
 * `<si/>`, with the prefix of the table's first string; a string with another prefix is not counted, which can
 * only keep more strings than needed, never fewer.
 */
function endOfString(sst: Buffer, prefix: string, first: number, keep: number): number | undefined {
  const close = `</${prefix}si>`;
  const empty = `<${prefix}si/>`;
  let nextClose = sst.indexOf(close, first);
  let nextEmpty = sst.indexOf(empty, first);
  for (let found = 1; nextClose >= 0 || nextEmpty >= 0; found++) {
    const isClose = nextClose >= 0 && (nextEmpty < 0 || nextClose < nextEmpty);
    const at = isClose ? nextClose : nextEmpty;
    const after = at + (isClose ? close.length : empty.length);
    if (found === keep) return after;
    if (isClose) nextClose = sst.indexOf(close, after);
    else nextEmpty = sst.indexOf(empty, after);
  }
  return undefined;
}

/** The table with only its first `keep` strings (unchanged when it has no more, or when it cannot be cut safely). */
export function firstStrings(sst: Buffer, keep: number): Buffer {
  const tail = sst.toString('utf8', Math.max(0, sst.length - 64));
  const close = /<\/(?:\w+:)?sst>\s*$/.exec(tail);
  if (!close) return sst;
  let first = -1;
  let prefix = '';
  for (let at = sst.indexOf('si'); at >= 0 && first < 0; at = sst.indexOf('si', at + 2)) {
    const tag = tagStart(sst, at);
    const after = sst[at + 2];
    if (tag && !tag.closing && (after === GT || after === SLASH || after === 0x20)) {
      first = tag.start;
      prefix = sst.toString('latin1', first + 1, at);
    }
  }
  if (first < 0) return sst;
  const cut = keep === 0 ? first : endOfString(sst, prefix, first, keep);
  if (cut === undefined) return sst;
  // Nothing after the kept strings but the closing tag: the table is as short as it gets.
  if (endOfString(sst, prefix, cut, 1) === undefined) return sst;
  return Buffer.concat([sst.subarray(0, cut), Buffer.from(close[0], 'utf8')]);
}
