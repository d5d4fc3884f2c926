/**
 * exceljs reads the whole shared-string table before the first row, so a table far longer than the sheet needs
 * (tens of MB appended by a broken or hostile generator) costs seconds for nothing. The sheet only ever uses the
 * strings up to its highest index: the rest is cut before exceljs sees the table.
 */

/** The highest shared-string index a cell of the sheet refers to, -1 when it uses none. */
export function highestStringIndex(sheetXml: string): number {
  let max = -1;
  for (const m of sheetXml.matchAll(/<(?:\w+:)?c\b([^>]*)>\s*<(?:\w+:)?v>(\d+)<\/(?:\w+:)?v>/g)) {
    if (!/\bt="s"/.test(m[1] ?? '')) continue;
    const index = Number(m[2]);
    if (index > max) max = index;
  }
  return max;
}

/** The table with only its first `keep` strings (unchanged when it has no more, or when it cannot be cut safely). */
export function firstStrings(sst: Buffer, keep: number): Buffer {
  const text = sst.toString('utf8');
  const close = /<\/(?:\w+:)?sst>\s*$/.exec(text.slice(-64));
  const start = /<(?:\w+:)?si[\s/>]/.exec(text);
  if (!close || !start) return sst;
  const ends = /<\/(?:\w+:)?si>|<(?:\w+:)?si\/>/g;
  ends.lastIndex = start.index;
  let cut = start.index;
  for (let i = 0; i < keep; i++) {
    const m = ends.exec(text);
    if (!m) return sst;
    cut = m.index + m[0].length;
  }
  if (ends.exec(text) === null) return sst;
  return Buffer.from(`${text.slice(0, cut)}${close[0]}`, 'utf8');
}
