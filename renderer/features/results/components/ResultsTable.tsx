import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { VirtualTable, type Column } from '@renderer/components/VirtualTable';
import { useFormat } from '@renderer/lib/format';
import { magnitude, type ResultRow } from '@renderer/features/results/result-rows';

type Props = { rows: readonly ResultRow[]; onOpen: (row: ResultRow) => void; opening: string | undefined };

/** One row per billing recipient: what it is charged, the landlord's CO2 share, prepayment, balance in words. */
export function ResultsTable({ rows, onOpen, opening }: Props) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const columns: Column<ResultRow>[] = [
    {
      key: 'unit',
      header: t('table.unit'),
      width: 100,
      cell: (r) => r.residentialunitPmnumber ?? r.residentialunitMscnumber,
    },
    {
      key: 'name',
      header: t('table.name'),
      cell: (r) => (
        <>
          {r.vacancy ? t('table.vacancy', { name: r.name ?? r.partnerPmnumber }) : (r.name ?? r.partnerPmnumber)}
          <Text size="xs" c="dimmed">{`${format.date(r.validfrom)} – ${format.date(r.validto)}`}</Text>
        </>
      ),
    },
    { key: 'cost', header: t('table.charged'), numeric: true, width: 110, cell: (r) => format.money(r.totalcost) },
    { key: 'co2', header: t('table.co2'), numeric: true, width: 105, cell: (r) => format.money(r.co2landlordshare) },
    { key: 'pre', header: t('table.prepayment'), numeric: true, width: 110, cell: (r) => format.money(r.prepayment) },
    {
      key: 'balance',
      header: t('table.balance'),
      numeric: true,
      width: 170,
      cell: (r) => (
        <span data-testid="balance" data-side={r.side}>
          {t(`side.${r.side}`)} {format.money(magnitude(r.balance))}
        </span>
      ),
    },
    {
      key: 'new',
      header: t('table.newPrepayment'),
      numeric: true,
      width: 120,
      cell: (r) => (r.newmonthlyprepayment === undefined ? '–' : format.money(r.newmonthlyprepayment)),
    },
    {
      key: 'values',
      header: t('table.values'),
      width: 110,
      cell: (r) =>
        r.estimated.length > 0 ? (
          <span title={r.estimated.join(', ')}>
            <ToneBadge color="orange">{t('table.estimated')}</ToneBadge>
          </span>
        ) : (
          t('table.read')
        ),
    },
    {
      key: 'pdf',
      header: t('table.document'),
      width: 120,
      cell: (r) =>
        r.document ? (
          <Button
            size="compact-xs"
            variant="default"
            loading={opening === r.document.documentid}
            aria-label={t('table.openPdfFor', { name: r.name ?? r.partnerPmnumber })}
            onClick={() => {
              onOpen(r);
            }}
          >
            {t('table.openPdf')}
          </Button>
        ) : (
          <Text span size="xs" c="dimmed">
            {t('table.noDocument')}
          </Text>
        ),
    },
  ];
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.key}
      label={t('table.label')}
      maxHeight={520}
      wrap
      testId="results-scroll"
      rowProps={(r) => ({ 'data-testid': 'result-row', 'data-partner': r.partnerPmnumber })}
    />
  );
}
