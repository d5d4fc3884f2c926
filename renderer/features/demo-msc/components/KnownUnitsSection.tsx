import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DemoState } from '@shared/ipc/channels/demo';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useFormat } from '@renderer/lib/format';
import { SampleWorkbookButton } from '@renderer/features/demo-msc/SampleWorkbookButton';

type Props = { connectionId: string; state: DemoState };

/** What the demo MSC knows per property, so a trying user's own file can match something. */
export function KnownUnitsSection({ connectionId, state }: Props) {
  const { t } = useTranslation('demo');
  const format = useFormat();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="demo-known-title">
      <Group justify="space-between" align="flex-start" mb={4}>
        <Title order={2} size="h4" id="demo-known-title">
          {t('known.title')}
        </Title>
        <SampleWorkbookButton connectionId={connectionId} />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('known.help')}
      </Text>
      <Stack gap="md">
        {state.billingunits.map((bu) => (
          <section key={bu.billingunitMscnumber} aria-labelledby={`demo-known-${bu.billingunitMscnumber}`}>
            <Title order={3} size="h5" id={`demo-known-${bu.billingunitMscnumber}`} mb={4}>
              {t('known.unit', {
                number: bu.billingunitMscnumber,
                street: bu.address.street,
                city: bu.address.city,
              })}
            </Title>
            <Table aria-labelledby={`demo-known-${bu.billingunitMscnumber}`} verticalSpacing={2} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('known.col.msc')}</Table.Th>
                  <Table.Th scope="col">{t('known.col.position')}</Table.Th>
                  <Table.Th scope="col">{t('known.col.pm')}</Table.Th>
                  <Table.Th scope="col" className="num">
                    {t('known.col.area')}
                  </Table.Th>
                  <Table.Th scope="col">{t('known.col.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bu.units.map((u) => (
                  <Table.Tr key={u.residentialunitMscnumber}>
                    <Table.Td>{u.residentialunitMscnumber}</Table.Td>
                    <Table.Td>{u.positiontext}</Table.Td>
                    <Table.Td>{u.knownPmnumber ?? t('known.byPosition')}</Table.Td>
                    <Table.Td className="num">{u.livingarea === undefined ? '' : format.decimal(u.livingarea, 2)}</Table.Td>
                    <Table.Td>{u.manual && <ToneBadge color="orange">{t('known.manual')}</ToneBadge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
