import type { RouteObject } from 'react-router';
import { DashboardPage } from '@renderer/features/dashboard/DashboardPage';

export const dashboardRoutes: RouteObject[] = [{ index: true, element: <DashboardPage /> }];
