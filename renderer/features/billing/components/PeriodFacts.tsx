import { DataList, Paper } from '@mantine/core';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { Deadline, LastSubmission, PeriodStatusBadge } from '@renderer/features/billing/components/PeriodBits';
import { useBillingText } from '@renderer/features/billing/useBillingText';

/** Status, deadline and last submission of the open period, at the top of its screen. */
export function PeriodFacts({ period }: { period: BillingPeriod }) {
  const { t } = useBillingText();
  return (
    <Paper withBorder p="sm" data-testid="period-facts" data-period-to={period.to}>
      <DataList orientation="vertical" className="billing-facts-row">
        <DataList.Item>
          <DataList.ItemLabel>{t('periods.col.status')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <PeriodStatusBadge period={period} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('periods.col.deadline')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Deadline period={period} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('periods.col.lastSubmission')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <LastSubmission period={period} />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Paper>
  );
}
