import type { RouteObject } from 'react-router';
import { ArchivePage } from '@renderer/features/archive/ArchivePage';
import { ArchiveEntryPage } from '@renderer/features/archive/ArchiveEntryPage';

export const archiveRoutes: RouteObject[] = [
  { path: 'archiv', element: <ArchivePage /> },
  { path: 'archiv/:connectionId/:entryId', element: <ArchiveEntryPage /> },
];
