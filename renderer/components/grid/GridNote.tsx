import { Text } from '@mantine/core';
import type { Column } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { cellKey } from '@renderer/components/grid/cells/cell-context';
import type { CellMessage } from '@renderer/components/grid/cells/cell-context';
import type { Row } from '@renderer/components/grid/draft-path';

type Props = {
  section: string;
  active: { row: number; field: string } | null;
  columns: readonly Column<Row>[];
  messages: ReadonlyMap<string, readonly CellMessage[]>;
  /** Pasted values the grid marked because their column could not take them. */
  refused: number;
};

/**
 * The active cell's messages in words, right below the grid, so the clerk reads them without hovering; and after a
 * paste, how many pasted values did not fit their column. Announced politely as the clerk moves.
 */
export function GridNote({ section, active, columns, messages, refused }: Props) {
  const { t } = useTranslation('grid');
  const list = active === null ? [] : (messages.get(cellKey(section, active.row, active.field)) ?? []);
  const column = columns.find((c) => c.id === active?.field);
  const place =
    active === null
      ? ''
      : t('note.place', { row: active.row + 1, column: typeof column?.title === 'string' ? column.title : '' });
  return (
    <div className="grid-note" aria-live="polite">
      {refused > 0 && (
        <Text size="sm" c="red.9" data-testid="grid-refused">
          {t('note.refused', { count: refused })}
        </Text>
      )}
      {list.length > 0 && (
        <Text size="sm" data-testid="grid-cell-note" data-severity={list[0]?.severity}>
          <strong>{place}:</strong> {list.map((m) => m.text).join(' · ')}
        </Text>
      )}
    </div>
  );
}
