/**
 * The grid's own notes beside the messages it is given: a pasted text its column could not take as a value of its
 * kind (kept while the cell still holds what that paste left), and a code no code table knows (kept while it
 * stands in the cell, also after a reload). A cell the caller's check already names gets no second note.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Column } from 'react-datasheet-grid';
import { useTranslation } from 'react-i18next';
import { cellKey } from '@renderer/components/grid/cells/cell-context';
import type { CellMessage } from '@renderer/components/grid/cells/cell-context';
import { getField } from '@renderer/components/grid/draft-path';
import type { CellValue, Row } from '@renderer/components/grid/draft-path';
import type { Spread } from '@renderer/components/grid/paste-block';
import type { CellPlace } from '@renderer/components/grid/keyboard';
import { isCode } from '@renderer/components/grid/paste';
import type { CodeOption } from '@renderer/components/grid/paste';
import { isNumeric, kindOfField } from '@renderer/components/grid/value-kinds';

type Note = { row: number; field: string; value: CellValue; pasted: string };

const optionsOf = (c: Column<Row>): readonly CodeOption[] | undefined =>
  (c.columnData as { options?: readonly CodeOption[] } | undefined)?.options;

function expectation(column: Column<Row>): string {
  if (optionsOf(column) !== undefined) return 'code';
  const kind = kindOfField(column.id ?? '');
  return isNumeric(kind) ? 'number' : kind === 'date' || kind === 'bool' ? kind : 'text';
}

export function usePasteNotes(
  section: string,
  rows: readonly Row[],
  messages: ReadonlyMap<string, readonly CellMessage[]>,
  columns: readonly Column<Row>[],
) {
  const { t } = useTranslation('grid');
  const [notes, setNotes] = useState<ReadonlyMap<string, Note>>(new Map());

  const record = useCallback(
    (spread: Spread) => {
      setNotes((old) => {
        const next = new Map(old);
        for (const r of spread.refused) {
          const row = spread.rows[r.row];
          next.set(cellKey(section, r.row, r.field), {
            row: r.row,
            field: r.field,
            pasted: r.value.trim(),
            value: row === undefined ? undefined : getField(row, r.field),
          });
        }
        return next;
      });
    },
    [section],
  );

  const merged = useMemo(() => {
    const out = new Map(messages);
    const add = (row: number, field: string, pasted: string) => {
      const key = cellKey(section, row, field);
      if ((out.get(key)?.length ?? 0) > 0) return;
      const column = columns.find((c) => c.id === field);
      const title = typeof column?.title === 'string' ? column.title : field;
      const expected = column === undefined ? 'text' : expectation(column);
      out.set(key, [{ severity: 'ERROR', text: t(`refused.${expected}`, { value: pasted, column: title }) }]);
    };
    for (const n of notes.values()) {
      const row = rows[n.row];
      if (row !== undefined && getField(row, n.field) === n.value) add(n.row, n.field, n.pasted);
    }
    for (const column of columns) {
      const options = optionsOf(column);
      if (options === undefined || column.id === undefined) continue;
      const field = column.id;
      rows.forEach((row, i) => {
        const v = getField(row, field);
        if (typeof v === 'string' && !isCode(v.trim(), options)) add(i, field, v.trim());
      });
    }
    return out;
  }, [messages, notes, rows, columns, section, t]);

  /** Cells of this grid with a message or note, for F8. */
  const places = useCallback((): CellPlace[] => {
    const out: CellPlace[] = [];
    const prefix = `${section}|`;
    for (const [key, list] of merged) {
      if (!key.startsWith(prefix) || list.length === 0) continue;
      const [, row = '', field = ''] = key.split('|');
      const col = columns.findIndex((c) => c.id === field);
      if (col >= 0) out.push({ row: Number(row), col });
    }
    return out;
  }, [merged, columns, section]);

  const refused = [...notes.values()].filter((n) => {
    const row = rows[n.row];
    return row !== undefined && getField(row, n.field) === n.value;
  }).length;

  return { messages: merged, record, places, refused };
}
