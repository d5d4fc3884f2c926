import { memo, useContext, useLayoutEffect, useRef } from 'react';
import type { CellProps } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { getField, setField } from '@renderer/features/editor/draft-path';
import type { Row } from '@renderer/features/editor/draft-path';
import { CellContext, useCellMessages } from '@renderer/features/editor/cells/cell-context';
import { isNumeric } from '@renderer/features/editor/value-kinds';
import type { ValueKind } from '@renderer/features/editor/value-kinds';
import { useDisplayValue } from '@renderer/features/editor/cells/useDisplayValue';

export type TextColumnData = { field: string; kind: ValueKind; title: string };

/**
 * A value as typed. Uncontrolled input (datasheet-grid's own pattern): every keystroke goes into the draft at once,
 * so a reload mid-typing loses nothing. Outside editing it shows the value formatted for reading.
 */
export const TextCell = memo(function TextCell({
  rowData,
  rowIndex,
  focus,
  setRowData,
  columnData,
}: CellProps<Row, TextColumnData>) {
  const { t } = useTranslation('editor');
  const { markTyping } = useContext(CellContext);
  const ref = useRef<HTMLInputElement>(null);
  const raw = getField(rowData, columnData.field);
  const value = typeof raw === 'string' ? raw : '';
  const shown = useDisplayValue(columnData.kind, value);
  const message = useCellMessages(rowIndex, columnData.field);

  useLayoutEffect(() => {
    const input = ref.current;
    if (input === null) return;
    if (focus) {
      input.value = value;
      input.focus();
      input.select();
    } else {
      input.blur();
    }
    // Only the change of focus moves the caret; typing must not reset the input.
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
      onChange={(e) => {
        markTyping(`${String(rowIndex)}|${columnData.field}`);
        setRowData(setField(rowData, columnData.field, e.target.value));
      }}
    />
  );
});
