import type { ReactNode } from 'react';
import { Accordion, DataList, Paper, Table, Title } from '@mantine/core';
import type { Template } from '@shared/msc/billing-input';
import { useBillingText } from '@renderer/features/billing/useBillingText';

/** What the measuring service agreed for this period (the Schablone), in the clerk's words. */
export function TemplateSummary({ template }: { template: Template }) {
  const text = useBillingText();
  const { t, format } = text;
  const { heating, hotwater } = template.distributionratio;
  const fuels = template.fuels.map((f) =>
    t(f.stored ? 'template.fuelStored' : 'template.fuel', { fuel: text.fuel(f.fuel), unit: text.quantityUnit(f.unit) }),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="template-title" data-testid="template-summary">
      <Title order={2} size="h4" id="template-title" mb="xs">
        {t('template.title')}
      </Title>
      <DataList labelWidth={170}>
        <Fact label={t('template.fuels')}>{fuels.length === 0 ? t('template.none') : fuels.join('; ')}</Fact>
        <Fact label={t('template.amounts')}>{t(`template.vat.${template.expectedvat}`)}</Fact>
        <Fact label={t('template.distribution')}>
          {t('template.ratio', {
            heatingBase: format.decimal(heating.base),
            heatingUse: format.decimal(heating.consumption),
            waterBase: format.decimal(hotwater.base),
            waterUse: format.decimal(hotwater.consumption),
          })}
        </Fact>
        <Fact label={t('template.keys')}>
          {template.distributionkeys.map((d) => `${d.key} ${text.distribution(d.key)}`).join(', ') || t('template.none')}
        </Fact>
        <Fact label={t('template.recipients')}>{t('template.recipientCount', { count: template.billingrecipients.length })}</Fact>
      </DataList>
      <Accordion variant="unstyled" mt="xs" chevronPosition="left">
        <Accordion.Item value="costtypes">
          <Accordion.Control fz="sm">{t('template.costTypes', { count: template.costtypes.length })}</Accordion.Control>
          <Accordion.Panel>
            <Table aria-label={t('template.costTypesLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('template.col.costType')}</Table.Th>
                  <Table.Th scope="col">{t('template.col.allocation')}</Table.Th>
                  <Table.Th scope="col">{t('template.col.key')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {template.costtypes.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>
                      {c.key} {c.text}
                    </Table.Td>
                    <Table.Td>{text.allocation(c.allocation)}</Table.Td>
                    <Table.Td>
                      {c.allocationkey} {text.distribution(c.allocationkey)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
