import { useEffect } from 'react';
import { useParams } from 'react-router';
import { usePreferences, useUpdatePreferences } from '@renderer/lib/useActiveConnection';
import { useBillingUnits } from '@renderer/features/billing/queries';
import type { PeriodRef, UnitRef } from '@renderer/features/billing/queries';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import { billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import type { Crumb } from '@renderer/features/billing/components/BillingBreadcrumbs';

/**
 * The unit (and period) named by the route. The route's connection wins over the active one, so a bookmarked
 * or reloaded address always shows the same unit. The address is read from the unit list when it is at hand.
 */
export function useUnitRoute() {
  const params = useParams();
  const text = useBillingText();
  const unit: UnitRef = { connectionId: params.connectionId ?? '', billingunit: params.billingunit ?? '' };
  const periodTo = params.periodTo;
  const summary = useBillingUnits(unit.connectionId).data?.find((u) => u.billingunitMscnumber === unit.billingunit);
  const address = summary ? `${summary.address.street}, ${summary.address.postalcode} ${summary.address.city}` : undefined;
  const unitCrumb = text.t('unit.crumb', { number: unit.billingunit });
  const crumbs = (periodLabel?: string): Crumb[] => [
    { label: text.t('start.title'), to: billingPath() },
    periodLabel === undefined ? { label: unitCrumb } : { label: unitCrumb, to: billingPath(unit.connectionId, unit.billingunit) },
    ...(periodLabel === undefined ? [] : [{ label: periodLabel }]),
  ];
  const period: PeriodRef | null = periodTo === undefined ? null : { ...unit, periodTo };
  useRememberUnit(unit);
  return { unit, period, summary, address, crumbs, text };
}

/** Stores the unit as the connection's last opened one, so „Abrechnung“ offers it again after leaving and restart. */
function useRememberUnit({ connectionId, billingunit }: UnitRef): void {
  const preferences = usePreferences();
  const { mutate } = useUpdatePreferences();
  const remembered = preferences.data?.lastBillingUnit;
  const known = preferences.data !== undefined;
  useEffect(() => {
    if (!known || connectionId === '' || billingunit === '' || remembered?.[connectionId] === billingunit) return;
    mutate({ lastBillingUnit: { ...remembered, [connectionId]: billingunit } });
  }, [known, remembered, connectionId, billingunit, mutate]);
}
