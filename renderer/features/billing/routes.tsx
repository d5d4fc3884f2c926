import type { RouteObject } from 'react-router';
import { BillingPage } from '@renderer/features/billing/BillingPage';

export const billingRoutes: RouteObject[] = [{ path: 'abrechnung', element: <BillingPage /> }];
