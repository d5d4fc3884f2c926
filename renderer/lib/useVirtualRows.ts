/**
 * Rows of a scrolling table, only those in view in the DOM: the scroller to attach, the rows to draw, and the
 * heights of the spacer rows above and below that keep the scroll bar and the table's semantics right.
 */
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export function useVirtualRows(count: number, rowHeight: number) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders on scroll by itself; nothing here is memoized across renders.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtual.getVirtualItems();
  return {
    scroller,
    items,
    /** For rows whose height follows their content: attach to each row (with `data-index`) to measure it. */
    measure: virtual.measureElement,
    top: items[0]?.start ?? 0,
    bottom: virtual.getTotalSize() - (items.at(-1)?.end ?? 0),
  };
}
