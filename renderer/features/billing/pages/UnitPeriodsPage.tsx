import { Stack, Text } from '@mantine/core';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { PageHeader } from '@renderer/components/PageHeader';
import { BillingBreadcrumbs } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { PeriodTable } from '@renderer/features/billing/components/PeriodTable';
import { usePeriods } from '@renderer/features/billing/queries';
import { useUnitRoute } from '@renderer/features/billing/pages/useUnitRoute';
import '@renderer/features/billing/billing.css';

/** `/abrechnung/:connectionId/:billingunit`: the periods of one Liegenschaft with status and deadline. */
export function UnitPeriodsPage() {
  const { unit, address, crumbs, text } = useUnitRoute();
  const { t } = text;
  const periods = usePeriods(unit);
  return (
    <div className="billing-page">
      <BillingBreadcrumbs items={crumbs()} />
      <PageHeader
        title={t('unit.title', { number: unit.billingunit })}
        description={
          <>
            {address !== undefined && <span className="billing-block">{address}</span>}
            {t('unit.description')}
          </>
        }
      />
      <Stack gap="md">
        {periods.isPending && <Text c="dimmed">{t('unit.loadingPeriods')}</Text>}
        {periods.isError && (
          <ErrorNotice title={t('unit.periodsFailed')} error={periods.error} onRetry={() => void periods.refetch()} />
        )}
        {periods.data && <PeriodTable unit={unit} periods={periods.data} />}
      </Stack>
    </div>
  );
}
