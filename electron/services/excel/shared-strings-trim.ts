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

/** The highest shared-string index a cell of the sheet refers to, -1 when it uses none. */
export function highestStringIndex(sheet: Buffer): number {
  let max = -1;
  for (let at = sheet.indexOf('t="s"'); at >= 0; at = sheet.indexOf('t="s"', at + 5)) {
    const open = sheet.lastIndexOf(LT, at);
    // Only a cell's type counts: `<c … t="s">` or `<x:c … t="s">`.
    const name = sheet.toString('latin1', open + 1, Math.min(open + 12, at)).split(/[\s>/]/)[0] ?? '';
    if (name !== 'c' && !name.endsWith(':c')) continue;
    const end = sheet.indexOf(GT, at);
    if (end < 0) break;
    const valueTag = sheet.indexOf('v>', end);
    if (valueTag < 0 || valueTag - end > 24) continue;
    let index = 0;
    let digits = 0;
    for (let i = valueTag + 2; i < sheet.length && digits < 10; i++, digits++) {
      const b = sheet[i] ?? 0;
      if (b < 0x30 || b > 0x39) break;
      index = index * 10 + (b - 0x30);
    }
    if (digits > 0 && index > max) max = index;
  }
  return max;
}

/** Offset just past the end of the `keep`-th string (`</si>` or `<si/>`, any prefix), or undefined if there are fewer. */
function endOfString(sst: Buffer, first: number, keep: number): number | undefined {
  let found = 0;
  for (let at = sst.indexOf('si', first); at >= 0; at = sst.indexOf('si', at + 2)) {
    const after = sst[at + 2];
    const tag = tagStart(sst, at);
    if (!tag) continue;
    if (tag.closing && after === GT) found++;
    else if (!tag.closing && after === SLASH && sst[at + 3] === GT) found++;
    else continue;
    if (found === keep) return at + (after === GT ? 3 : 4);
  }
  return undefined;
}

/** The table with only its first `keep` strings (unchanged when it has no more, or when it cannot be cut safely). */
export function firstStrings(sst: Buffer, keep: number): Buffer {
  const tail = sst.toString('utf8', Math.max(0, sst.length - 64));
  const close = /<\/(?:\w+:)?sst>\s*$/.exec(tail);
  if (!close) return sst;
  let first = -1;
  for (let at = sst.indexOf('si'); at >= 0 && first < 0; at = sst.indexOf('si', at + 2)) {
    const tag = tagStart(sst, at);
    const after = sst[at + 2];
    if (tag && !tag.closing && (after === GT || after === SLASH || after === 0x20)) first = tag.start;
  }
  if (first < 0) return sst;
  const cut = keep === 0 ? first : endOfString(sst, first, keep);
  if (cut === undefined) return sst;
  // Nothing after the kept strings but the closing tag: the table is as short as it gets.
  if (endOfString(sst, cut, 1) === undefined) return sst;
  return Buffer.concat([sst.subarray(0, cut), Buffer.from(close[0], 'utf8')]);
}
