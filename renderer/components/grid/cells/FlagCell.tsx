import { memo, useLayoutEffect } from 'react';
import type { CellProps } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';

export type FlagColumnData = { field: string; title: string };

/** A yes/no value; Enter or a click on the active cell toggles it (datasheet-grid's checkbox behaviour). */
export const FlagCell = memo(function FlagCell({
  rowData,
  rowIndex,
  focus,
  setRowData,
  stopEditing,
  columnData,
}: CellProps<Row, FlagColumnData>) {
  const { t } = useTranslation('grid');
  const checked = getField(rowData, columnData.field) === true;
  useLayoutEffect(() => {
    if (focus) {
      setRowData(setField(rowData, columnData.field, !checked));
      stopEditing({ nextRow: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);
  return (
    <input
      type="checkbox"
      className="dsg-checkbox"
      tabIndex={-1}
      checked={checked}
      readOnly
      aria-label={t('cell.label', { column: columnData.title, row: rowIndex + 1 })}
    />
  );
});

export type FixedColumnData = { text: (row: Row, index: number) => string };

/** A preset value the clerk cannot change here (name of the recipient, stock row label). */
export const FixedCell = memo(function FixedCell({ rowData, rowIndex, columnData }: CellProps<Row, FixedColumnData>) {
  return <span className="editor-fixed">{columnData.text(rowData, rowIndex)}</span>;
});
