import { useCallback } from 'react';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { periodLabel } from '@renderer/features/billing/billing-text';
import { asFilled } from '@renderer/features/billing/draft-content';
import { CheckSection } from '@renderer/features/billing/components/CheckSection';
import { DraftSection } from '@renderer/features/billing/components/DraftSection';
import { HistoryList } from '@renderer/features/billing/components/HistoryList';
import { ImportFeedback } from '@renderer/features/billing/components/ImportFeedback';
import { SubmitSection } from '@renderer/features/billing/components/SubmitSection';
import { TemplateSummary } from '@renderer/features/billing/components/TemplateSummary';
import { countOf, useCheckSubmit } from '@renderer/features/billing/useCheckSubmit';
import { useDraftImport } from '@renderer/features/billing/useDraftImport';
import { usePeriodData } from '@renderer/features/billing/usePeriodData';
import type { PeriodRef } from '@renderer/features/billing/usePeriodData';

type Props = { where: PeriodRef; period: BillingPeriod; onPeriodChanged: () => Promise<unknown> };

/** One billing period: agreement, draft, test check, binding submission and history. */
export function PeriodWork({ where, period, onPeriodChanged }: Props) {
  const data = usePeriodData(where);
  const template = data.template.state === 'ready' ? data.template.value : null;
  const draft = data.draft.state === 'ready' ? data.draft.value : null;
  const { setDraft } = data;
  const onSaved = useCallback(
    (saved: NonNullable<typeof draft>) => {
      setDraft(saved);
    },
    [setDraft],
  );
  const excel = useDraftImport({ where, template, draft, reloadDraft: data.reloadDraft, onSaved });
  const cs = useCheckSubmit({ where, reloadArchive: data.reloadArchive, onSubmitted: onPeriodChanged });

  if (data.template.state === 'loading' || data.draft.state === 'loading') {
    return <p className="muted">Die Vereinbarung für diesen Zeitraum wird beim Messdienst abgefragt …</p>;
  }
  if (data.template.state === 'error' || !template) {
    const message = data.template.state === 'error' ? data.template.message : 'Keine Vereinbarung vorhanden.';
    return (
      <ErrorNotice
        title="Die Vereinbarung für diesen Zeitraum konnte nicht geladen werden"
        message={message}
        onRetry={() => void data.reloadTemplate()}
      />
    );
  }

  const open = period.status === 'OPEN';
  const filled = draft === null ? null : asFilled(draft.content);
  const last = cs.check.state === 'done' ? cs.check.last : null;
  const current = last !== null && draft !== null && last.revision === draft.revision ? last : null;
  const errors = current ? countOf(current.messages, 'ERROR') : 0;
  const warnings = current ? countOf(current.messages, 'WARNING') : 0;
  const noDraft =
    draft === null
      ? 'Lesen Sie zuerst die ausgefüllte Erfassungsmappe ein; dann können Sie prüfen und übermitteln.'
      : filled === null
        ? 'Der Entwurf ist noch unvollständig; bitte lesen Sie die ausgefüllte Erfassungsmappe ein.'
        : null;
  const submitBlocked =
    noDraft ??
    (errors > 0
      ? 'Die letzte Prüfung dieses Entwurfs hat Fehler ergeben. Bitte korrigieren Sie diese und prüfen Sie erneut.'
      : null);
  const what = `Liegenschaft ${where.billingunit}, Abrechnungszeitraum ${periodLabel(period)}`;

  return (
    <div className="period-work" data-testid="period-work" aria-label={`Abrechnungszeitraum ${periodLabel(period)}`}>
      <h2 className="period-title">Abrechnungszeitraum {periodLabel(period)}</h2>
      {data.draft.state === 'error' && (
        <ErrorNotice
          title="Der Entwurf konnte nicht geladen werden"
          message={data.draft.message}
          onRetry={() => void data.reloadDraft()}
        />
      )}
      <TemplateSummary template={template} />
      <DraftSection
        draft={draft}
        template={template}
        editable={open}
        importState={excel.state}
        onDownload={() => void excel.download()}
        onImportTemplate={() => void excel.importTemplate()}
        onImportInvoices={() => void excel.importInvoices()}
        feedback={<ImportFeedback importer={excel} costTypes={template.costtypes} />}
      />
      {open && (
        <CheckSection
          check={cs.check}
          template={template}
          revision={draft?.revision ?? null}
          blocked={noDraft}
          onCheck={() => {
            if (filled && draft) void cs.runCheck(filled, draft.revision);
          }}
          onReport={(id, format) => void cs.saveReport(id, format)}
        />
      )}
      <SubmitSection
        period={period}
        what={what}
        submit={cs.submit}
        template={template}
        filled={filled}
        blocked={submitBlocked}
        warningsOnly={errors === 0 && warnings > 0}
        unchecked={current === null}
        onOpen={cs.openSubmit}
        onCancel={cs.cancelSubmit}
        onConfirm={(ignoreWarnings) => {
          if (filled && draft) void cs.runSubmit(filled, draft.revision, ignoreWarnings);
        }}
      />
      {cs.reportError !== null && <ErrorNotice title="Der Prüfbericht konnte nicht erstellt werden" message={cs.reportError} />}
      <HistoryList entries={data.archive} onReport={(id, format) => void cs.saveReport(id, format)} />
    </div>
  );
}
