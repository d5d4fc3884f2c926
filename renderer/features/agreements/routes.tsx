import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const AgreementsPage = lazyScreen(() => import('@renderer/features/agreements/AgreementsPage').then((m) => m.AgreementsPage));
const AgreementEditPage = lazyScreen(() =>
  import('@renderer/features/agreements/AgreementEditPage').then((m) => m.AgreementEditPage),
);

export const agreementRoutes: RouteObject[] = [
  { path: 'vereinbarungen', element: <AgreementsPage /> },
  { path: 'vereinbarungen/:connectionId/neu', element: <AgreementEditPage /> },
  { path: 'vereinbarungen/:connectionId/:billingunit', element: <AgreementEditPage /> },
];
