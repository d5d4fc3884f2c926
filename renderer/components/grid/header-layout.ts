/**
 * Column headers in full at any window width: a column is at least as wide as the longest word of its title
 * ("Emissionsfaktor", "Schornsteinfeger"), titles wrap at spaces, and the header row is as high as the most
 * wrapped title needs. Measured once per set of columns; cells keep their fixed widths (see columns.ts).
 */
import type { Column } from 'react-datasheet-grid';
import type { Row } from '@renderer/components/grid/draft-path';

/** Horizontal padding of a header cell (datasheet-grid's 10 px each side) plus a pixel of rounding per side. */
export const HEADER_PADDING = 22;
export const HEADER_LINE = 15;
const HEADER_MIN = 40;
const HEADER_VERTICAL = 10;

/** Lines a text takes when wrapped at spaces into `width` (a word longer than the width takes its own line). */
export function wrappedLines(text: string, width: number, measure: (s: string) => number): number {
  const words = text.split(/\s+/).filter((w) => w !== '');
  let lines = 0;
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measure(candidate) > width) {
      lines++;
      line = word;
    } else line = candidate;
  }
  return line === '' ? lines : lines + 1;
}

export function headerLayout(
  columns: readonly Column<Row>[],
  measure: (s: string) => number,
): { columns: Column<Row>[]; height: number } {
  let lines = 1;
  const out = columns.map((c) => {
    if (typeof c.title !== 'string') return c;
    const longest = Math.max(0, ...c.title.split(/\s+/).map((w) => Math.ceil(measure(w))));
    const basis = Math.max(c.basis ?? 0, longest + HEADER_PADDING);
    lines = Math.max(lines, wrappedLines(c.title, basis - HEADER_PADDING, measure));
    return basis === c.basis ? c : { ...c, basis, minWidth: Math.max(c.minWidth ?? 0, basis) };
  });
  return { columns: out, height: Math.max(HEADER_MIN, lines * HEADER_LINE + HEADER_VERTICAL) };
}
