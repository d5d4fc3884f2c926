import type { RouteObject } from 'react-router';
import { DemoMscPage } from '@renderer/features/demo-msc/DemoMscPage';

export const demoMscRoutes: RouteObject[] = [{ path: 'demo-messdienst', element: <DemoMscPage /> }];
