/**
 * The editor's state as a reducer (Actual Budget's cut): the draft content, an undo stack of earlier contents and a
 * change counter the autosave watches. Keystrokes in one cell coalesce into one undo step, so Ctrl+Z undoes a
 * value, not a letter.
 */
import type { DraftContent } from '@shared/domain/workspace';
import { withSectionRows } from '@renderer/features/editor/sections';
import type { Row } from '@renderer/components/grid/draft-path';

const UNDO_LIMIT = 200;

export type EditorState = {
  content: DraftContent | null;
  past: DraftContent[];
  future: DraftContent[];
  /** Counts edits since the draft was loaded; 0 means nothing to save. */
  changes: number;
  /** The cell the last edit went into; a further edit of the same cell joins its undo step. */
  lastCell: string | null;
};

export type EditorAction =
  | { type: 'load'; content: DraftContent; unsaved?: boolean }
  | { type: 'rows'; section: string; rows: readonly Row[]; cell?: string }
  | { type: 'undo' }
  | { type: 'redo' };

export const initialEditorState: EditorState = { content: null, past: [], future: [], changes: 0, lastCell: null };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { content: action.content, past: [], future: [], changes: action.unsaved === true ? 1 : 0, lastCell: null };
    case 'rows': {
      if (state.content === null) return state;
      const content = withSectionRows(state.content, action.section, action.rows);
      const cell = action.cell === undefined ? null : `${action.section}|${action.cell}`;
      const coalesce = cell !== null && cell === state.lastCell;
      const past = coalesce ? state.past : [...state.past, state.content].slice(-UNDO_LIMIT);
      return { content, past, future: [], changes: state.changes + 1, lastCell: cell };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined || state.content === null) return state;
      return {
        content: previous,
        past: state.past.slice(0, -1),
        future: [state.content, ...state.future],
        changes: state.changes + 1,
        lastCell: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined || state.content === null) return state;
      return { content: next, past: [...state.past, state.content], future: rest, changes: state.changes + 1, lastCell: null };
    }
  }
}
