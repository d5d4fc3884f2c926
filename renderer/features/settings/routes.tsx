import type { RouteObject } from 'react-router';
import { ConnectionsPage } from '@renderer/features/connections/ConnectionsPage';

export const settingsRoutes: RouteObject[] = [{ path: 'einstellungen', element: <ConnectionsPage /> }];
