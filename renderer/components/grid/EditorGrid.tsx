/**
 * One section of the draft as a spreadsheet grid.
 *
 * Why react-datasheet-grid: its cells are DOM elements (inputs, spans), so axe, screen readers and Playwright see
 * every value and label, it brings Excel's keyboard model (arrows, Enter/Tab, Shift+Enter, Ctrl+D) and
 * virtualizes rows. Glide Data Grid draws on a canvas, which assistive technology and tests cannot read without a
 * parallel DOM. What it lacks the grid adds on its own element: its keys (keyboard.ts), pastes spread from any
 * cell and checked by column kind (paste-block.ts), the active cell's messages in words (GridNote).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataSheetGrid } from 'react-datasheet-grid';
import type { Column, DataSheetGridRef } from 'react-datasheet-grid';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CellContext, cellKey } from '@renderer/components/grid/cells/cell-context';
import type { CellMessage, GridCellContext } from '@renderer/components/grid/cells/cell-context';
import type { Row } from '@renderer/components/grid/draft-path';
import { GridToolbar } from '@renderer/components/grid/GridToolbar';
import { GridNote } from '@renderer/components/grid/GridNote';
import { useGridMenu } from '@renderer/components/grid/useGridMenu';
import { useGridSettled } from '@renderer/components/grid/useGridSettled';
import { GUTTER_WIDTH } from '@renderer/components/grid/columns';
import { headerLayout } from '@renderer/components/grid/header-layout';
import { headerMeasure, isEditingTarget } from '@renderer/components/grid/dom';
import type { FrozenColumn } from '@renderer/components/grid/frozen';
import { gridKeyAction, nextPlace } from '@renderer/components/grid/keyboard';
import { isBlock, parseBlock, spreadBlock } from '@renderer/components/grid/paste-block';
import { usePasteNotes } from '@renderer/components/grid/usePasteNotes';
import { useBodyEvents } from '@renderer/components/grid/useBodyEvents';
import type { GridKeyEvent, GridPasteEvent } from '@renderer/components/grid/useBodyEvents';
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
  /** Identifying columns held at the left edge while the grid scrolls right (see frozen.tsx). */
  frozen?: FrozenColumn;
  /** A commissioned period: every cell disabled, no rows added or removed, pastes ignored. */
  readOnly?: boolean;
};

const createRow = (): Row => ({});

const BLANK: Row[] = [{}];
const isBlank = (list: readonly Row[]) => list.length === 1 && Object.keys(list[0] ?? {}).length === 0;

