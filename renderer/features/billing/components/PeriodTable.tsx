import { Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { Deadline, LastSubmission, PeriodStatusBadge } from '@renderer/features/billing/components/PeriodBits';
import type { UnitRef } from '@renderer/features/billing/queries';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { unit: UnitRef; periods: readonly BillingPeriod[] };

/** The billing periods of a Liegenschaft, newest first; each opens its own screen. */
export function PeriodTable({ unit, periods }: Props) {
  const text = useBillingText();
  const { t } = text;
  const newestFirst = [...periods].sort((a, b) => b.to.localeCompare(a.to));
  if (newestFirst.length === 0) {
    return (
      <Paper withBorder p="md">
        <Text>{t('periods.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder>
      <Table aria-label={t('periods.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('periods.col.period')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.status')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.deadline')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.lastSubmission')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('periods.col.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((p) => (
            <Table.Tr key={p.to} data-testid="period-row" data-period-to={p.to}>
              <Table.Td className="billing-nowrap">{text.period(p)}</Table.Td>
              <Table.Td>
                <PeriodStatusBadge period={p} />
              </Table.Td>
              <Table.Td>
                <Deadline period={p} />
              </Table.Td>
              <Table.Td>
                <LastSubmission period={p} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  component={Link}
                  to={billingPath(unit.connectionId, unit.billingunit, p.to)}
                  size="xs"
                  variant={p.status === 'OPEN' ? 'filled' : 'default'}
                  aria-label={t('periods.openLabel', { period: text.period(p) })}
                >
                  {t('periods.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
