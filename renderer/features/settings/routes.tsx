import type { RouteObject } from 'react-router';
import { SettingsPage } from '@renderer/features/settings/SettingsPage';
import { ConnectionEditPage } from '@renderer/features/connections/ConnectionEditPage';

export const settingsRoutes: RouteObject[] = [
  { path: 'einstellungen', element: <SettingsPage /> },
  // `neu` (NEW_CONNECTION) opens the empty form; any other id edits that connection.
  { path: 'einstellungen/verbindungen/:connectionId', element: <ConnectionEditPage /> },
];
