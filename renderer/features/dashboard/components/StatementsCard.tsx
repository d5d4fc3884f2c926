import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import type { OpenPeriod } from '@shared/ipc/channels/overview';
import { deadlineState, localToday, nextCutoff, periodDeadlines } from '@shared/domain/deadlines';
import { DeadlineNote } from '@renderer/components/DeadlineNote';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useFormat } from '@renderer/lib/format';
import type { Read } from '@renderer/features/dashboard/useDashboard';

const SHOWN = 10;
type Props = { connections: readonly Connection[]; periods: readonly Read<'overview:open-periods'>[] };
type Row = OpenPeriod & { connection: Connection };

/**
 * After the submission: by when the tenants' statements are due (§556 (3) BGB), the most urgent first, whether the
 * MSC's result is in, and each connection's next cut-off for tenant changes (docs/deadlines.md).
 */
export function StatementsCard({ connections, periods }: Props) {
  const { t } = useTranslation('results');
  const { t: tb } = useTranslation('billing');
  const format = useFormat();
  const today = localToday();
  const rows = connections
    .flatMap((connection, i) => (periods[i]?.data?.submitted ?? []).map((p): Row => ({ ...p, connection })))
    .map((row) => ({ row, dates: periodDeadlines(row.period, today) }))
    .sort((a, b) => (a.dates.statement.date ?? '').localeCompare(b.dates.statement.date ?? ''));
  const loading = periods.some((p) => p.isPending);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="statements-title" data-testid="statements">
      <Title order={2} size="h4" id="statements-title">
        {t('deadline.statementsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="xs">
        {t('deadline.statementsDescription')}
      </Text>
      {loading && rows.length === 0 ? (
        <Skeleton height={22} />
      ) : rows.length === 0 ? (
        <Text size="sm">{t('deadline.statementsNone')}</Text>
      ) : (
        <Table aria-label={t('deadline.statementsCaption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('deadline.unit')}</Table.Th>
              <Table.Th scope="col">{t('deadline.state')}</Table.Th>
              <Table.Th scope="col">{t('deadline.statement')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN).map(({ row, dates }) => {
              const { connection, billingunit, period } = row;
              const billed = period.status === 'BILLED';
              const to = billed
                ? `/ergebnisse/${connection.id}/${billingunit}/${period.to}`
                : `/abrechnung/${connection.id}/${billingunit}/${period.to}`;
              return (
                <Table.Tr
                  key={`${connection.id}/${billingunit}/${period.to}`}
                  data-testid="statement-row"
                  data-billingunit={billingunit}
                >
                  <Table.Td>
                    <Anchor component={Link} to={to} size="sm">
                      {`${billingunit} · ${format.date(period.from)} – ${format.date(period.to)}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ToneBadge color={billed ? 'green' : 'blue'}>{tb(`period.status.${period.status}`)}</ToneBadge>
                  </Table.Td>
                  <Table.Td>
                    <DeadlineNote state={dates.statement} testId="statement-deadline" />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h5" mt="md">
        {t('deadline.cutoffsTitle')}
      </Title>
      {connections.map((c) => (
        <Text size="sm" key={c.id} data-testid="cutoff" data-connection={c.id}>
          {connections.length > 1 && `${c.name}: `}
          {c.tenantChangeCutoffDay === undefined ? (
            t('deadline.cutoffUnknown')
          ) : (
            <>
              {`${t('deadline.cutoff')}: `}
              <DeadlineNote state={deadlineState('cutoff', nextCutoff(today, c.tenantChangeCutoffDay), today)} />
            </>
          )}
        </Text>
      ))}
    </Paper>
  );
}
