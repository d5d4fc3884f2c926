import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useVirtualRows } from '@renderer/lib/useVirtualRows';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { useFormat } from '@renderer/lib/format';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { unitPath } from '@renderer/features/units/paths';
import { useDeliveryRows, type DeliveryRow } from '@renderer/features/archive/useDeliveries';

const ROW_HEIGHT = 37;
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
  const { scroller, items, top, bottom } = useVirtualRows(rows.length, ROW_HEIGHT);
  const target = (row: DeliveryRow) =>
    row.kind === 'osr'
      ? `${unitPath(row.connectionId, row.billingunit)}/nutzer?unit=${String(row.units)}`
      : unitPath(row.connectionId, row.billingunit);
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
        <div ref={scroller} className="archive-scroller archive-deliveries" data-testid="deliveries-list" tabIndex={0}>
          <Table aria-label={t('deliveries.title')} aria-rowcount={rows.length + 1} stickyHeader>
            <Table.Thead>
              <Table.Tr aria-rowindex={1}>
                <Table.Th scope="col">{t('list.at')}</Table.Th>
                <Table.Th scope="col">{t('list.action')}</Table.Th>
                <Table.Th scope="col">{t('list.unit')}</Table.Th>
                <Table.Th scope="col">{t('deliveries.what')}</Table.Th>
                <Table.Th scope="col">{t('list.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                const address = addresses.get(`${row.connectionId}/${row.billingunit}`);
                return (
                  <Table.Tr
                    key={row.key}
                    aria-rowindex={item.index + 2}
                    h={ROW_HEIGHT}
                    data-testid="delivery-row"
                    data-kind={row.kind}
                  >
                    <Table.Td className="nowrap">{format.dateTime(row.at)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={target(row)} size="sm">
                        {t(`deliveries.kind.${row.kind}`)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className="archive-unit">
                      {address === undefined ? row.billingunit : `${row.billingunit} · ${address}`}
                    </Table.Td>
                    <Table.Td>
                      {typeof row.units === 'number'
                        ? t('deliveries.units', { count: row.units })
                        : t('deliveries.unit', { unit: row.units })}
                    </Table.Td>
                    <Table.Td>
                      <ToneBadge color={COLOR[row.result]}>{t(`deliveries.result.${row.result}`)}</ToneBadge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
