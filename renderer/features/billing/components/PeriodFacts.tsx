import { DataList, Paper } from '@mantine/core';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { Deadline, LastSubmission, PeriodStatusBadge } from '@renderer/features/billing/components/PeriodBits';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import { localToday, periodDeadlines } from '@shared/domain/deadlines';
import { DeadlineNote } from '@renderer/components/DeadlineNote';
import { useTranslation } from 'react-i18next';

/**
 * Status, deadline and last submission of the period, at the top of its screen, with the dates that follow it: when
 * the MSC expects its result and by when the tenants' statements are due (§556 (3) BGB, docs/deadlines.md).
 */
export function PeriodFacts({ period }: { period: BillingPeriod }) {
  const { t } = useBillingText();
  const { t: tr } = useTranslation('results');
  const dates = periodDeadlines(period, localToday());
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
        {period.status !== 'OPEN' && (
          <DataList.Item>
            <DataList.ItemLabel>{tr('deadline.expectedResult')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <DeadlineNote state={dates.expectedResult} flag={period.status === 'COMMISSIONED'} testId="expected-result" />
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{tr('deadline.statement')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DeadlineNote state={dates.statement} testId="statement-deadline" />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Paper>
  );
}
