import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const BillingStartPage = lazyScreen(() =>
  import('@renderer/features/billing/pages/BillingStartPage').then((m) => m.BillingStartPage),
);
const PeriodPage = lazyScreen(() => import('@renderer/features/billing/pages/PeriodPage').then((m) => m.PeriodPage));
const UnitPeriodsPage = lazyScreen(() =>
  import('@renderer/features/billing/pages/UnitPeriodsPage').then((m) => m.UnitPeriodsPage),
);

/** Abrechnung › Liegenschaft › Zeitraum: each level has its address, so reload, back and forward keep the clerk there. */
export const billingRoutes: RouteObject[] = [
  { path: 'abrechnung', element: <BillingStartPage /> },
  { path: 'abrechnung/:connectionId/:billingunit', element: <UnitPeriodsPage /> },
  { path: 'abrechnung/:connectionId/:billingunit/:periodTo', element: <PeriodPage /> },
];
