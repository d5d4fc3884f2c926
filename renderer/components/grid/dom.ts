/** The grid's few reads of the page (kept apart from its pure modules, which unit tests load without a DOM). */

/** Whether the focus is in an open cell editor: an input or text area the clerk can type into. */
export function isEditingTarget(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  return target instanceof HTMLInputElement && !target.readOnly && target.type !== 'checkbox';
}

/** Width of a header text in the header's font (12 px of the page's family), by a canvas that is never shown. */
export function headerMeasure(): (s: string) => number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (ctx === null) return (s) => s.length * 7;
  ctx.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return (s) => ctx.measureText(s).width;
}
