import type { RouteObject } from 'react-router';
import { UnitsListPage } from '@renderer/features/units/UnitsListPage';
import { UnitPage } from '@renderer/features/units/UnitPage';

export const unitRoutes: RouteObject[] = [
  { path: 'liegenschaften', element: <UnitsListPage /> },
  { path: 'liegenschaften/:connectionId/:billingunit', element: <UnitPage /> },
];
