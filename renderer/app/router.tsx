/**
 * Every screen has a URL under a hash router, which works under file:// in Electron and in browser mode alike:
 * reload, back and forward keep the clerk where they were. Each feature contributes its own routes.
 */
import { createHashRouter } from 'react-router';
import { Frame } from '@renderer/app/Frame';
import { NotFoundPage } from '@renderer/app/NotFoundPage';
import { dashboardRoutes } from '@renderer/features/dashboard/routes';
import { unitRoutes } from '@renderer/features/units/routes';
import { billingRoutes } from '@renderer/features/billing/routes';
import { editorRoutes } from '@renderer/features/editor/routes';
import { archiveRoutes } from '@renderer/features/archive/routes';
import { settingsRoutes } from '@renderer/features/settings/routes';
import { demoMscRoutes } from '@renderer/features/demo-msc/routes';
import { tenantRoutes } from '@renderer/features/tenants/routes';
import { resultRoutes } from '@renderer/features/results/routes';
import { agreementRoutes } from '@renderer/features/agreements/routes';

export function createRouter() {
  return createHashRouter([
    {
      element: <Frame />,
      children: [
        ...dashboardRoutes,
        ...unitRoutes,
        ...billingRoutes,
        ...editorRoutes,
        ...archiveRoutes,
        ...settingsRoutes,
        ...demoMscRoutes,
        ...tenantRoutes,
        ...resultRoutes,
        ...agreementRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
