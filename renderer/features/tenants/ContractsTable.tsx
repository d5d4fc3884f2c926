import { Alert, List, Table, Text } from '@mantine/core';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useTranslation } from 'react-i18next';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { ReceivedCheckMessage } from '@shared/msc/problem';
import { useFormat } from '@renderer/lib/format';
import { nameOf } from '@renderer/features/tenants/roles-change';

type Props = { roles: OnSiteRoles; messages: readonly ReceivedCheckMessage[]; caption: string };

const FIELD = /^billingcontracts\[(\d+)\](?:\.(validfrom|validto|billingrecipient.*))?$/;

/** Messages of the MSC by the contract cell they name; the rest (partners, markers, the unit) stay general. */
function placeMessages(messages: readonly ReceivedCheckMessage[], rows: number) {
  const atCell = new Map<string, ReceivedCheckMessage[]>();
  const general: ReceivedCheckMessage[] = [];
  for (const m of messages) {
    const hit = FIELD.exec(m.path);
    const row = hit ? Number(hit[1]) : -1;
    if (!hit || row >= rows) {
      general.push(m);
      continue;
    }
    const field = hit[2] === undefined ? 'recipient' : hit[2].startsWith('billingrecipient') ? 'recipient' : hit[2];
    const key = `${String(row)}.${field}`;
    atCell.set(key, [...(atCell.get(key) ?? []), m]);
  }
  return { atCell, general };
}

function CellMessages({ list, id }: { list: readonly ReceivedCheckMessage[] | undefined; id: string }) {
  if (!list) return null;
  return (
    <div id={id} className="osr-field-error" data-testid="osr-field-message">
      {list.map((m, i) => (
        <div key={i}>{m.message}</div>
      ))}
    </div>
  );
}

/** The billing contracts in words (what the timeline draws), with the MSC's messages at the field they concern. */
export function ContractsTable({ roles, messages, caption }: Props) {
  const { t } = useTranslation('tenants');
  const format = useFormat();
  const { atCell, general } = placeMessages(messages, roles.billingcontracts.length);
  return (
    <>
      {general.length > 0 && (
        <Alert color="red" title={t('messages.title')} data-testid="osr-general-messages">
          <List size="sm">
            {general.map((m, i) => (
              <List.Item key={i}>{m.path === '' ? m.message : t('messages.at', { path: m.path, message: m.message })}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table withTableBorder striped layout="fixed" data-testid="osr-contracts">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('contracts.recipient')}</Table.Th>
            <Table.Th scope="col" w={150}>
              {t('contracts.from')}
            </Table.Th>
            <Table.Th scope="col" w={150}>
              {t('contracts.to')}
            </Table.Th>
            <Table.Th scope="col" w={110}>
              {t('contracts.kind')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.billingcontracts.map((c, i) => {
            const cell = (field: string) => atCell.get(`${String(i)}.${field}`);
            const id = (field: string) => `osr-msg-${String(i)}-${field}`;
            return (
              <Table.Tr key={i} data-testid="osr-contract">
                <Table.Td>
                  <Text size="sm">{nameOf(roles, c.billingrecipient.partnerPmnumber)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('contracts.partner', { number: c.billingrecipient.partnerPmnumber })}
                  </Text>
                  <CellMessages list={cell('recipient')} id={id('recipient')} />
                </Table.Td>
                <Table.Td data-field="validfrom">
                  <Text size="sm">{format.date(c.validfrom)}</Text>
                  <CellMessages list={cell('validfrom')} id={id('validfrom')} />
                </Table.Td>
                <Table.Td data-field="validto">
                  <Text size="sm">{c.validto === undefined ? t('contracts.open') : format.date(c.validto)}</Text>
                  <CellMessages list={cell('validto')} id={id('validto')} />
                </Table.Td>
                <Table.Td>
                  <ToneBadge color={c.vacancy ? 'gray' : 'blue'}>
                    {c.vacancy ? t('contracts.vacancy') : t('contracts.tenant')}
                  </ToneBadge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
