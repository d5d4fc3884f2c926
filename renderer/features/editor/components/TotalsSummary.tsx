import { Paper, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftContent } from '@shared/domain/workspace';
import { useFormat } from '@renderer/lib/format';
import { draftTotals } from '@renderer/features/editor/totals';

const PARTS = ['energy', 'heating', 'ancillary', 'prepayments'] as const;

/** The four sums a clerk compares with the books before checking and submitting. */
export function TotalsSummary({ content }: { content: DraftContent }) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const totals = draftTotals(content);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('totals.title')} data-testid="totals-summary">
      <Title order={2} size="h4" mb="xs">
        {t('totals.title')}
      </Title>
      <Table className="editor-facts" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('totals.part')}</Table.Th>
            <Table.Th ta="right">{t('totals.entries')}</Table.Th>
            <Table.Th ta="right">{t('totals.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PARTS.map((p) => (
            <Table.Tr key={p} data-testid={`total-${p}`}>
              <Table.Td>{t(`totals.${p}`)}</Table.Td>
              <Table.Td ta="right" className="editor-num">
                {fmt.integer(totals[p].count)}
              </Table.Td>
              <Table.Td ta="right" className="editor-num">
                {fmt.money(totals[p].sum)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
