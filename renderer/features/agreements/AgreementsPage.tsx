import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useChannel } from '@renderer/lib/queries';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { useFormat } from '@renderer/lib/format';

/**
 * The agreements of a file-exchange connection's properties (docs/arge.md): what an MSC with the API would keep —
 * fuels, cost types, keys, units — recorded once per property; each period's template is built from it.
 */
export function AgreementsPage() {
  const { t } = useTranslation('agreement');
  const format = useFormat();
  const active = useActiveConnection();
  const connection = active.state === 'ready' ? active.connection : undefined;
  const files = connection?.target.kind === 'file-exchange';
  const list = useChannel('arge:agreements', files ? { connectionId: connection.id } : null);

  return (
    <div data-testid="agreements">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {connection && !files && (
        <Text data-testid="agreements-not-available">{t('page.notFiles', { name: connection.name })}</Text>
      )}
      {list.error && <ErrorNotice title={t('page.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />}
      {connection && files && list.data && (
        <Stack gap="md" align="flex-start">
          <Group>
            <Button component={Link} to={`/vereinbarungen/${encodeURIComponent(connection.id)}/neu`}>
              {t('page.new')}
            </Button>
          </Group>
          {list.data.length === 0 ? (
            <Text c="dimmed">{t('page.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640} w="100%">
              <Table aria-label={t('page.listLabel')} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('page.col.property')}</Table.Th>
                    <Table.Th>{t('page.col.address')}</Table.Th>
                    <Table.Th ta="right">{t('page.col.units')}</Table.Th>
                    <Table.Th>{t('page.col.saved')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.map(({ agreement: a, updatedAt }) => (
                    <Table.Tr key={a.billingunit} data-testid="agreement-row">
                      <Table.Td>
                        <Anchor component={Link} to={`/vereinbarungen/${encodeURIComponent(connection.id)}/${a.billingunit}`}>
                          {a.pmnumber === undefined ? a.billingunit : `${a.billingunit} (${a.pmnumber})`}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{`${a.address.street}, ${a.address.postalcode} ${a.address.city}`}</Table.Td>
                      <Table.Td ta="right">{format.integer(a.units.length)}</Table.Td>
                      <Table.Td>{format.dateTime(updatedAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </div>
  );
}
