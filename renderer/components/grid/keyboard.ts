/**
 * The grid's own keys, as one pure map (Actual Budget's TransactionTableKeyboard): what a key press means given
 * where the grid stands. datasheet-grid keeps Excel's keys (arrows, Enter, Tab, Ctrl+D, Delete); this map adds
 * what it lacks, and the grid applies it in its own onKeyDown and, while the focus sits on the page body, from the
 * document (useBodyEvents).
 */
export type KeyInput = { key: string; ctrl: boolean; shift: boolean; alt: boolean; meta: boolean };

export type GridKeyState = {
  /** A cell is active (selected), whether or not it is being edited. */
  active: boolean;
  /** The key was pressed in a cell's open editor (an editable input), not on the selected cell. */
  editing: boolean;
};

export type GridKeyAction =
  /** Escape on a selected cell: the grid lets go of it; the focus waits right after the grid. */
  | 'leave'
  /** F8 / Shift+F8: to the next / previous cell with a message, as in Excel's and IDEs' "next problem". */
  | 'nextMessage'
  | 'previousMessage'
  | 'none';

export function gridKeyAction(input: KeyInput, state: GridKeyState): GridKeyAction {
  if (!state.active || input.alt || input.ctrl || input.meta) return 'none';
  if (input.key === 'Escape' && !input.shift) return state.editing ? 'none' : 'leave';
  if (input.key === 'F8') return input.shift ? 'previousMessage' : 'nextMessage';
  return 'none';
}

export type CellPlace = { row: number; col: number };

/** The next (or previous) place after `from` in reading order, wrapping around; undefined when there is none. */
export function nextPlace(places: readonly CellPlace[], from: CellPlace | null, direction: 1 | -1): CellPlace | undefined {
  if (places.length === 0) return undefined;
  const order = [...places].sort((a, b) => a.row - b.row || a.col - b.col);
  const rank = (p: CellPlace) => p.row * 100_000 + p.col;
  const here = from === null ? (direction === 1 ? -1 : Number.MAX_SAFE_INTEGER) : rank(from);
  if (direction === 1) return order.find((p) => rank(p) > here) ?? order[0];
  return [...order].reverse().find((p) => rank(p) < here) ?? order.at(-1);
}
