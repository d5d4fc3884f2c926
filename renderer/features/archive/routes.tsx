import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const ArchivePage = lazyScreen(() => import('@renderer/features/archive/ArchivePage').then((m) => m.ArchivePage));
const ArchiveEntryPage = lazyScreen(() => import('@renderer/features/archive/ArchiveEntryPage').then((m) => m.ArchiveEntryPage));

export const archiveRoutes: RouteObject[] = [
  { path: 'archiv', element: <ArchivePage /> },
  { path: 'archiv/:connectionId/:entryId', element: <ArchiveEntryPage /> },
];
