/**
 * What every cell of one grid needs besides its row: the grid's section (for its messages) and a way to say "this
 * change is typing in me", so keystrokes of one cell coalesce into one undo step.
 */
import { createContext, useContext } from 'react';
import type { PrecheckMessage } from '@shared/domain/precheck/index';

/** One cell's key in a grid's message map: its section, row and field. */
export const cellKey = (section: string, row: number, field: string): string => `${section}|${String(row)}|${field}`;

export type CellMessage = Pick<PrecheckMessage, 'severity'> & { text: string };

export type GridCellContext = {
  section: string;
  messages: ReadonlyMap<string, readonly CellMessage[]>;
  markTyping: (cell: string) => void;
};

export const CellContext = createContext<GridCellContext>({ section: '', messages: new Map(), markTyping: () => undefined });

/** The messages at one cell, as text for its title and aria-description. */
export function useCellMessages(row: number, field: string): string | undefined {
  const { section, messages } = useContext(CellContext);
  const list = messages.get(cellKey(section, row, field));
  return list === undefined || list.length === 0 ? undefined : list.map((m) => m.text).join(' · ');
}
