import { Accordion, Stack, Table } from '@mantine/core';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { draftOverview } from '@renderer/features/billing/draft-content';
import type { DraftOverview as Overview, OverviewSection } from '@renderer/features/billing/draft-content';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import type { BillingText } from '@renderer/features/billing/useBillingText';

type Props = { filled: FilledTemplate; template: Template };

/** Read-only view of the draft: sums per section to compare against the books, single entries on demand. */
export function DraftOverview({ filled, template }: Props) {
  const text = useBillingText();
  const { t } = text;
  const overview = draftOverview(filled, template);
  const amountLabel = t(overview.net ? 'overview.amountNet' : 'overview.amountGross');
  return (
    <Stack gap="xs" data-testid="draft-overview" mt="sm">
      <OverviewTable overview={overview} text={text} label={t('overview.label')} />
      <Accordion variant="unstyled" chevronPosition="left">
        <Accordion.Item value="entries">
          <Accordion.Control fz="sm">{t('overview.showEntries')}</Accordion.Control>
          <Accordion.Panel>
            {overview.sections.map((s) => (
              <SectionTable key={s.id} section={s} overview={overview} text={text} amountLabel={amountLabel} />
            ))}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

type SectionProps = { section: OverviewSection; overview: Overview; text: BillingText; amountLabel: string };

function SectionTable({ section, overview, text, amountLabel }: SectionProps) {
  const { t, format } = text;
  const title = t(`overview.section.${section.id}`);
  return (
    <Table aria-label={title} mb="sm" maw={760} captionSide="top" layout="fixed">
      <Table.Caption ta="left" fw={600}>
        {t('overview.caption', { section: title, count: section.rows.length })}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('overview.col.what')}</Table.Th>
          <Table.Th scope="col" w={170}>
            {t('overview.col.date')}
          </Table.Th>
          <Table.Th scope="col" className="num" w={140}>
            {amountLabel}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {section.rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3} c="dimmed">
              {t('overview.noEntries')}
            </Table.Td>
          </Table.Tr>
        )}
        {section.rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>
              {r.code} {r.fuel ? text.fuel(r.code) : r.text}
            </Table.Td>
            <Table.Td>{format.date(r.date)}</Table.Td>
            <Table.Td className="num">{text.money(r.amount, overview.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The sums per section and the number of recipients, to compare with the books (also in the submit question). */
export function DraftTotals({ filled, template, label }: Props & { label: string }) {
  const text = useBillingText();
  return <OverviewTable overview={draftOverview(filled, template)} text={text} label={label} />;
}

function OverviewTable({ overview, text, label }: { overview: Overview; text: BillingText; label: string }) {
  const { t, format } = text;
  return (
    <Table aria-label={label} maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('overview.col.section')}</Table.Th>
          <Table.Th scope="col" className="num">
            {t('overview.col.entries')}
          </Table.Th>
          <Table.Th scope="col" className="num">
            {t(overview.net ? 'overview.col.sumNet' : 'overview.col.sumGross')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {overview.sections.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Th scope="row" fw={400}>
              {t(`overview.section.${s.id}`)}
            </Table.Th>
            <Table.Td className="num">{format.integer(s.rows.length)}</Table.Td>
            <Table.Td className="num" data-testid="section-total">
              {text.money(s.total, overview.currency)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            {t('overview.recipients')}
          </Table.Th>
          <Table.Td className="num">{format.integer(overview.recipients)}</Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
