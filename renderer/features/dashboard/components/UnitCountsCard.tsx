import { Anchor, Paper, Skeleton, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnitFilter } from '@shared/domain/unit-category';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { cachedCounts, type CategoryCounts } from '@renderer/features/dashboard/dashboard-model';
import type { ConnectionReads } from '@renderer/features/dashboard/useDashboard';

/** Needs action first (with what it is made of), then the calmer states. */
const ROWS: readonly { filter: Exclude<UnitFilter, 'all'>; sub?: true }[] = [
  { filter: 'needs-action' },
  { filter: 'send-failed', sub: true },
  { filter: 'ambiguous', sub: true },
  { filter: 'unmatched', sub: true },
  { filter: 'manual', sub: true },
  { filter: 'not-sent' },
  { filter: 'waiting' },
  { filter: 'matched' },
];

type Props = { reads: readonly ConnectionReads[]; open: (connectionId: string, to: string) => void };

function countsOf({ units, setups, outbox }: ConnectionReads): CategoryCounts | undefined {
  return units.data && setups.data && outbox.data ? cachedCounts(units.data, setups.data, outbox.data) : undefined;
}

/** Unit counts by matching category, one column per connection; every count links to its filtered list. */
export function UnitCountsCard({ reads, open }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="unit-counts-title" data-testid="unit-counts">
      <Title order={2} size="h4" id="unit-counts-title" mb="xs">
        {t('counts.title')}
      </Title>
      <Table aria-label={t('counts.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('counts.column')}</Table.Th>
            {reads.map((r) => (
              <Table.Th key={r.connection.id} scope="col" className="numeric">
                {r.connection.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((row) => (
            <Table.Tr
              key={row.filter}
              className={row.sub ? 'count-sub' : row.filter === 'needs-action' ? 'count-main' : undefined}
            >
              <Table.Th scope="row" fw={row.sub ? 400 : 600}>
                {t(`counts.category.${row.filter}`)}
              </Table.Th>
              {reads.map((r) => (
                <CountCell key={r.connection.id} reads={r} filter={row.filter} open={open} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {reads.map((r) => {
        const failed = r.units.error ?? r.setups.error ?? r.outbox.error;
        if (!failed) return null;
        return (
          <ErrorNotice
            key={r.connection.id}
            title={t('counts.error', { name: r.connection.name })}
            error={failed}
            onRetry={() => {
              for (const q of [r.units, r.setups, r.outbox]) if (q.error) void q.refetch();
            }}
          />
        );
      })}
    </Paper>
  );
}

type CellProps = { reads: ConnectionReads; filter: Exclude<UnitFilter, 'all'>; open: Props['open'] };

function CountCell({ reads, filter, open }: CellProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const counts = countsOf(reads);
  const connectionId = reads.connection.id;
  if (!counts) {
    const failed = reads.units.error ?? reads.setups.error ?? reads.outbox.error;
    return <Table.Td className="numeric">{failed ? '–' : <Skeleton height={14} width={28} ml="auto" />}</Table.Td>;
  }
  const count = counts[filter];
  const to = `/liegenschaften?status=${filter}`;
  const alert = filter === 'needs-action' && count > 0;
  return (
    <Table.Td className="numeric">
      <Anchor
        component={Link}
        to={to}
        data-testid={`count-${filter}`}
        data-connection={connectionId}
        fw={alert ? 700 : undefined}
        c={alert ? 'red.9' : count === 0 ? 'dimmed' : undefined}
        aria-label={t('counts.link', { count, category: t(`counts.category.${filter}`), connection: reads.connection.name })}
        onClick={(e) => {
          e.preventDefault();
          open(connectionId, to);
        }}
      >
        {format.integer(count)}
      </Anchor>
    </Table.Td>
  );
}
