import { Stack, Text } from '@mantine/core';
import type { Draft } from '@shared/domain/workspace';
import type { BillingPeriod, Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { asFilled } from '@renderer/features/billing/draft-content';
import { CheckSection } from '@renderer/features/billing/components/CheckSection';
import { DRAFT_TITLE_ID, DraftSection } from '@renderer/features/billing/components/DraftSection';
import { HistoryList } from '@renderer/features/billing/components/HistoryList';
import { ImportFeedback } from '@renderer/features/billing/components/ImportFeedback';
import { SubmitSection } from '@renderer/features/billing/components/SubmitSection';
import { TemplateSummary } from '@renderer/features/billing/components/TemplateSummary';
import { useDraft, usePeriodArchive, useTemplate } from '@renderer/features/billing/queries';
import type { PeriodRef } from '@renderer/features/billing/queries';
import { countOf, useCheckSubmit } from '@renderer/features/billing/useCheckSubmit';
import { useDraftImport } from '@renderer/features/billing/useDraftImport';
import { useDraftSafety } from '@renderer/features/billing/useDraftSafety';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import { ArgeExportSection } from '@renderer/features/arge/ArgeExportSection';

type Props = { where: PeriodRef; period: BillingPeriod };

/** One billing period: agreement, draft, test check, binding submission and history. */
export function PeriodWork({ where, period }: Props) {
  const { t } = useBillingText();
  const template = useTemplate(where);
  const draft = useDraft(where);

  if (template.isPending || draft.isPending) {
    return (
      <Text c="dimmed" role="status">
        {t('work.loading')}
      </Text>
    );
  }
  if (template.isError) {
    return <ErrorNotice title={t('work.templateFailed')} error={template.error} onRetry={() => void template.refetch()} />;
  }
  if (draft.isError) {
    return <ErrorNotice title={t('work.draftFailed')} error={draft.error} onRetry={() => void draft.refetch()} />;
  }
  const reloadDraft = async () => (await draft.refetch()).data ?? null;
  return <Loaded where={where} period={period} template={template.data} draft={draft.data} reloadDraft={reloadDraft} />;
}

type LoadedProps = Props & { template: Template; draft: Draft | null; reloadDraft: () => Promise<Draft | null> };

function Loaded({ where, period, template, draft, reloadDraft }: LoadedProps) {
  const text = useBillingText();
  const { t } = text;
  const archive = usePeriodArchive(where);
  const refetchArchive = async () => [...((await archive.refetch()).data ?? [])].sort((a, b) => b.seq - a.seq);
  const excel = useDraftImport({ where, template, draft, reloadDraft });
  const cs = useCheckSubmit({ where, draft, template, archive: archive.entries, refetchArchive });
  // After a discard or restore the buttons may be gone: the focus goes to the draft's heading, never to the body.
  const safety = useDraftSafety(where, draft, () => document.getElementById(DRAFT_TITLE_ID)?.focus());

  const open = period.status === 'OPEN';
  const filled = draft === null ? null : asFilled(draft.content, template);
  const { current } = cs;
  const errors = current ? countOf(current.messages, 'ERROR') : 0;
  const warnings = current ? countOf(current.messages, 'WARNING') : 0;
  const noDraft = draft === null ? t('work.noDraft') : filled === null ? t('work.draftIncomplete') : null;
  // Only a checked revision without errors is submitted, at every door (the editor's Übermitteln asks the same).
  const submitBlocked = noDraft ?? (current === null ? t('submit.unchecked') : errors > 0 ? t('work.hasErrors') : null);
  const what = t('submit.what', { billingunit: where.billingunit, period: text.period(period) });
  const commissionedEntry = archive.entries.find((e) => e.result === 'commissioned')?.id;

  return (
    <Stack gap="md" data-testid="period-work">
      <TemplateSummary template={template} />
      <DraftSection
        where={where}
        what={what}
        safety={safety}
        draft={draft}
        template={template}
        editable={open}
        importer={excel}
        feedback={<ImportFeedback importer={excel} costTypes={template.costtypes} />}
      />
      {open && (
        <CheckSection
          check={cs.check}
          template={template}
          revision={draft?.revision ?? null}
          blocked={noDraft}
          onCheck={cs.runCheck}
          onReport={cs.saveReport}
        />
      )}
      <SubmitSection
        period={period}
        billingunit={where.billingunit}
        connectionId={where.connectionId}
        submit={cs.submit}
        template={template}
        filled={filled}
        blocked={submitBlocked}
        warningsOnly={errors === 0 && warnings > 0}
        commissionedEntry={commissionedEntry}
        onOpen={cs.openSubmit}
        onCancel={cs.cancelSubmit}
        onConfirm={cs.runSubmit}
      />
      <ArgeExportSection where={where} filled={filled} blocked={noDraft} />
      {cs.reportError !== null && <ErrorNotice title={t('report.failed')} error={cs.reportError} />}
      <HistoryList connectionId={where.connectionId} entries={archive.entries} onReport={cs.saveReport} />
    </Stack>
  );
}
