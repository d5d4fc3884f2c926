/**
 * One section of the draft as a spreadsheet grid.
 *
 * Why react-datasheet-grid: its cells are DOM elements (inputs, spans), so axe, screen readers and Playwright see
 * every value and label, it brings Excel's keyboard model (arrows, Enter/Tab, Shift+Enter, Ctrl+D, paste of a
 * tab-separated range with pasteValue per column) and virtualizes rows. Glide Data Grid draws on a canvas, which
 * assistive technology and tests cannot read without a parallel DOM.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { DataSheetGrid } from 'react-datasheet-grid';
import type { Column, DataSheetGridRef } from 'react-datasheet-grid';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CellContext, cellKey } from '@renderer/components/grid/cells/cell-context';
import type { CellMessage, GridCellContext } from '@renderer/components/grid/cells/cell-context';
import type { Row } from '@renderer/components/grid/draft-path';
import { GridToolbar } from '@renderer/components/grid/GridToolbar';
import { useGridMenu } from '@renderer/components/grid/useGridMenu';
import { useGridSettled } from '@renderer/components/grid/useGridSettled';
import 'react-datasheet-grid/dist/style.css';
import '@renderer/components/grid/grid.css';

type Props = {
  section: string;
  title: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  messages: ReadonlyMap<string, readonly CellMessage[]>;
  onRows: (section: string, rows: readonly Row[], cell?: string) => void;
  /** Fixed rows (stock, recipients): no rows added or removed. */
  lockRows?: boolean;
  /** An empty list still shows one blank row, so the clerk can type or paste into it straight away. */
  startEmpty?: boolean;
  height?: number;
};

const createRow = (): Row => ({});

const BLANK: Row[] = [{}];
const isBlank = (list: readonly Row[]) => list.length === 1 && Object.keys(list[0] ?? {}).length === 0;

export function EditorGrid(props: Props) {
  const { section, title, columns, messages, onRows, lockRows = false, startEmpty = false, height = 420 } = props;
  const rows = startEmpty && props.rows.length === 0 ? BLANK : props.rows;
  const grid = useRef<DataSheetGridRef>(null);
  const typing = useRef<string | undefined>(undefined);
  const lastRow = useRef<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const exit = useRef<HTMLParagraphElement>(null);
  const lastKey = useRef('');
  const { t } = useTranslation('grid');
  const [params] = useSearchParams();
  const menu = useGridMenu();
  const settled = useGridSettled(box, columns);
  const target =
    params.get('section') === section ? { row: Number(params.get('row') ?? '0'), field: params.get('field') ?? '' } : null;

  const context = useMemo<GridCellContext>(
    () => ({ section, messages, markTyping: (cell) => (typing.current = cell) }),
    [section, messages],
  );

  useEffect(() => {
    // The grid scrolls inside its own box; keyboard users must be able to reach and scroll it (WCAG 2.1.1).
    box.current?.querySelector('.dsg-container')?.setAttribute('tabindex', '0');
  });

  useEffect(() => {
    // The grid leaves its cell on Escape and the focus on the page body; the clerk's place is then lost.
    const remember = (e: KeyboardEvent) => {
      lastKey.current = e.key;
    };
    document.addEventListener('keydown', remember, true);
    return () => {
      document.removeEventListener('keydown', remember, true);
    };
  }, []);

  useEffect(() => {
    // Only a settled grid scrolls to a cell: before, it has no size to scroll by.
    if (!settled || target === null || grid.current === null) return;
    const col = columns.some((c) => c.id === target.field) ? target.field : 0;
    box.current?.scrollIntoView({ block: 'center' });
    grid.current.setActiveCell({ col, row: Math.max(0, Math.min(target.row, rows.length - 1)) });
    // Jump once per link, not on every edit of the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, target?.row, target?.field]);

  const cellClassName = useCallback(
    ({ rowIndex, columnId }: { rowIndex: number; columnId?: string }) => {
      const field = columnId ?? '';
      const list = messages.get(cellKey(section, rowIndex, field));
      const classes: string[] = [];
      if (list?.some((m) => m.severity === 'ERROR')) classes.push('editor-cell-error');
      else if (list !== undefined && list.length > 0) classes.push('editor-cell-warning');
      if (target !== null && target.row === rowIndex && target.field === field) classes.push('editor-cell-target');
      return classes.length === 0 ? undefined : classes.join(' ');
    },
    [messages, section, target?.row, target?.field], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const change = useCallback(
    (next: Row[]) => {
      const cell = typing.current;
      typing.current = undefined;
      onRows(section, startEmpty && isBlank(next) ? [] : next, cell);
    },
    [onRows, section, startEmpty],
  );

  const edit = (make: (list: Row[], at: number) => Row[]) => {
    const at = lastRow.current ?? rows.length - 1;
    const next = make([...rows], at);
    onRows(section, startEmpty && isBlank(next) ? [] : next);
  };

  return (
    <CellContext.Provider value={context}>
      <div
        ref={box}
        className="editor-grid"
        data-testid="editor-grid"
        data-section={section}
        data-settled={settled}
        role="group"
        aria-label={title}
      >
        {!lockRows && (
          <GridToolbar
            canEditRow={rows.length > 0}
            onAdd={() => {
              edit((l, at) => [...l.slice(0, at + 1), createRow(), ...l.slice(at + 1)]);
            }}
            onDuplicate={() => {
              edit((l, at) => (l[at] ? [...l.slice(0, at + 1), structuredClone(l[at]), ...l.slice(at + 1)] : l));
            }}
            onDelete={() => {
              edit((l, at) => l.filter((_, i) => i !== at));
            }}
          />
        )}
        <DataSheetGrid<Row>
          ref={grid}
          value={rows as Row[]}
          onChange={change}
          columns={columns}
          cellClassName={cellClassName}
          createRow={createRow}
          duplicateRow={({ rowData }) => structuredClone(rowData)}
          lockRows={lockRows}
          height={height}
          rowHeight={34}
          headerRowHeight={40}
          addRowsComponent={false}
          contextMenuComponent={menu}
          onActiveCellChange={({ cell }) => {
            if (cell !== null) lastRow.current = cell.row;
            // Left by Escape: the focus waits right after the grid, so Tab goes on and Shift+Tab goes back in.
            else if (lastKey.current === 'Escape') exit.current?.focus();
          }}
        />
        <p ref={exit} tabIndex={-1} className="editor-grid-exit">
          {t('left')}
        </p>
      </div>
    </CellContext.Provider>
  );
}
