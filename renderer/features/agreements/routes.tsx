import type { RouteObject } from 'react-router';
import { AgreementsPage } from '@renderer/features/agreements/AgreementsPage';
import { AgreementEditPage } from '@renderer/features/agreements/AgreementEditPage';

export const agreementRoutes: RouteObject[] = [
  { path: 'vereinbarungen', element: <AgreementsPage /> },
  { path: 'vereinbarungen/:connectionId/neu', element: <AgreementEditPage /> },
  { path: 'vereinbarungen/:connectionId/:billingunit', element: <AgreementEditPage /> },
];