export function EditorGrid(props: Props) {
  const { section, title, messages, onRows, startEmpty = false, height = 420, frozen, readOnly = false } = props;
  const lockRows = (props.lockRows ?? false) || readOnly;
  const given = useMemo(
    () => (readOnly ? props.columns.map((c) => ({ ...c, disabled: true })) : props.columns),
    [readOnly, props.columns],
  );
  const rows = startEmpty && props.rows.length === 0 ? BLANK : props.rows;
  const grid = useRef<DataSheetGridRef>(null);
  const typing = useRef<string | undefined>(undefined);
  const lastRow = useRef<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const exit = useRef<HTMLParagraphElement>(null);
  const { t } = useTranslation('grid');
  const [params] = useSearchParams();
  const { key: visit } = useLocation();
  const menu = useGridMenu();
  const layout = useMemo(() => headerLayout(given, headerMeasure()), [given]);
  const { columns } = layout;
  const gutter = frozen?.basis ?? GUTTER_WIDTH;
  const settled = useGridSettled(box, columns, gutter);
  const [active, setActive] = useState<{ row: number; field: string } | null>(null);
  const paste = usePasteNotes(section, rows, messages, columns);
  const target =
    params.get('section') === section ? { row: Number(params.get('row') ?? '0'), field: params.get('field') ?? '' } : null;

  const context = useMemo<GridCellContext>(
    () => ({ section, messages: paste.messages, markTyping: (cell) => (typing.current = cell) }),
    [section, paste.messages],
  );

  useEffect(() => {
    // The grid scrolls inside its own box; keyboard users must be able to reach and scroll it (WCAG 2.1.1).
    box.current?.querySelector('.dsg-container')?.setAttribute('tabindex', '0');
  });

  useEffect(() => {
    // Only a settled grid scrolls to a cell: before, it has no size to scroll by. Each visit of a link jumps again.
    if (!settled || target === null || grid.current === null) return;
    const col = columns.some((c) => c.id === target.field) ? target.field : 0;
    box.current?.scrollIntoView({ block: 'center' });
    grid.current.setActiveCell({ col, row: Math.max(0, Math.min(target.row, rows.length - 1)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, target?.row, target?.field, visit]);

  /**
   * datasheet-grid blurs the page when a cell becomes active and its cells blur when editing stops; the focus then
   * sits on the page body and the grid's own key and paste handlers would not hear the clerk. It waits in the
   * grid's scroll box instead (after datasheet-grid's own effects, hence the frame).
   */
  const holdFocus = useCallback(() => {
    requestAnimationFrame(() => {
      if (grid.current?.activeCell == null) return;
      const here = document.activeElement;
      if (here === null || here === document.body) {
        box.current?.querySelector<HTMLElement>('.dsg-container')?.focus({ preventScroll: true });
      }
    });
  }, []);

  const cellClassName = useCallback(
    ({ rowIndex, columnId }: { rowIndex: number; columnId?: string }) => {
      const field = columnId ?? '';
      const list = paste.messages.get(cellKey(section, rowIndex, field));
      const classes: string[] = [];
      if (list?.some((m) => m.severity === 'ERROR')) classes.push('editor-cell-error');
      else if (list !== undefined && list.length > 0) classes.push('editor-cell-warning');
      if (target !== null && target.row === rowIndex && target.field === field) classes.push('editor-cell-target');
      return classes.length === 0 ? undefined : classes.join(' ');
    },
    [paste.messages, section, target?.row, target?.field], // eslint-disable-line react-hooks/exhaustive-deps
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

  const onPaste = (e: GridPasteEvent) => {
    const ref = grid.current;
    const cell = ref?.activeCell;
    if (ref == null || cell == null || readOnly) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const editing = isEditingTarget(e.target);
    // A single value pasted into an open cell is the input's, like typing.
    if (editing && !isBlock(text)) return;
    e.preventDefault();
    e.stopPropagation();
    const from = editing ? cell : (ref.selection?.min ?? cell);
    const to = editing ? cell.row : (ref.selection?.max.row ?? cell.row);
    const spread = spreadBlock(rows, columns, { row: from.row, col: from.col, toRow: to }, parseBlock(text), {
      lockRows,
      createRow,
    });
    paste.record(spread);
    onRows(section, startEmpty && isBlank(spread.rows) ? [] : spread.rows);
    ref.setSelection({ min: spread.min, max: spread.max });
    holdFocus();
  };

  const onKeyDown = (e: GridKeyEvent) => {
    const input = { key: e.key, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey };
    const action = gridKeyAction(input, { active: grid.current?.activeCell != null, editing: isEditingTarget(e.target) });
    if (action === 'leave') {
      // datasheet-grid lets go of the cell on this Escape; the clerk's place is kept right after the grid. An Escape
      // pressed within a frame of entering the grid meets datasheet-grid's late "blur on activation" effect, which
      // would drop the focus to the page body; the next frame puts it back.
      exit.current?.focus();
      requestAnimationFrame(() => {
        if (document.activeElement === null || document.activeElement === document.body) exit.current?.focus();
      });
    } else if (action === 'nextMessage' || action === 'previousMessage') {
      e.preventDefault();
      const here = grid.current?.activeCell ?? null;
      const place = nextPlace(paste.places(), here && { row: here.row, col: here.col }, action === 'nextMessage' ? 1 : -1);
      if (place) grid.current?.setActiveCell(place);
    }
  };

  useBodyEvents(() => grid.current?.activeCell != null, { onKeyDown, onPaste });

  return (
    <CellContext.Provider value={context}>
      <div
        ref={box}
        className="editor-grid"
        data-testid="editor-grid"
        data-section={section}
        data-settled={settled}
        data-active={active !== null}
        role="group"
        aria-label={title}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={(e) => {
          if (e.relatedTarget === null) holdFocus();
        }}
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
          gutterColumn={frozen}
          cellClassName={cellClassName}
          createRow={createRow}
          duplicateRow={({ rowData }) => structuredClone(rowData)}
          lockRows={lockRows}
          height={height}
          rowHeight={34}
          headerRowHeight={layout.height}
          addRowsComponent={false}
          contextMenuComponent={menu}
          onActiveCellChange={({ cell }) => {
            setActive(cell === null ? null : { row: cell.row, field: cell.colId ?? '' });
            if (cell === null) return;
            lastRow.current = cell.row;
            holdFocus();
          }}
        />
        <GridNote active={active} columns={columns} messages={paste.messages} section={section} refused={paste.refused} />
        <p ref={exit} tabIndex={-1} className="editor-grid-exit">
          {t('left')}
        </p>
      </div>
    </CellContext.Provider>
  );
}
