/**
 * Where a message leads: the editor URL of a step with `?section=&row=&field=` (route vocabulary of issue 11), and
 * messages grouped by cell and by step for the grids and the stepper.
 */
import { locate } from '@shared/domain/draft-location';
import type { DraftLocation, EditorStep } from '@shared/domain/draft-location';
import type { DraftContent } from '@shared/domain/workspace';
import { cellKey } from '@renderer/components/grid/cells/cell-context';

export type PeriodRef = { connectionId: string; billingunit: string; periodTo: string };

export const editorPath = (ref: PeriodRef, step: EditorStep): string =>
  `/abrechnung/${ref.connectionId}/${ref.billingunit}/${ref.periodTo}/erfassen/${step}`;

export function locationHref(ref: PeriodRef, loc: DraftLocation): string {
  const params = new URLSearchParams({ section: loc.section, row: String(loc.row), field: loc.field });
  return `${editorPath(ref, loc.step)}?${params.toString()}`;
}

export { cellKey };

export type Located<M> = { message: M; loc: DraftLocation | undefined };

/** Messages with their place in the editor; a path the editor does not show stays unlocated (listed, not linked). */
export function locateAll<M extends { path: string }>(messages: readonly M[], content: DraftContent | undefined): Located<M>[] {
  return messages.map((message) => ({ message, loc: locate(message.path, content) }));
}

export function byCell<M>(located: readonly Located<M>[]): Map<string, M[]> {
  const map = new Map<string, M[]>();
  for (const { message, loc } of located) {
    if (loc === undefined) continue;
    const key = cellKey(loc.section, loc.row, loc.field);
    map.set(key, [...(map.get(key) ?? []), message]);
  }
  return map;
}

export function countByStep<M>(located: readonly Located<M>[]): Partial<Record<EditorStep, number>> {
  const counts: Partial<Record<EditorStep, number>> = {};
  for (const { loc } of located) if (loc !== undefined) counts[loc.step] = (counts[loc.step] ?? 0) + 1;
  return counts;
}
