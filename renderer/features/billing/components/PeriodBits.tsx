import { Text } from '@mantine/core';
import { ToneBadge } from '@renderer/features/billing/components/Tone';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { daysUntil } from '@renderer/lib/format';
import { PERIOD_STATUS_COLOR, useBillingText } from '@renderer/features/billing/useBillingText';

/** Offen / Beauftragt / Abgerechnet as a coloured badge with its word. */
export function PeriodStatusBadge({ period }: { period: BillingPeriod }) {
  const { t } = useBillingText();
  return (
    <ToneBadge color={PERIOD_STATUS_COLOR[period.status]} data-testid="period-status">
      {t(`period.status.${period.status}`)}
    </ToneBadge>
  );
}

/** The deadline; while the period is open also how long is left, in red once it has passed. */
export function Deadline({ period }: { period: BillingPeriod }) {
  const { t, format } = useBillingText();
  if (period.deadline === undefined)
    return (
      <Text span inherit>
        {t('period.noDeadline')}
      </Text>
    );
  const date = format.date(period.deadline);
  if (period.status !== 'OPEN')
    return (
      <Text span inherit>
        {date}
      </Text>
    );
  const days = daysUntil(period.deadline);
  const overdue = days < 0;
  const left = overdue
    ? t('period.overdue', { count: -days })
    : days === 0
      ? t('period.dueToday')
      : t('period.daysLeft', { count: days });
  return (
    <>
      <Text span inherit>
        {date}
      </Text>
      <Text
        size="xs"
        c={overdue ? 'red.9' : 'dimmed'}
        fw={overdue ? 600 : undefined}
        data-testid="deadline-left"
        data-overdue={overdue}
      >
        {left}
      </Text>
    </>
  );
}

/** When the MSC last received a binding submission, with its transaction number. */
export function LastSubmission({ period }: { period: BillingPeriod }) {
  const { t, format } = useBillingText();
  if (!period.lastsubmission)
    return (
      <Text span inherit c="dimmed">
        {t('period.noSubmission')}
      </Text>
    );
  return (
    <>
      <Text span inherit>
        {format.dateTime(period.lastsubmission.at)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('period.transaction', { id: period.lastsubmission.transactionid })}
      </Text>
    </>
  );
}
