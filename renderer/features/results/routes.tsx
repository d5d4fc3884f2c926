import type { RouteObject } from 'react-router';
import { ResultsPage } from '@renderer/features/results/ResultsPage';

/** Ergebnisse › Liegenschaft › Zeitraum: the billing result of one period. */
export const resultRoutes: RouteObject[] = [
  { path: 'ergebnisse/:connectionId/:billingunit/:periodTo', element: <ResultsPage /> },
];
