import type { RouteObject } from 'react-router';
import { ArchivePage } from '@renderer/features/archive/ArchivePage';

export const archiveRoutes: RouteObject[] = [{ path: 'archiv', element: <ArchivePage /> }];
