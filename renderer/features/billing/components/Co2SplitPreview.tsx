import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CO2_TIERS, co2Preview } from '@shared/domain/co2-split';
import { formatIso } from '@shared/domain/decimal';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { filled: FilledTemplate; template: Template };

/**
 * How the CO2 costs of the checked submission split between landlord and tenants (CO2KostAufG), before the MSC
 * bills: kg CO2 per m² and year, the tier and both shares. Self-contained, so the editor's Prüfen step can mount it.
 */
export function Co2SplitPreview({ filled, template }: Props) {
  const { t, format } = useBillingText();
  const preview = co2Preview(filled, template);
  if (preview.status === 'not-applicable') return null;
  const title = t('co2.title');
  return (
    <Paper withBorder p="sm" component="section" aria-label={title} data-testid="co2-preview" data-status={preview.status}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      {preview.status === 'no-figures' && <Text size="sm">{t('co2.noFigures')}</Text>}
      {preview.status === 'no-area' && <Text size="sm">{t('co2.noArea', { kg: format.decimal(formatIso(preview.kg), 0) })}</Text>}
      {preview.status === 'split' && <SplitTable split={preview.split} />}
    </Paper>
  );
}

type Split = Extract<ReturnType<typeof co2Preview>, { status: 'split' }>['split'];

function SplitTable({ split }: { split: Split }) {
  const { t, format } = useBillingText();
  const next = CO2_TIERS.find((x) => x.tier === split.tier.tier + 1);
  const range =
    next === undefined
      ? t('co2.rangeFrom', { from: format.integer(split.tier.from) })
      : t('co2.range', { from: format.integer(split.tier.from), to: format.integer(next.from) });
  const landlordPercent = formatIso(split.landlordPercent);
  const tenantPercent = formatIso({ units: 1000n - split.landlordPercent.units, scale: 1 });
  const rows: [string, string, string?][] = [
    [t('co2.kg'), `${format.decimal(formatIso(split.kg), 0)} kg`],
    [t('co2.area'), `${format.decimal(formatIso(split.area), 2)} m²`],
    [t(split.annualised ? 'co2.intensityAnnualised' : 'co2.intensity'), format.decimal(formatIso(split.intensity), 2)],
    [t('co2.tier'), t('co2.tierValue', { tier: split.tier.tier, range })],
    [t('co2.landlord'), format.money(formatIso(split.landlord)), format.percent(landlordPercent, 1)],
    [t('co2.tenants'), format.money(formatIso(split.tenants)), format.percent(tenantPercent, 1)],
  ];
  return (
    <Stack gap={6}>
      <Table aria-label={t('co2.tableLabel')} maw={560} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value, share]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td className="num">{value}</Table.Td>
              <Table.Td className="num">{share ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {split.basis === 'nonresidential' && <Text size="sm">{t('co2.nonresidential')}</Text>}
      {split.restriction !== 'none' && <Text size="sm">{t(`co2.restriction.${split.restriction}`)}</Text>}
      <Text size="xs" c="dimmed">
        {t('co2.note', { cost: format.money(formatIso(split.cost)) })}
      </Text>
    </Stack>
  );
}
