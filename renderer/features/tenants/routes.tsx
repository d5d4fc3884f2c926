import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const TenantsPage = lazyScreen(() => import('@renderer/features/tenants/TenantsPage').then((m) => m.TenantsPage));

export const tenantRoutes: RouteObject[] = [
  { path: 'liegenschaften/:connectionId/:billingunit/nutzer', element: <TenantsPage /> },
];
