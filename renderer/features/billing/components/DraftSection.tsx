import type { ReactNode } from 'react';
import { Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import type { Draft } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import { asFilled } from '@renderer/features/billing/draft-content';
import { DraftOverview } from '@renderer/features/billing/components/DraftOverview';
import type { DraftImport } from '@renderer/features/billing/useDraftImport';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { draft: Draft | null; template: Template; editable: boolean; importer: DraftImport; feedback: ReactNode };

/** The local draft: its status, the Excel round trip, and a read-only overview. */
export function DraftSection({ draft, template, editable, importer, feedback }: Props) {
  const { t, format } = useBillingText();
  const filled = draft === null ? null : asFilled(draft.content);
  const task = importer.state.step === 'busy' ? importer.state.task : null;
  // Looks disabled while busy but stays focusable (the hook ignores the click), so the focus is never lost.
  const busy = importer.busy || undefined;
  const busyProps = (of: string) => ({
    'data-disabled': busy,
    'aria-disabled': busy,
    leftSection: task === of ? <Loader size={14} color="currentColor" /> : undefined,
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="draft-title">
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id="draft-title">
          {t('draft.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="draft-status">
          {draft === null
            ? t('draft.none')
            : t('draft.saved', { at: format.dateTime(draft.updatedAt), revision: draft.revision })}
        </Text>
      </Group>
      {editable && (
        <>
          <Text size="sm" c="dimmed">
            {t('draft.howTo')}
          </Text>
          <Group gap="xs" my="sm">
            <Button variant="default" onClick={importer.download} {...busyProps('download')}>
              {t('draft.download')}
            </Button>
            <Button onClick={importer.importTemplate} {...busyProps('template')}>
              {t('draft.importTemplate')}
            </Button>
            <Button variant="default" onClick={importer.importInvoices} {...busyProps('invoices')}>
              {t('draft.importInvoices')}
            </Button>
          </Group>
          {feedback}
        </>
      )}
      {draft !== null && filled === null && (
        <Text size="sm" c="dimmed">
          {t('draft.incomplete')}
        </Text>
      )}
      {filled !== null && <DraftOverview filled={filled} template={template} />}
    </Paper>
  );
}
