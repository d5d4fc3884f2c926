/**
 * A check's counts in words. German needs two cases: „Prüfung mit 2 Fehlern“ (dative, `countWith`) and
 * „nicht angenommen (2 Fehler)“ (nominative, `count`); English has the same words for both.
 */
import type { TFunction } from 'i18next';

export type Counts = { errors: number; warnings: number; notes: number };

/** `2 Fehler, 1 Warnung`; notes only when there is nothing else. */
export function countsText(t: TFunction, counts: Counts, set: 'count' | 'countWith' = 'count'): string {
  const { errors, warnings, notes } = counts;
  return [
    errors > 0 ? t(`${set}.errors`, { count: errors }) : '',
    warnings > 0 ? t(`${set}.warnings`, { count: warnings }) : '',
    errors + warnings === 0 && notes > 0 ? t(`${set}.notes`, { count: notes }) : '',
  ]
    .filter((p) => p !== '')
    .join(', ');
}

/** The badge of a test check: „Prüfung bestanden“ or „Prüfung mit 2 Fehlern, 1 Warnung“. */
export function checkResultText(t: TFunction, counts: Counts): string {
  return counts.errors + counts.warnings + counts.notes === 0
    ? t('check.passed')
    : t('check.withMessages', { counts: countsText(t, counts, 'countWith') });
}
