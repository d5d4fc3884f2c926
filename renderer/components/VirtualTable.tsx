import { memo } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import { useVirtualRows } from '@renderer/lib/useVirtualRows';
import '@renderer/components/virtual-table.css';

export type SortState = 'ascending' | 'descending' | 'none';

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: number | string;
  numeric?: boolean;
  /** Sortable columns get a header button and `aria-sort`. */
  sort?: { state: SortState; onSort: () => void };
};

type Props<T> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  rowHeight?: number;
  /** Height of the scrolling area; a class can set it instead (e.g. to fill the screen). */
  maxHeight?: number;
  className?: string;
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** The scrolling area's test id. */
  testId?: string;
  /** Long texts wrap and the row grows (rows are measured) instead of being cut with an ellipsis. */
  wrap?: boolean;
};

const SORT_MARK: Readonly<Record<SortState, string>> = { ascending: '▲', descending: '▼', none: '↕' };

/**
 * A dense table that renders only the rows in view (plus a few), so thousands of rows keep the DOM small.
 * Rows have a fixed height; the space of the rows not drawn is kept by one spacer row above and below, hidden
 * from assistive technology, while `aria-rowcount`/`aria-rowindex` tell screen readers the real size.
 */
export function VirtualTable<T>(props: Props<T>) {
  const { rows, columns, rowKey, label, rowHeight = 33, maxHeight, className, rowProps, testId = 'virtual-scroll', wrap } = props;
  const { scroller, items, top, bottom, measure } = useVirtualRows(rows.length, rowHeight);
  const cellClass = wrap ? 'cell-wrap' : 'cell';
  return (
    <div
      ref={scroller}
      className={className ? `virtual-scroll ${className}` : 'virtual-scroll'}
      style={maxHeight === undefined ? undefined : { maxHeight }}
      data-testid={testId}
      // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable) when its rows hold no control.
      tabIndex={0}
    >
      <Table stickyHeader layout="fixed" aria-label={label} aria-rowcount={rows.length + 1}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col" w={c.width} className={c.numeric ? 'num' : undefined} aria-sort={c.sort?.state}>
                {c.sort ? (
                  <UnstyledButton className="sort-button" fw={700} fz="sm" onClick={c.sort.onSort}>
                    {c.header}{' '}
                    <span aria-hidden="true" className="sort-mark">
                      {SORT_MARK[c.sort.state]}
                    </span>
                  </UnstyledButton>
                ) : (
                  c.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <VirtualRow
                key={rowKey(row)}
                row={row}
                index={item.index}
                columns={columns}
                rowHeight={rowHeight}
                cellClass={cellClass}
                measure={wrap ? measure : undefined}
                rowProps={rowProps}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

type RowProps<T> = {
  row: T;
  index: number;
  columns: readonly Column<T>[];
  rowHeight: number;
  cellClass: string;
  measure: ((el: HTMLTableRowElement | null) => void) | undefined;
  rowProps: Props<T>['rowProps'];
};

/**
 * One drawn row. Memoized: the table redraws whenever the rows in view change (on its first draw once the scroller
 * is measured, and with every scroll step), and only the rows that came into view need drawing then.
 */
const VirtualRow = memo(function VirtualRow<T>({ row, index, columns, rowHeight, cellClass, measure, rowProps }: RowProps<T>) {
  return (
    <Table.Tr
      aria-rowindex={index + 2}
      data-row=""
      data-index={index}
      ref={measure}
      // A table row grows past its height when its content wraps, so the height is a minimum here.
      style={{ height: rowHeight }}
      {...rowProps?.(row, index)}
    >
      {columns.map((c) => (
        <Table.Td key={c.key} className={c.numeric ? `num ${cellClass}` : cellClass}>
          {c.cell(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;
