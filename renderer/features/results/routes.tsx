import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const ResultsPage = lazyScreen(() => import('@renderer/features/results/ResultsPage').then((m) => m.ResultsPage));

/** Ergebnisse › Liegenschaft › Zeitraum: the billing result of one period. */
export const resultRoutes: RouteObject[] = [
  { path: 'ergebnisse/:connectionId/:billingunit/:periodTo', element: <ResultsPage /> },
];
