import { useCallback, useEffect, useState } from 'react';
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { api, errorMessage } from '@renderer/lib/api';

export type Loaded<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

/** The billing units (Liegenschaften) of a connection. */
export function useBillingUnits(connectionId: string | null) {
  const [units, setUnits] = useState<Loaded<BillingUnitSummary[]>>({ state: 'idle' });

  const reload = useCallback(async () => {
    if (connectionId === null) return;
    setUnits({ state: 'loading' });
    try {
      setUnits({ state: 'ready', value: await api['units:list']({ connectionId }) });
    } catch (err) {
      setUnits({ state: 'error', message: errorMessage(err) });
    }
  }, [connectionId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { units, reload };
}

/** The billing periods of one billing unit; reloaded after a submission changes a period's status. */
export function usePeriods(connectionId: string | null, billingunit: string | null) {
  const [periods, setPeriods] = useState<Loaded<BillingPeriod[]>>({ state: 'idle' });

  const reload = useCallback(async () => {
    if (connectionId === null || billingunit === null) {
      setPeriods({ state: 'idle' });
      return;
    }
    setPeriods((p) => (p.state === 'ready' ? p : { state: 'loading' }));
    try {
      setPeriods({ state: 'ready', value: await api['periods:list']({ connectionId, billingunit }) });
    } catch (err) {
      setPeriods({ state: 'error', message: errorMessage(err) });
    }
  }, [connectionId, billingunit]);

  useEffect(() => {
    setPeriods({ state: 'idle' });
    void reload();
  }, [reload]);

  return { periods, reload };
}
