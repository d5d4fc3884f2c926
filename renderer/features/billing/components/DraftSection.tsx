import type { ReactNode } from 'react';
import { Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Draft } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import { asFilled } from '@renderer/features/billing/draft-content';
import { billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { DraftActions } from '@renderer/features/billing/components/DraftActions';
import { DraftOverview } from '@renderer/features/billing/components/DraftOverview';
import { StartFromPrevious } from '@renderer/features/billing/components/StartFromPrevious';
import type { PeriodRef } from '@renderer/features/billing/queries';
import type { DraftImport } from '@renderer/features/billing/useDraftImport';
import type { DraftSafety, SafetyDone } from '@renderer/features/billing/useDraftSafety';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import type { BillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  where: PeriodRef;
  what: string;
  draft: Draft | null;
  template: Template;
  editable: boolean;
  importer: DraftImport;
  safety: DraftSafety;
  feedback: ReactNode;
};

export const DRAFT_TITLE_ID = 'draft-title';

function doneText({ t }: BillingText, done: NonNullable<SafetyDone>): string {
  return done.kind === 'discarded'
    ? t('safety.discarded')
    : t(done.kind === 'restored' ? 'safety.restored' : 'safety.fromPrevious', { revision: done.revision });
}

/** The local draft: its status, the way into the editor, draft safety, the Excel round trip and an overview. */
export function DraftSection({ where, what, draft, template, editable, importer, safety, feedback }: Props) {
  const text = useBillingText();
  const { t, format } = text;
  const filled = draft === null ? null : asFilled(draft.content, template);
  const task = importer.state.step === 'busy' ? importer.state.task : null;
  const started = startedFrom(draft);
  // Looks disabled while busy but stays focusable (the hook ignores the click), so the focus is never lost.
  const busy = importer.busy || undefined;
  const busyProps = (of: string) => ({
    'data-disabled': busy,
    'aria-disabled': busy,
    leftSection: task === of ? <Loader size={14} color="currentColor" /> : undefined,
  });
  const editorPath = `${billingPath(where.connectionId, where.billingunit, where.periodTo)}/erfassen/vereinbarung`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={DRAFT_TITLE_ID}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id={DRAFT_TITLE_ID} tabIndex={-1}>
          {t('draft.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="draft-status">
          {draft === null
            ? t('draft.none')
            : t('draft.saved', { at: format.dateTime(draft.updatedAt), revision: draft.revision })}
        </Text>
      </Group>
      {safety.done !== null && stillTrue(safety.done, draft) && (
        <Text size="sm" fw={600} role="status" data-testid="draft-safety-result">
          {doneText(text, safety.done)}
        </Text>
      )}
      {started !== null && (
        <Text size="sm" c="dimmed">
          {t('safety.startedFrom', { period: format.date(started) })}
        </Text>
      )}
      {editable && (
        <>
          <Group gap="sm" my="sm" align="center">
            <Button component={Link} to={editorPath} size="md">
              {t('safety.editInApp')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('safety.editInAppHint')}
            </Text>
          </Group>
          {safety.previous !== null && <StartFromPrevious previous={safety.previous} safety={safety} />}
          {draft !== null && <DraftActions draft={draft} safety={safety} what={what} />}
          <Text size="sm" c="dimmed" mt="sm">
            {t('draft.howTo')}
          </Text>
          <Group gap="xs" my="sm">
            <Button variant="default" onClick={importer.download} {...busyProps('download')}>
              {t('draft.download')}
            </Button>
            <Button variant="default" onClick={importer.importTemplate} {...busyProps('template')}>
              {t('draft.importTemplate')}
            </Button>
            <Button variant="default" onClick={importer.importInvoices} {...busyProps('invoices')}>
              {t('draft.importInvoices')}
            </Button>
          </Group>
          {feedback}
        </>
      )}
      {!editable && draft !== null && (
        <Button component={Link} to={editorPath} variant="default" my="sm">
          {t('safety.viewInApp')}
        </Button>
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

/** A safety step's line stays while the draft is as that step left it; a later save makes it old news. */
function stillTrue(done: NonNullable<SafetyDone>, draft: Draft | null): boolean {
  return done.kind === 'discarded' ? draft === null : draft?.revision === done.revision;
}

/** The period-end of the submission a draft was started from, as the main process recorded it. */
function startedFrom(draft: Draft | null): string | null {
  const from: unknown = draft?.content.fromprevious;
  if (typeof from !== 'object' || from === null || !('periodTo' in from)) return null;
  return typeof from.periodTo === 'string' ? from.periodTo : null;
}
