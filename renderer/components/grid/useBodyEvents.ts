/**
 * The grid's own keys and pastes while the focus sits on the page body.
 *
 * Why: datasheet-grid blurs the page whenever a cell becomes active (a click, Tab into the grid), so the focus sits on
 * the body until the grid takes it back a frame later (holdFocus in EditorGrid). An Escape, F8 or paste in that
 * moment is aimed at the body, and the grid's element handlers never hear it: on a loaded CI machine the clerk's
 * Escape let go of the cell without leaving the focus after the grid, and a paste went to datasheet-grid's plain
 * paste without our checks. datasheet-grid listens on the document for the same reason.
 *
 * Events from inside the grid stay with its element handlers, after the cells' own (an open cell hears its paste
 * first). Capture, so a paste taken here never reaches datasheet-grid's document listener.
 */
import { useEffect, useEffectEvent } from 'react';

/** What the grid reads of a key press, from React's event on its element or the document's. */
export type GridKeyEvent = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'target' | 'preventDefault'
>;
/** What the grid reads of a paste, from React's event on its element or the document's. */
export type GridPasteEvent = Pick<ClipboardEvent, 'target' | 'preventDefault' | 'stopPropagation'> & {
  clipboardData: DataTransfer | null;
};

export type GridHandlers = {
  onKeyDown: (e: GridKeyEvent) => void;
  onPaste: (e: GridPasteEvent) => void;
};

export function useBodyEvents(hasActiveCell: () => boolean, handlers: GridHandlers): void {
  const ours = (e: Event): boolean => e.target === document.body && hasActiveCell();
  // Effect events see the latest rows and columns while the listeners stay registered once.
  const key = useEffectEvent((e: KeyboardEvent) => {
    if (ours(e)) handlers.onKeyDown(e);
  });
  const paste = useEffectEvent((e: ClipboardEvent) => {
    if (ours(e)) handlers.onPaste(e);
  });

  useEffect(() => {
    document.addEventListener('keydown', key, true);
    document.addEventListener('paste', paste, true);
    return () => {
      document.removeEventListener('keydown', key, true);
      document.removeEventListener('paste', paste, true);
    };
  }, []);
}
