import type { RouteObject } from 'react-router';
import { UnitsPage } from '@renderer/features/units/UnitsPage';

export const unitRoutes: RouteObject[] = [{ path: 'liegenschaften', element: <UnitsPage /> }];
