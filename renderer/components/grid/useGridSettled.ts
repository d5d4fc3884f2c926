/**
 * Why a grid is shown only once it has settled: datasheet-grid draws a new grid with estimated 100 px columns and
 * moves the cells to their measured places one effect later, while it already hit-tests clicks against the
 * measured places. A click in that moment (right after a step switch) selects the neighbouring cell, and what the
 * clerk types next lands there. The grid keeps its space but stays invisible until every header cell stands where
 * the fixed column widths put it.
 */
import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import type { Column } from 'react-datasheet-grid';
import { columnLefts } from '@renderer/components/grid/columns';
import type { Row } from '@renderer/components/grid/draft-path';

/** A grid that cannot be measured (zero width, detached) is shown anyway after this long. */
const GIVE_UP_MS = 1500;
/**
 * A grid that can be measured waits for its cells this long before it is shown anyway. On a busy computer the
 * grid's own measuring takes well over GIVE_UP_MS; giving up then showed the grid with estimated places, and the
 * first click selected no cell or the neighbouring one (seen with one core kept busy).
 */
const GIVE_UP_MEASURABLE_MS = 10_000;

export function useGridSettled(box: RefObject<HTMLElement | null>, columns: readonly Column<Row>[], gutter: number): boolean {
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => {
    if (settled) return;
    const lefts = columnLefts(columns, gutter);
    const started = performance.now();
    let frame = 0;
    const check = () => {
      const headers = [...(box.current?.querySelectorAll<HTMLElement>('.dsg-cell-header') ?? [])];
      // A fresh grid is scrolled to its left edge, so header i is column i.
      const placed = headers.length > 1 && headers.every((h, i) => Number.parseFloat(h.style.left) === lefts[i]);
      const measurable = (box.current?.isConnected ?? false) && (box.current?.clientWidth ?? 0) > 0;
      const waited = performance.now() - started;
      if (placed || waited > (measurable ? GIVE_UP_MEASURABLE_MS : GIVE_UP_MS)) setSettled(true);
      else frame = requestAnimationFrame(check);
    };
    check();
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [settled, columns, box, gutter]);
  return settled;
}
