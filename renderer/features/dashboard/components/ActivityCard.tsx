import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { recentActivity, type ActivityItem } from '@renderer/features/dashboard/dashboard-model';
import type { ConnectionReads } from '@renderer/features/dashboard/useDashboard';
import { ToneBadge } from '@renderer/components/ToneBadge';

type Props = { reads: readonly ConnectionReads[] };

const OUTCOME_COLOR: Record<string, string> = {
  sent: 'green',
  'send-failed': 'red',
  matched: 'green',
  passed: 'green',
  messages: 'yellow',
  commissioned: 'green',
  failed: 'red',
};

/** The newest sends, completed matchings, checks and submissions across all connections. */
export function ActivityCard({ reads }: Props) {
  const { t } = useTranslation('dashboard');
  const ready = reads.filter((r) => r.outbox.data && r.setups.data && r.archive.data);
  const loading = reads.some((r) => r.outbox.isPending || r.setups.isPending || r.archive.isPending);
  const items = recentActivity(
    ready.map((r) => ({
      connectionId: r.connection.id,
      outbox: r.outbox.data ?? [],
      setups: r.setups.data ?? [],
      archive: r.archive.data ?? [],
    })),
  );
  const addressOf = (item: ActivityItem): string | undefined => {
    const unit = reads
      .find((r) => r.connection.id === item.connectionId)
      ?.units.data?.find((u) => u.billingunitMscnumber === item.billingunit);
    return unit && `${unit.address.street}, ${unit.address.city}`;
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="activity-title" data-testid="activity">
      <Title order={2} size="h4" id="activity-title" mb="xs">
        {t('activity.title')}
      </Title>
      {loading && items.length === 0 ? (
        <Stack gap={6}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={22} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm">{t('activity.none')}</Text>
      ) : (
        <Table aria-label={t('activity.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('activity.at')}</Table.Th>
              <Table.Th scope="col">{t('activity.what')}</Table.Th>
              <Table.Th scope="col">{t('activity.unit')}</Table.Th>
              <Table.Th scope="col">{t('activity.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <ActivityRow key={item.key} item={item} address={addressOf(item)} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {reads.map((r) => {
        const failed = r.outbox.error ?? r.setups.error ?? r.archive.error;
        if (!failed) return null;
        return (
          <ErrorNotice
            key={r.connection.id}
            title={t('activity.error', { name: r.connection.name })}
            error={failed}
            onRetry={() => {
              for (const q of [r.outbox, r.setups, r.archive]) if (q.error) void q.refetch();
            }}
          />
        );
      })}
    </Paper>
  );
}

function ActivityRow({ item, address }: { item: ActivityItem; address: string | undefined }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const outcome = item.result ?? item.kind;
  return (
    <Table.Tr data-testid="activity-row" data-kind={item.kind}>
      <Table.Td className="nowrap">{format.dateTime(item.at)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={item.to} size="sm">
          {t(`activity.kind.${item.kind}`)}
        </Anchor>
        {item.units !== undefined && (
          <Text span size="sm" c="dimmed">
            {` · ${t('activity.units', { count: item.units })}`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{address === undefined ? item.billingunit : `${item.billingunit} · ${address}`}</Table.Td>
      <Table.Td>
        <ToneBadge color={OUTCOME_COLOR[outcome] ?? 'gray'}>{t(`activity.outcome.${outcome}`)}</ToneBadge>
      </Table.Td>
    </Table.Tr>
  );
}
