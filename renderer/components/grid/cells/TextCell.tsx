import { memo, useContext, useLayoutEffect, useRef } from 'react';
import type { CellProps } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';
import { CellContext, useCellMessages } from '@renderer/components/grid/cells/cell-context';
import { editText, isNumeric, storedOnLeave } from '@renderer/components/grid/value-kinds';
import type { ValueKind } from '@renderer/components/grid/value-kinds';
import { useDisplayValue } from '@renderer/components/grid/cells/useDisplayValue';
import { isBlock } from '@renderer/components/grid/paste-block';

export type TextColumnData = { field: string; kind: ValueKind; title: string };

/**
 * A value as typed. Uncontrolled input (datasheet-grid's own pattern): every keystroke goes into the draft at once,
 * so a reload mid-typing loses nothing. Leaving the cell after typing stores the text read German-first in the
 * MSC's form (`1.500` litres → `1500.000`), joined to the typing's undo step; outside editing the cell shows the
 * value formatted for reading, and editing starts from its German form (editText).
 */
export const TextCell = memo(function TextCell({
  rowData,
  rowIndex,
  focus,
  setRowData,
  columnData,
}: CellProps<Row, TextColumnData>) {
  const { t } = useTranslation('grid');
  const { markTyping } = useContext(CellContext);
  const ref = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  const raw = getField(rowData, columnData.field);
  const value = typeof raw === 'string' ? raw : '';
  const shown = useDisplayValue(columnData.kind, value);
  const message = useCellMessages(rowIndex, columnData.field);
  const cell = `${String(rowIndex)}|${columnData.field}`;

  useLayoutEffect(() => {
    const input = ref.current;
    if (input === null) return;
    if (focus) {
      typed.current = false;
      input.value = editText(columnData.kind, value);
      input.focus();
      input.select();
      return;
    }
    input.blur();
    // Only what the clerk typed is read German-first; a stored value merely looked at stays as it is.
    if (!typed.current) return;
    typed.current = false;
    const stored = storedOnLeave(columnData.kind, value);
    if (stored === undefined) return;
    markTyping(cell);
    setRowData(setField(rowData, columnData.field, stored));
    // Only the change of focus moves the caret or converts; typing must not reset the input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  useLayoutEffect(() => {
    if (!focus && ref.current !== null) ref.current.value = shown;
  }, [focus, shown]);

  return (
    <input
      ref={ref}
      className={isNumeric(columnData.kind) ? 'dsg-input dsg-input-align-right editor-num' : 'dsg-input'}
      tabIndex={-1}
      aria-label={t('cell.label', { column: columnData.title, row: rowIndex + 1 })}
      aria-description={message}
      title={message}
      defaultValue={shown}
      readOnly={!focus}
      style={{ pointerEvents: focus ? 'auto' : 'none' }}
      onPaste={(e) => {
        // A block goes to the grid, which spreads it from this cell; what was typed here is not read on leaving.
        if (isBlock(e.clipboardData.getData('text/plain'))) typed.current = false;
      }}
      onChange={(e) => {
        typed.current = true;
        markTyping(cell);
        setRowData(setField(rowData, columnData.field, e.target.value));
      }}
    />
  );
});
