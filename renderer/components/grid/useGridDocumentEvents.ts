/**
 * The grid's own keys and pastes, heard on the document rather than on the grid's element.
 *
 * Why: datasheet-grid blurs the page whenever a cell becomes active (a click, Tab into the grid), so the focus sits on
 * the page body until the grid takes it back a frame later (holdFocus in EditorGrid). An Escape, F8 or paste in that
 * moment is aimed at the body, and a handler on the grid's element never hears it: the clerk's Escape then let go of
 * the cell without leaving the focus after the grid, and a paste went to datasheet-grid's plain paste without our
 * checks (seen on a loaded CI machine). datasheet-grid listens on the document for the same reason.
 *
 * An event counts as the grid's when it comes from inside the grid, or from the body while this grid has an active
 * cell. Capture, so a paste the grid takes never reaches datasheet-grid's own document listener.
 */
import { useEffect, useEffectEvent } from 'react';
import type { RefObject } from 'react';

export type GridDocumentHandlers = {
  onKeyDown: (e: KeyboardEvent) => void;
  onPaste: (e: ClipboardEvent) => void;
};

export function useGridDocumentEvents(
  box: RefObject<HTMLElement | null>,
  hasActiveCell: () => boolean,
  handlers: GridDocumentHandlers,
): void {
  const ours = (e: Event): boolean => {
    const target = e.target;
    if (target === document.body) return hasActiveCell();
    return target instanceof Node && (box.current?.contains(target) ?? false);
  };
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
