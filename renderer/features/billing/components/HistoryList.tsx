import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { ToneBadge } from '@renderer/features/billing/components/Tone';
import { Link } from 'react-router';
import type { ArchiveSummary } from '@shared/ipc/contract';
import { ReportButtons } from '@renderer/features/billing/components/ReportButtons';
import { RESULT_COLOR, useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  connectionId: string;
  entries: readonly ArchiveSummary[];
  onReport: (archiveId: string, format: 'pdf' | 'excel') => void;
};

/** Every check and submission of this period, newest first, each with its report and its archive entry. */
export function HistoryList({ connectionId, entries, onReport }: Props) {
  const { t, format } = useBillingText();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title" mb="xs">
        {t('history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Table aria-label={t('history.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('history.col.at')}</Table.Th>
              <Table.Th scope="col">{t('history.col.action')}</Table.Th>
              <Table.Th scope="col">{t('history.col.result')}</Table.Th>
              <Table.Th scope="col">{t('history.col.report')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id} data-testid="history-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/archiv/${encodeURIComponent(connectionId)}/${encodeURIComponent(e.id)}`}
                    size="sm"
                    title={t('history.openInArchive')}
                  >
                    {format.dateTime(e.at)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`history.action.${e.action}`)}</Table.Td>
                <Table.Td>
                  <ToneBadge color={RESULT_COLOR[e.result]}>{t(`history.result.${e.result}`)}</ToneBadge>
                </Table.Td>
                <Table.Td>
                  {e.result === 'failed' ? (
                    <Text span c="dimmed">
                      –
                    </Text>
                  ) : (
                    <ReportButtons
                      archiveId={e.id}
                      onReport={onReport}
                      label={t('report.ofEntry', { at: format.dateTime(e.at) })}
                      compact
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
