import type { RouteObject } from 'react-router';
import { TenantsPage } from '@renderer/features/tenants/TenantsPage';

export const tenantRoutes: RouteObject[] = [
  { path: 'liegenschaften/:connectionId/:billingunit/nutzer', element: <TenantsPage /> },
];
