import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const DemoMscPage = lazyScreen(() => import('@renderer/features/demo-msc/DemoMscPage').then((m) => m.DemoMscPage));

export const demoMscRoutes: RouteObject[] = [{ path: 'demo-messdienst', element: <DemoMscPage /> }];
