import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResultOrigin } from '@shared/domain/results';
import { VirtualTable, type Column } from '@renderer/components/VirtualTable';
import { useFormat } from '@renderer/lib/format';
import type { ResultRow } from '@renderer/features/results/result-rows';

type TaxShare = ResultOrigin['taxShares'][number];
type Row = TaxShare & { key: string; who: string; unit: string };

/**
 * The tenants' shares of §35a costs (household services, tradesmen) as the MSC's E835 file gave them: what each
 * tenant needs for the income-tax return, per cost type and service type, beside the billing result.
 */
export function TaxSharesSection({ shares, recipients }: { shares: readonly TaxShare[]; recipients: readonly ResultRow[] }) {
  const { t } = useTranslation('results');
  const { t: tc } = useTranslation('codes');
  const format = useFormat();
  const nameOf = new Map(recipients.map((r) => [`${r.residentialunitMscnumber}|${r.partnerPmnumber}`, r]));
  const rows: Row[] = shares.map((s, i) => {
    const r = nameOf.get(`${s.residentialunitMscnumber}|${s.partnerPmnumber}`);
    return {
      ...s,
      key: String(i),
      who: r?.name ?? s.partnerPmnumber,
      unit: r?.residentialunitPmnumber ?? s.residentialunitMscnumber,
    };
  });
  const columns: Column<Row>[] = [
    {
      key: 'who',
      header: t('table.name'),
      cell: (r) => (
        <>
          {r.who}
          <Text size="xs" c="dimmed">
            {r.unit}
          </Text>
        </>
      ),
    },
    {
      key: 'cost',
      header: t('tax.costType'),
      width: 150,
      cell: (r) => `${r.costKey} – ${r.costText ?? tc(`costType.${r.costKey}`, { defaultValue: r.costKey })}`,
    },
    {
      key: 'kind',
      header: t('tax.serviceType'),
      width: 190,
      cell: (r) => tc(`taxServiceType.${r.taxServiceType}`, { defaultValue: r.taxServiceType }),
    },
    { key: 'invoice', header: t('tax.invoice'), numeric: true, width: 105, cell: (r) => format.money(r.invoiceTotalGross) },
    { key: 'share', header: t('tax.share'), numeric: true, width: 105, cell: (r) => format.money(r.userShareAmount) },
    { key: 'percent', header: t('tax.percent'), numeric: true, width: 80, cell: (r) => format.percent(r.userSharePercent, 2) },
    { key: 'labor', header: t('tax.labor'), numeric: true, width: 105, cell: (r) => format.money(r.laborTotal) },
    { key: 'laborShare', header: t('tax.laborShare'), numeric: true, width: 105, cell: (r) => format.money(r.userLaborShare) },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="tax-shares-title" data-testid="tax-shares">
      <Title order={2} size="h4" id="tax-shares-title">
        {t('tax.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('tax.intro')}
      </Text>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        label={t('tax.title')}
        maxHeight={360}
        wrap
        testId="tax-shares-scroll"
        rowProps={(r) => ({ 'data-testid': 'tax-share-row', 'data-partner': r.partnerPmnumber })}
      />
    </Paper>
  );
}
