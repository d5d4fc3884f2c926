import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { PageHeader } from '@renderer/components/PageHeader';
import { BillingBreadcrumbs, billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { PeriodFacts } from '@renderer/features/billing/components/PeriodFacts';
import { PeriodWork } from '@renderer/features/billing/components/PeriodWork';
import { usePeriods } from '@renderer/features/billing/queries';
import { useUnitRoute } from '@renderer/features/billing/pages/useUnitRoute';
import '@renderer/features/billing/billing.css';

/** `/abrechnung/:connectionId/:billingunit/:periodTo`: the work on one billing period. */
export function PeriodPage() {
  const { unit, period: where, address, crumbs, text } = useUnitRoute();
  const { t } = text;
  const { t: tr } = useTranslation('results');
  const periods = usePeriods(unit);
  const period = periods.data?.find((p) => p.to === where?.periodTo);
  const label = period ? text.period(period) : where?.periodTo;
  const subtitle =
    address === undefined
      ? t('unit.crumb', { number: unit.billingunit })
      : `${t('unit.crumb', { number: unit.billingunit })} · ${address}`;

  return (
    <div className="billing-page">
      <BillingBreadcrumbs items={crumbs(label)} />
      <PageHeader title={t('work.title', { period: label ?? '' })} description={subtitle} />
      <Stack gap="md">
        {periods.isPending && <Text c="dimmed">{t('unit.loadingPeriods')}</Text>}
        {periods.isError && (
          <ErrorNotice title={t('unit.periodsFailed')} error={periods.error} onRetry={() => void periods.refetch()} />
        )}
        {periods.data && !period && (
          <div>
            <Text>{t('work.notFound')}</Text>
            <Anchor component={Link} to={billingPath(unit.connectionId, unit.billingunit)}>
              {t('work.toPeriods')}
            </Anchor>
          </div>
        )}
        {where && period && (
          <>
            <PeriodFacts period={period} />
            {period.status !== 'OPEN' && (
              <Button
                component={Link}
                to={`/ergebnisse/${encodeURIComponent(where.connectionId)}/${encodeURIComponent(where.billingunit)}/${where.periodTo}`}
                variant={period.status === 'BILLED' ? 'filled' : 'default'}
                w="fit-content"
                data-testid="to-result"
              >
                {tr('page.toResult')}
              </Button>
            )}
            <PeriodWork key={`${where.connectionId}/${where.billingunit}/${where.periodTo}`} where={where} period={period} />
          </>
        )}
      </Stack>
    </div>
  );
}
