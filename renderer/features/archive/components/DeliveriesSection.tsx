import { Anchor, Paper, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { useFormat } from '@renderer/lib/format';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { VirtualTable, type Column } from '@renderer/components/VirtualTable';
import { unitText } from '@renderer/features/archive/components/ArchiveTable';
import { unitPath } from '@renderer/features/units/paths';
import { useDeliveryRows, type DeliveryRow } from '@renderer/features/archive/useDeliveries';

const COLOR: Readonly<Record<DeliveryRow['result'], string>> = {
  sent: 'green',
  accepted: 'green',
  pending: 'gray',
  failed: 'red',
  rejected: 'red',
};

type Props = { connections: readonly Connection[]; addresses: ReadonlyMap<string, string> };

/** Setup requests and OSR deliveries, newest first; each leads to where the clerk works on it. */
export function DeliveriesSection({ connections, addresses }: Props) {
  const { t } = useTranslation('archive');
  const format = useFormat();
  const { rows, loading } = useDeliveryRows(connections);
  const target = (row: DeliveryRow) =>
    row.kind === 'osr'
      ? `${unitPath(row.connectionId, row.billingunit)}/nutzer?unit=${String(row.units)}`
      : unitPath(row.connectionId, row.billingunit);
  const columns: Column<DeliveryRow>[] = [
    { key: 'at', header: t('list.at'), width: 170, cell: (row) => format.dateTime(row.at) },
    {
      key: 'action',
      header: t('list.action'),
      width: 230,
      cell: (row) => (
        <Anchor component={Link} to={target(row)} size="sm">
          {t(`deliveries.kind.${row.kind}`)}
        </Anchor>
      ),
    },
    { key: 'unit', header: t('list.unit'), cell: (row) => unitText(row, addresses) },
    {
      key: 'what',
      header: t('deliveries.what'),
      width: 170,
      cell: (row) =>
        typeof row.units === 'number' ? t('deliveries.units', { count: row.units }) : t('deliveries.unit', { unit: row.units }),
    },
    {
      key: 'result',
      header: t('list.result'),
      width: 200,
      cell: (row) => <ToneBadge color={COLOR[row.result]}>{t(`deliveries.result.${row.result}`)}</ToneBadge>,
    },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deliveries-title" mt="md">
      <Title order={2} size="h4" id="deliveries-title">
        {t('deliveries.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('deliveries.description')}
      </Text>
      {loading ? (
        <Skeleton height={30} />
      ) : rows.length === 0 ? (
        <Text size="sm">{t('deliveries.empty')}</Text>
      ) : (
        <VirtualTable<DeliveryRow>
          rows={rows}
          columns={columns}
          rowKey={(row) => row.key}
          label={t('deliveries.title')}
          rowHeight={37}
          className="archive-scroller archive-deliveries"
          testId="deliveries-list"
          rowProps={(row) => ({ 'data-testid': 'delivery-row', 'data-kind': row.kind })}
        />
      )}
    </Paper>
  );
}
