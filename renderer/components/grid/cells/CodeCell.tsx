import { memo, useMemo } from 'react';
import { Select } from '@mantine/core';
import type { CellProps } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';
import { useCellMessages } from '@renderer/components/grid/cells/cell-context';
import type { CodeOption } from '@renderer/components/grid/paste';

export type CodeColumnData = { field: string; title: string; options: readonly CodeOption[] };

export const codeText = (code: string, options: readonly CodeOption[]): string => {
  const label = options.find((o) => o.code === code)?.label;
  return label === undefined ? code : `${code} – ${label}`;
};

/**
 * A code-table value (cost type, distribution key, fuel, energy source, tax service type) as a searchable
 * dropdown with the German labels while editing, and as "code – label" otherwise. The column sets `keepFocus` and
 * `disableKeys`, so the grid leaves clicks in the dropdown and its arrow/Enter keys to the Select.
 */
export const CodeCell = memo(function CodeCell({
  rowData,
  rowIndex,
  focus,
  setRowData,
  stopEditing,
  columnData,
}: CellProps<Row, CodeColumnData>) {
  const { t } = useTranslation('grid');
  const raw = getField(rowData, columnData.field);
  const value = typeof raw === 'string' ? raw : '';
  const message = useCellMessages(rowIndex, columnData.field);
  const data = useMemo(
    () => columnData.options.map((o) => ({ value: o.code, label: `${o.code} – ${o.label}` })),
    [columnData.options],
  );
  const label = t('cell.label', { column: columnData.title, row: rowIndex + 1 });
  if (!focus) {
    return (
      <span className="editor-code" title={message ?? codeText(value, columnData.options)} aria-description={message}>
        {codeText(value, columnData.options)}
      </span>
    );
  }
  return (
    <Select
      className="editor-select"
      aria-label={label}
      data={data}
      value={data.some((d) => d.value === value) ? value : null}
      searchable
      selectFirstOptionOnChange
      defaultDropdownOpened
      autoFocus
      size="xs"
      variant="unstyled"
      nothingFoundMessage={t('cell.nothingFound')}
      onChange={(v) => {
        setRowData(setField(rowData, columnData.field, v ?? ''));
        stopEditing({ nextRow: false });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' || e.key === 'Tab') stopEditing({ nextRow: false });
      }}
    />
  );
});
