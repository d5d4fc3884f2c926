import { useEffect, useRef } from 'react';
import { Paper, Stepper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '@shared/domain/workspace';
import type { SetupWizard } from '@renderer/features/units/useSetupWizard';
import type { WizardState } from '@renderer/features/units/setup-wizard';
import { useOutbox } from '@renderer/features/units/queries';
import { StartStep } from '@renderer/features/units/steps/StartStep';
import { ReadingStep } from '@renderer/features/units/steps/ReadingStep';
import { IssuesStep } from '@renderer/features/units/steps/IssuesStep';
import { EditStep } from '@renderer/features/units/steps/EditStep';
import { ReviewStep } from '@renderer/features/units/steps/ReviewStep';
import { QueuedStep } from '@renderer/features/units/steps/QueuedStep';
import { PreviewStep } from '@renderer/features/units/preview/PreviewStep';
import { ColumnMappingStep } from '@renderer/features/excel-mapping/ColumnMappingStep';

type Props = { wizard: SetupWizard; outbox: readonly OutboxItem[]; matchingCompleted: boolean };

/** Which of the three stages (give units, review, sent) a step belongs to, for the stepper. */
const STAGE: Readonly<Record<WizardState['step'], number>> = {
  start: 0,
  reading: 0,
  mapping: 0,
  issues: 0,
  edit: 0,
  review: 1,
  sending: 1,
  preview: 1,
  queued: 3,
};

/** One step of the send-for-matching wizard at a time. */
export function WizardPanel({ wizard, outbox, matchingCompleted }: Props) {
  const { t } = useTranslation('units');
  const { state, connectionId, billingunit } = wizard;
  // Requests to other properties of a multi-property file are followed too, not only this property's.
  const everything = useOutbox(connectionId).data ?? outbox;
  const title =
    state.step === 'edit' && state.purpose === 'auxiliary' ? t('wizard.title.auxiliary') : t(`wizard.title.${state.step}`);
  const mapping = state.step === 'issues' ? state.mapping : undefined;
  // A step's buttons vanish with the step; the focus then goes to the new step's title instead of the page body.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (document.activeElement === null || document.activeElement === document.body) titleRef.current?.focus();
  }, [state.step]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wizard-title" data-step={state.step} data-testid="setup-wizard">
      <Title order={2} size="h4" id="wizard-title" mb="sm" ref={titleRef} tabIndex={-1} className="page-title">
        {title}
      </Title>
      <Stepper active={STAGE[state.step]} size="xs" mb="md" aria-hidden="true" allowNextStepsSelect={false}>
        <Stepper.Step label={t('wizard.stage.give')} />
        <Stepper.Step label={t('wizard.stage.review')} />
        <Stepper.Step label={t('wizard.stage.sent')} />
      </Stepper>
      {state.step === 'start' && (
        <StartStep
          error={state.error}
          notice={state.notice}
          fileName={state.fileName}
          connectionId={connectionId}
          onImport={wizard.importExcel}
          onType={wizard.startTyping}
        />
      )}
      {state.step === 'reading' && (
        <ReadingStep fileName={state.fileName} progress={state.progress} onCancel={wizard.cancelReading} />
      )}
      {state.step === 'mapping' && (
        <ColumnMappingStep
          context={state.context}
          busy={state.busy}
          error={state.error}
          choice={state.choice}
          onChoice={wizard.changeChoice}
          onSheet={wizard.changeSheet}
          onHeaderRow={wizard.changeHeaderRow}
          onApply={wizard.applyMapping}
          onCancel={wizard.reset}
        />
      )}
      {state.step === 'issues' && (
        <IssuesStep
          fileName={state.fileName}
          issues={state.issues}
          onPickAgain={wizard.importExcel}
          onMapColumns={
            mapping
              ? () => {
                  wizard.mapColumns(mapping);
                }
              : undefined
          }
          onCancel={wizard.reset}
        />
      )}
      {state.step === 'edit' && (
        <EditStep
          rows={state.rows}
          purpose={state.purpose}
          errors={state.errors}
          onChange={wizard.changeRows}
          onNext={wizard.checkRows}
          onCancel={wizard.reset}
        />
      )}
      {(state.step === 'review' || state.step === 'sending') && (
        <ReviewStep
          units={state.units}
          sending={state.step === 'sending'}
          error={state.step === 'review' ? state.error : undefined}
          onSend={() => {
            wizard.send(state.units);
          }}
          onBack={wizard.back}
        />
      )}
      {state.step === 'preview' && (
        <PreviewStep
          source={state.source}
          rows={state.rows}
          selected={billingunit}
          properties={wizard.properties}
          propertiesLoaded={wizard.propertiesLoaded}
          sending={state.sending}
          error={state.error}
          onRows={wizard.changePreview}
          onSend={wizard.sendGroups}
          onChangeMapping={wizard.mapColumns}
          onPickAgain={wizard.importExcel}
          onCancel={wizard.reset}
        />
      )}
      {state.step === 'queued' && (
        <QueuedStep
          items={state.items.map((item) => everything.find((i) => i.id === item.id) ?? item)}
          connectionId={connectionId}
          billingunit={billingunit}
          matchingCompleted={matchingCompleted}
          onDone={wizard.reset}
        />
      )}
    </Paper>
  );
}
