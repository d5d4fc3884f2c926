import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import type { OpenPeriod } from '@shared/ipc/channels/overview';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { daysUntil, useFormat } from '@renderer/lib/format';
import type { Read } from '@renderer/features/dashboard/useDashboard';
import { ToneBadge } from '@renderer/components/ToneBadge';

const SHOWN = 10;
/** Deadlines this close are shown in yellow: time to start. */
const SOON_DAYS = 30;

type Props = { connections: readonly Connection[]; periods: readonly Read<'overview:open-periods'>[] };
type Row = OpenPeriod & { connection: Connection };

const byDeadline = (a: Row, b: Row): number =>
  (a.period.deadline ?? '9999-12-31').localeCompare(b.period.deadline ?? '9999-12-31') ||
  a.billingunit.localeCompare(b.billingunit);

/** The open billing periods of every connection, the most urgent first, each linking to its period. */
export function DeadlinesCard({ connections, periods }: Props) {
  const { t } = useTranslation('dashboard');
  const rows = connections
    .flatMap((connection, i) => (periods[i]?.data?.periods ?? []).map((p): Row => ({ ...p, connection })))
    .sort(byDeadline);
  const loading = periods.some((p) => p.isPending);
  const several = connections.length > 1;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deadlines-title" data-testid="deadlines">
      <Title order={2} size="h4" id="deadlines-title">
        {t('deadlines.title')}
      </Title>
      {loading && rows.length === 0 ? (
        <Stack gap={6} mt="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={22} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('deadlines.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mt={4} mb="xs">
            {t('deadlines.summary', { count: rows.length })} {rows.length > SHOWN && t('deadlines.more', { shown: SHOWN })}
          </Text>
          <Table aria-label={t('deadlines.caption')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('deadlines.unit')}</Table.Th>
                <Table.Th scope="col">{t('deadlines.period')}</Table.Th>
                <Table.Th scope="col" className="numeric">
                  {t('deadlines.deadline')}
                </Table.Th>
                <Table.Th scope="col">{t('deadlines.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, SHOWN).map((row) => (
                <DeadlineRow key={`${row.connection.id}/${row.billingunit}/${row.period.to}`} row={row} several={several} />
              ))}
            </Table.Tbody>
          </Table>
          {rows.length > SHOWN && (
            <Anchor component={Link} to="/abrechnung" size="sm" display="inline-block" mt="xs">
              {t('deadlines.toBilling')}
            </Anchor>
          )}
        </>
      )}
      {connections.map((connection, i) => (
        <PeriodNotes key={connection.id} connection={connection} read={periods[i]} />
      ))}
    </Paper>
  );
}

function DeadlineRow({ row, several }: { row: Row; several: boolean }) {
  const format = useFormat();
  const { billingunit, address, period, connection } = row;
  return (
    <Table.Tr data-testid="deadline-row" data-billingunit={billingunit} data-period-to={period.to}>
      <Table.Td>
        <Anchor component={Link} to={`/abrechnung/${connection.id}/${billingunit}/${period.to}`} size="sm">
          {`${billingunit} · ${address.street}, ${address.city}`}
        </Anchor>
        {several && (
          <Text size="xs" c="dimmed">
            {connection.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td className="nowrap">{`${format.date(period.from)} – ${format.date(period.to)}`}</Table.Td>
      <Table.Td className="numeric">{period.deadline === undefined ? '–' : format.date(period.deadline)}</Table.Td>
      <Table.Td>
        <DeadlineBadge deadline={period.deadline} />
      </Table.Td>
    </Table.Tr>
  );
}

function DeadlineBadge({ deadline }: { deadline: string | undefined }) {
  const { t } = useTranslation('dashboard');
  if (deadline === undefined) {
    return <ToneBadge color="gray">{t('deadlines.noDeadline')}</ToneBadge>;
  }
  const days = daysUntil(deadline);
  const [color, text] =
    days < 0
      ? ['red', t('deadlines.overdue', { count: -days })]
      : days === 0
        ? ['red', t('deadlines.dueToday')]
        : [days <= SOON_DAYS ? 'yellow' : 'gray', t('deadlines.left', { count: days })];
  const full = { root: 'badge-full', label: 'badge-full' };
  return days <= 0 ? (
    <Badge color={color} variant="filled" tt="none" classNames={full} data-testid="deadline-state">
      {text}
    </Badge>
  ) : (
    <ToneBadge color={color} classNames={full} data-testid="deadline-state">
      {text}
    </ToneBadge>
  );
}

/** Why the list may be incomplete for a connection: an error, a large connection read in part, unreadable units. */
function PeriodNotes({ connection, read }: { connection: Connection; read: Read<'overview:open-periods'> | undefined }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  if (!read) return null;
  if (read.error) {
    return (
      <ErrorNotice
        title={t('deadlines.error', { name: connection.name })}
        error={read.error}
        onRetry={() => void read.refetch()}
      />
    );
  }
  const data = read.data;
  if (!data) return null;
  const { unitsTotal, unitsRead, unreadable } = data;
  return (
    <>
      {unitsRead < unitsTotal && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="deadlines-limited">
          {t('deadlines.limited', {
            name: connection.name,
            total: format.integer(unitsTotal),
            read: format.integer(unitsRead),
          })}
        </Text>
      )}
      {unreadable.length > 0 && (
        <Text size="sm" c="red.9" mt="xs">
          {t('deadlines.unreadable', { name: connection.name, count: unreadable.length, units: unreadable.join(', ') })}
        </Text>
      )}
    </>
  );
}
