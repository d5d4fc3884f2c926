import type { OutboxItem } from '@shared/domain/workspace';
import type { SetupWizard } from '@renderer/features/units/useSetupWizard';
import { StartStep } from '@renderer/features/units/steps/StartStep';
import { IssuesStep } from '@renderer/features/units/steps/IssuesStep';
import { EditStep } from '@renderer/features/units/steps/EditStep';
import { ReviewStep } from '@renderer/features/units/steps/ReviewStep';
import { QueuedStep } from '@renderer/features/units/steps/QueuedStep';
import { ColumnMappingStep } from '@renderer/features/excel-mapping/ColumnMappingStep';

type Props = { wizard: SetupWizard; outbox: readonly OutboxItem[]; matchingCompleted: boolean };

const TITLES = {
  start: 'Nutzeinheiten zur Zuordnung senden',
  reading: 'Excel-Datei wird gelesen',
  mapping: 'Spalten zuordnen',
  issues: 'Excel-Datei prüfen',
  edit: 'Nutzeinheiten erfassen',
  review: 'Prüfen und senden',
  sending: 'Prüfen und senden',
  queued: 'Zur Zuordnung gesendet',
} as const;

/** One step of the send-for-matching wizard at a time. */
export function WizardPanel({ wizard, outbox, matchingCompleted }: Props) {
  const { state } = wizard;
  const title = state.step === 'edit' && state.purpose === 'auxiliary' ? 'Hilfskriterien ergänzen' : TITLES[state.step];
  const importExcel = () => void wizard.importExcel();
  const mapping = state.step === 'issues' ? state.mapping : undefined;
  return (
    <section className="card units-panel" aria-labelledby="wizard-title" data-step={state.step} data-testid="setup-wizard">
      <h2 id="wizard-title">{title}</h2>
      {state.step === 'start' && <StartStep error={state.error} onImport={importExcel} onType={wizard.startTyping} />}
      {state.step === 'reading' && (
        <p className="muted">{state.fileName ? `„${state.fileName}“ wird gelesen …` : 'Datei wird gelesen …'}</p>
      )}
      {state.step === 'mapping' && (
        <ColumnMappingStep
          context={state.context}
          busy={state.busy}
          error={state.error}
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
          onPickAgain={importExcel}
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
          origin={state.origin}
          units={state.units}
          sending={state.step === 'sending'}
          error={state.step === 'review' ? state.error : undefined}
          onSend={() => void wizard.send(state.units)}
          onBack={wizard.back}
          onChangeMapping={wizard.mapColumns}
        />
      )}
      {state.step === 'queued' && (
        <QueuedStep
          item={outbox.find((i) => i.id === state.item.id) ?? state.item}
          matchingCompleted={matchingCompleted}
          onDone={wizard.reset}
        />
      )}
    </section>
  );
}
