import { useCallback } from 'react';
import { api } from '@renderer/lib/api';
import { useLoad } from '@renderer/features/billing/useLoad';

/** The billing units (Liegenschaften) of a connection. */
export function useBillingUnits(connectionId: string | null) {
  const fetch = useCallback(() => api['units:list']({ connectionId: connectionId ?? '' }), [connectionId]);
  const { loaded, reload } = useLoad(connectionId === null ? null : fetch);
  return { units: loaded, reload };
}

/** The billing periods of one billing unit; reloaded after a submission changes a period's status. */
export function usePeriods(connectionId: string | null, billingunit: string | null) {
  const fetch = useCallback(
    () => api['periods:list']({ connectionId: connectionId ?? '', billingunit: billingunit ?? '' }),
    [connectionId, billingunit],
  );
  const { loaded, reload } = useLoad(connectionId === null || billingunit === null ? null : fetch);
  return { periods: loaded, reload };
}
