import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import type { Connection } from '@shared/domain/connection';
import { useFormat } from '@renderer/lib/format';
import type { ArchiveRow } from '@renderer/features/archive/archive-filter';
import { RESULT_COLOR } from '@renderer/features/archive/archive-text';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { VirtualTable, type Column } from '@renderer/components/VirtualTable';

type Props = { rows: readonly ArchiveRow[]; connections: readonly Connection[]; addresses: ReadonlyMap<string, string> };

/** The entries as one table; only the rows in view are in the DOM (a busy office collects thousands). */
export function ArchiveTable({ rows, connections, addresses }: Props) {
  const { t: plain } = useTranslation('archive');
  const t = withFileWords(plain, useFileExchange());
  const format = useFormat();
  const nameOf = (id: string) => connections.find((c) => c.id === id)?.name ?? id;
  const columns: Column<ArchiveRow>[] = [
    { key: 'at', header: t('list.at'), width: 170, cell: (row) => format.dateTime(row.at) },
    {
      key: 'action',
      header: t('list.action'),
      width: 200,
      cell: (row) => (
        <Anchor component={Link} to={`/archiv/${row.connectionId}/${row.id}`} size="sm">
          {t(`action.${row.action}`)}
        </Anchor>
      ),
    },
    { key: 'unit', header: t('list.unit'), cell: (row) => unitText(row, addresses) },
    { key: 'period', header: t('list.period'), width: 120, numeric: true, cell: (row) => format.date(row.periodTo) },
    {
      key: 'result',
      header: t('list.result'),
      width: 200,
      cell: (row) => <ToneBadge color={RESULT_COLOR[row.result]}>{t(`result.${row.result}`)}</ToneBadge>,
    },
  ];
  // In a team workspace every entry names the clerk who made it; the data folder has one clerk and no column.
  if (rows.some((row) => row.clerk !== undefined))
    columns.push({ key: 'clerk', header: t('list.clerk'), width: 180, cell: (row) => row.clerk ?? '' });
  if (connections.length > 1)
    columns.push({ key: 'connection', header: t('list.connection'), width: 180, cell: (row) => nameOf(row.connectionId) });
  return (
    <VirtualTable<ArchiveRow>
      rows={rows}
      columns={columns}
      rowKey={(row) => `${row.connectionId}/${row.id}`}
      label={t('list.caption')}
      rowHeight={37}
      className="archive-scroller"
      testId="archive-list"
      rowProps={(row) => ({ 'data-testid': 'archive-row', 'data-action': row.action })}
    />
  );
}

/** The unit with its address where the MSC's overview gave one. */
export function unitText(row: { connectionId: string; billingunit: string }, addresses: ReadonlyMap<string, string>): string {
  const address = addresses.get(`${row.connectionId}/${row.billingunit}`);
  return address === undefined ? row.billingunit : `${row.billingunit} · ${address}`;
}
