import type { RouteObject } from 'react-router';
import { BillingStartPage } from '@renderer/features/billing/pages/BillingStartPage';
import { PeriodPage } from '@renderer/features/billing/pages/PeriodPage';
import { UnitPeriodsPage } from '@renderer/features/billing/pages/UnitPeriodsPage';

/** Abrechnung › Liegenschaft › Zeitraum: each level has its address, so reload, back and forward keep the clerk there. */
export const billingRoutes: RouteObject[] = [
  { path: 'abrechnung', element: <BillingStartPage /> },
  { path: 'abrechnung/:connectionId/:billingunit', element: <UnitPeriodsPage /> },
  { path: 'abrechnung/:connectionId/:billingunit/:periodTo', element: <PeriodPage /> },
];
