import { Anchor, Table } from '@mantine/core';
import { useVirtualRows } from '@renderer/lib/useVirtualRows';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { useFormat } from '@renderer/lib/format';
import type { ArchiveRow } from '@renderer/features/archive/archive-filter';
import { RESULT_COLOR } from '@renderer/features/archive/archive-text';
import { ToneBadge } from '@renderer/components/ToneBadge';

const ROW_HEIGHT = 37;

type Props = { rows: readonly ArchiveRow[]; connections: readonly Connection[]; addresses: ReadonlyMap<string, string> };

/**
 * The entries as one table; only the rows in view are in the DOM (a busy office collects thousands), with
 * spacer rows above and below so the scroll bar and the table semantics stay right.
 */
export function ArchiveTable({ rows, connections, addresses }: Props) {
  const { t } = useTranslation('archive');
  const format = useFormat();
  const { scroller, items, top, bottom } = useVirtualRows(rows.length, ROW_HEIGHT);
  const several = connections.length > 1;
  const nameOf = (id: string) => connections.find((c) => c.id === id)?.name ?? id;
  return (
    <div ref={scroller} className="archive-scroller" data-testid="archive-list">
      <Table aria-label={t('list.caption')} aria-rowcount={rows.length + 1} stickyHeader>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th scope="col">{t('list.at')}</Table.Th>
            <Table.Th scope="col">{t('list.action')}</Table.Th>
            <Table.Th scope="col">{t('list.unit')}</Table.Th>
            <Table.Th scope="col" className="numeric">
              {t('list.period')}
            </Table.Th>
            <Table.Th scope="col">{t('list.result')}</Table.Th>
            {several && <Table.Th scope="col">{t('list.connection')}</Table.Th>}
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
                key={`${row.connectionId}/${row.id}`}
                aria-rowindex={item.index + 2}
                h={ROW_HEIGHT}
                data-testid="archive-row"
                data-action={row.action}
              >
                <Table.Td className="nowrap">{format.dateTime(row.at)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/archiv/${row.connectionId}/${row.id}`} size="sm">
                    {t(`action.${row.action}`)}
                  </Anchor>
                </Table.Td>
                <Table.Td className="archive-unit">
                  {address === undefined ? row.billingunit : `${row.billingunit} · ${address}`}
                </Table.Td>
                <Table.Td className="numeric">{format.date(row.periodTo)}</Table.Td>
                <Table.Td>
                  <ToneBadge color={RESULT_COLOR[row.result]}>{t(`result.${row.result}`)}</ToneBadge>
                </Table.Td>
                {several && <Table.Td>{nameOf(row.connectionId)}</Table.Td>}
              </Table.Tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}
