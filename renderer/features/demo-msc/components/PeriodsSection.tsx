import { Group, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DemoState } from '@shared/ipc/channels/demo';
import type { PeriodStatus } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useFormat } from '@renderer/lib/format';
import { useSetPeriodStatus } from '@renderer/features/demo-msc/queries';

type Props = { connectionId: string; state: DemoState };

const COLOR: Readonly<Record<PeriodStatus, string>> = { OPEN: 'blue', COMMISSIONED: 'green', BILLED: 'gray' };

/** Every period of the demo properties: commission an open one, or reopen one to try a submission again. */
export function PeriodsSection({ connectionId, state }: Props) {
  const { t } = useTranslation('demo');
  const format = useFormat();
  const change = useSetPeriodStatus();
  const rows = state.billingunits.flatMap((bu) => bu.periods.map((p) => ({ bu, p })));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="demo-periods-title">
      <Title order={2} size="h4" id="demo-periods-title" mb={4}>
        {t('periods.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('periods.help')}
      </Text>
      {change.error && <ErrorNotice title={t('periods.failed')} error={change.error} />}
      <Table aria-label={t('periods.title')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('periods.col.unit')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.period')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.status')}</Table.Th>
            <Table.Th scope="col">{t('periods.col.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ bu, p }) => {
            const period = t('periods.range', { from: format.date(p.from), to: format.date(p.to) });
            const next: PeriodStatus = p.status === 'OPEN' ? 'COMMISSIONED' : 'OPEN';
            const where = `${bu.billingunitMscnumber} ${bu.address.city}`;
            return (
              <Table.Tr key={`${bu.billingunitMscnumber}/${p.to}`}>
                <Table.Td>{where}</Table.Td>
                <Table.Td>{period}</Table.Td>
                <Table.Td>
                  <ToneBadge color={COLOR[p.status]}>{t(`periods.status.${p.status}`)}</ToneBadge>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* A commissioned period can be billed: the demo MSC then bills the last binding submission. */}
                    {(p.status === 'COMMISSIONED' ? (['BILLED', next] as const) : [next]).map((to) => (
                      <Button
                        key={to}
                        size="xs"
                        variant="default"
                        disabled={change.isPending}
                        aria-label={t(`periods.to.${to}Label`, { unit: where, period })}
                        onClick={() => {
                          change.mutate({ connectionId, billingunit: bu.billingunitMscnumber, periodTo: p.to, status: to });
                        }}
                      >
                        {t(`periods.to.${to}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
