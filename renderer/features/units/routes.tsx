import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const UnitsListPage = lazyScreen(() => import('@renderer/features/units/UnitsListPage').then((m) => m.UnitsListPage));
const UnitPage = lazyScreen(() => import('@renderer/features/units/UnitPage').then((m) => m.UnitPage));

export const unitRoutes: RouteObject[] = [
  { path: 'liegenschaften', element: <UnitsListPage /> },
  { path: 'liegenschaften/:connectionId/:billingunit', element: <UnitPage /> },
];
