import { useEffect } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EDITOR_STEPS } from '@shared/domain/draft-location';
import type { EditorStep } from '@shared/domain/draft-location';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { PageHeader } from '@renderer/components/PageHeader';
import { useFormat } from '@renderer/lib/format';
import { useEditor } from '@renderer/features/editor/useEditor';
import type { PeriodRef } from '@renderer/features/editor/locations';
import { EditorStepper } from '@renderer/features/editor/components/EditorStepper';
import { SaveProblem, SaveState } from '@renderer/features/editor/components/SaveState';
import { TeamEditorNotes } from '@renderer/features/team/TeamEditorNotes';
import { StepBody } from '@renderer/features/editor/steps/StepBody';
import { ReadOnlyNotice } from '@renderer/features/editor/components/ReadOnlyNotice';
import { usePeriods } from '@renderer/features/billing/queries';
import '@renderer/features/editor/editor.css';

const isStep = (s: string | undefined): s is EditorStep => EDITOR_STEPS.some((x) => x === s);

/** `/abrechnung/:connectionId/:billingunit/:periodTo/erfassen/:step`: the guided editor of one period's template. */
export function EditorPage() {
  const params = useParams();
  const ref: PeriodRef = {
    connectionId: params.connectionId ?? '',
    billingunit: params.billingunit ?? '',
    periodTo: params.periodTo ?? '',
  };
  return <Editor key={`${ref.connectionId}/${ref.billingunit}/${ref.periodTo}`} where={ref} step={params.step} />;
}

function Editor({ where, step }: { where: PeriodRef; step: string | undefined }) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const periods = usePeriods({ connectionId: where.connectionId, billingunit: where.billingunit });
  const billingPeriod = periods.data?.find((p) => p.to === where.periodTo);
  // Commissioned or billed: the MSC has the submission; the editor only shows it.
  const model = useEditor(where, billingPeriod !== undefined && billingPeriod.status !== 'OPEN');
  const { undo, redo } = model;

  useEffect(() => {
    // Ctrl+Z outside an open cell undoes the last change of the draft; inside, the input's own undo applies.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const el = document.activeElement;
      if (el instanceof HTMLInputElement && !el.readOnly) return;
      if (el instanceof HTMLTextAreaElement) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [undo, redo]);

  const template = model.template.data;
  const period = template
    ? `${fmt.date(template.billingperiod.from)} – ${fmt.date(template.billingperiod.to)}`
    : fmt.date(where.periodTo);
  const back = `/abrechnung/${where.connectionId}/${where.billingunit}/${where.periodTo}`;

  return (
    <div className="editor-page">
      <PageHeader
        title={t('title', { unit: where.billingunit })}
        description={t('description', { period })}
        actions={<SaveState model={model} />}
      />
      <Stack gap="md">
        <Anchor component={Link} to={back} size="sm">
          {t('backToPeriod')}
        </Anchor>
        {billingPeriod !== undefined && model.readOnly && <ReadOnlyNotice where={where} period={billingPeriod} />}
        <SaveProblem model={model} />
        <TeamEditorNotes model={model} where={where} />
        {model.template.isError && (
          <ErrorNotice title={t('templateFailed')} error={model.template.error} onRetry={() => void model.template.refetch()} />
        )}
        {model.draft.isError && (
          <ErrorNotice title={t('draftFailed')} error={model.draft.error} onRetry={() => void model.draft.refetch()} />
        )}
        {!isStep(step) ? (
          <Text>{t('unknownStep')}</Text>
        ) : template === undefined || model.state.content === null ? (
          !model.template.isError && <Text c="dimmed">{t('loading')}</Text>
        ) : (
          <>
            <EditorStepper where={where} step={step} located={model.located} />
            <StepBody step={step} where={where} model={model} template={template} content={model.state.content} />
          </>
        )}
      </Stack>
    </div>
  );
}
