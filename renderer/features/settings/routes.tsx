import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const SettingsPage = lazyScreen(() => import('@renderer/features/settings/SettingsPage').then((m) => m.SettingsPage));
const ConnectionEditPage = lazyScreen(() =>
  import('@renderer/features/connections/ConnectionEditPage').then((m) => m.ConnectionEditPage),
);

export const settingsRoutes: RouteObject[] = [
  { path: 'einstellungen', element: <SettingsPage /> },
  // `neu` (NEW_CONNECTION) opens the empty form; any other id edits that connection.
  { path: 'einstellungen/verbindungen/:connectionId', element: <ConnectionEditPage /> },
];
