/**
 * Identifying columns (Nutzeinheit, Name) that stay at the left edge while the clerk scrolls right through
 * distribution values and prepayments. datasheet-grid has no frozen columns, and it drops columns scrolled out of
 * view from the page, so a sticky style on ordinary cells cannot hold them; its row-number gutter, though, is
 * sticky and always drawn. The frozen columns therefore live in the gutter, beside the row number.
 */
import { memo } from 'react';
import type { CellProps, SimpleColumn } from 'react-datasheet-grid';
import type { Row } from '@renderer/components/grid/draft-path';

export type FrozenDef = { field: string; title: string; width: number; text: (row: Row, index: number) => string };

const NUMBER_WIDTH = 40;

type FrozenData = { defs: readonly FrozenDef[] };

const FrozenCell = memo(function FrozenCell({ rowData, rowIndex, columnData }: CellProps<Row, FrozenData>) {
  return (
    <div className="grid-frozen">
      <span className="grid-frozen-number" style={{ width: NUMBER_WIDTH }}>
        {rowIndex + 1}
      </span>
      {columnData.defs.map((d) => (
        <span
          key={d.field}
          className="grid-frozen-value"
          data-field={d.field}
          style={{ width: d.width }}
          title={d.text(rowData, rowIndex)}
        >
          {d.text(rowData, rowIndex)}
        </span>
      ))}
    </div>
  );
});

export type FrozenColumn = SimpleColumn<Row, FrozenData> & { basis: number };

/** The gutter carrying the row number and the frozen columns, with their titles as its header. */
export function buildFrozen(defs: readonly FrozenDef[]): FrozenColumn {
  const basis = NUMBER_WIDTH + defs.reduce((w, d) => w + d.width, 0);
  return {
    basis,
    minWidth: basis,
    component: FrozenCell,
    columnData: { defs },
    title: (
      <div className="grid-frozen grid-frozen-header">
        <span style={{ width: NUMBER_WIDTH }} />
        {defs.map((d) => (
          <span key={d.field} className="grid-frozen-value" style={{ width: d.width }}>
            {d.title}
          </span>
        ))}
      </div>
    ),
  };
}
