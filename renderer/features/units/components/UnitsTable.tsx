import { memo } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import type { Sort, SortKey, UnitRow } from '@renderer/features/units/unit-list';
import { unitPath } from '@renderer/features/units/paths';
import { addressLine } from '@renderer/features/units/unit-texts';
import { CategoryBadge } from '@renderer/features/units/components/CategoryBadge';
import { VirtualTable } from '@renderer/components/VirtualTable';
import type { Column, SortState } from '@renderer/components/VirtualTable';

type Props = {
  connectionId: string;
  rows: readonly UnitRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  onOpen: (billingunit: string) => void;
};

/**
 * The billing units, virtualized; a click on a row (or Enter on its number) opens the unit. Memoized: while
 * pages arrive the list around it redraws often, and its rows are the costly part of a redraw.
 */
export const UnitsTable = memo(function UnitsTable({ connectionId, rows, sort, onSort, onOpen }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const sortable = (key: SortKey): { state: SortState; onSort: () => void } => ({
    state: sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    onSort: () => {
      onSort({ key, dir: sort.key === key && sort.dir === 'asc' ? 'desc' : 'asc' });
    },
  });
  const columns: Column<UnitRow>[] = [
    {
      key: 'number',
      header: t('list.col.number'),
      width: 150,
      sort: sortable('number'),
      cell: ({ unit }) => (
        <Anchor
          component={Link}
          to={unitPath(connectionId, unit.billingunitMscnumber)}
          fw={600}
          onClick={(e) => {
            // The row's own click handler would open it a second time.
            e.preventDefault();
            e.stopPropagation();
            onOpen(unit.billingunitMscnumber);
          }}
        >
          {unit.billingunitMscnumber}
        </Anchor>
      ),
    },
    { key: 'pm', header: t('list.col.pm'), width: 120, cell: ({ unit }) => unit.billingunitPmnumber ?? '' },
    {
      key: 'address',
      header: t('list.col.address'),
      sort: sortable('address'),
      cell: ({ unit }) => <bdi>{addressLine(unit.address)}</bdi>,
    },
    {
      key: 'status',
      header: t('list.col.status'),
      width: 220,
      sort: sortable('status'),
      cell: ({ category }) => <CategoryBadge category={category} />,
    },
    {
      key: 'lastupdate',
      header: t('list.col.lastupdate'),
      width: 170,
      numeric: true,
      sort: sortable('lastupdate'),
      cell: ({ unit }) => <Text size="sm">{format.dateTime(unit.lastupdate)}</Text>,
    },
  ];
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.unit.billingunitMscnumber}
      label={t('list.tableLabel')}
      className="units-list-scroll"
      rowProps={(r) => ({
        'data-testid': 'unit-item',
        onClick: () => {
          onOpen(r.unit.billingunitMscnumber);
        },
      })}
    />
  );
});
