import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { useFormat } from '@renderer/lib/format';
import { useCodeLabel } from '@renderer/lib/codes';
import { summarize, type SummaryLine } from '@renderer/features/archive/request-summary';

/** The submitted template at a glance: entries and sums per section, in the amounts the MSC asked for. */
export function RequestSummary({ filled }: { filled: FilledTemplate | undefined }) {
  const { t } = useTranslation('archive');
  const format = useFormat();
  const codeLabel = useCodeLabel();
  const fuelName = (code: string) => codeLabel('fuel', code);
  const label = (l: SummaryLine) =>
    l.key === 'deliveries' ? t('request.deliveries', { fuel: fuelName(l.fuel ?? '') }) : t(`request.${l.key}`);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="request-title" data-testid="entry-request">
      <Title order={2} size="h4" id="request-title">
        {t('request.title')}
      </Title>
      {filled === undefined ? (
        <Text size="sm" mt="xs">
          {t('request.unreadable')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mt={4} mb="xs">
            {`${t('request.currency', { currency: filled.currency })} · ${t(`request.vat.${filled.expectedvat}`)}`}
          </Text>
          <Table aria-label={t('request.caption')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('request.section')}</Table.Th>
                <Table.Th scope="col" className="numeric">
                  {t('request.entries')}
                </Table.Th>
                <Table.Th scope="col" className="numeric">
                  {t('request.gross')}
                </Table.Th>
                <Table.Th scope="col" className="numeric">
                  {t('request.net')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summarize(filled).map((l) => (
                <Table.Tr key={`${l.key}-${l.fuel ?? ''}`} fw={l.key === 'costs' ? 600 : undefined} data-testid="request-line">
                  <Table.Th scope="row" fw="inherit">
                    {label(l)}
                  </Table.Th>
                  <Table.Td className="numeric">{format.integer(l.entries)}</Table.Td>
                  <Table.Td className="numeric">{l.gross === undefined ? '–' : format.money(l.gross, filled.currency)}</Table.Td>
                  <Table.Td className="numeric">{l.net === undefined ? '–' : format.money(l.net, filled.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Paper>
  );
}
