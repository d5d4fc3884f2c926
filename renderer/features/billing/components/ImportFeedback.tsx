import type { Template } from '@shared/msc/billing-input';
import { AccountMappingForm } from '@renderer/features/billing/components/AccountMappingForm';
import { ImportIssues } from '@renderer/features/billing/components/ImportIssues';
import type { DraftImport } from '@renderer/features/billing/useDraftImport';
import { ColumnMappingStep } from '@renderer/features/excel-mapping/ColumnMappingStep';
import { RecognisedColumns } from '@renderer/features/excel-mapping/RecognisedColumns';
import { howMapped } from '@renderer/features/excel-mapping/column-mapping';

type Props = { importer: DraftImport; costTypes: Template['costtypes'] };

const BUSY_TEXT = {
  download: 'Die Erfassungsmappe wird erstellt …',
  template: 'Die Erfassungsmappe wird eingelesen …',
  invoices: 'Die Rechnungsliste wird eingelesen …',
} as const;

/** What the last Excel step did: progress, success with warnings, issues, column or account mapping, or a save conflict. */
export function ImportFeedback({ importer, costTypes }: Props) {
  const { state, dismiss: onDismiss } = importer;
  switch (state.step) {
    case 'idle':
      return null;
    case 'busy':
      return (
        <p className="muted" role="status">
          {BUSY_TEXT[state.task]}
        </p>
      );
    case 'done':
      return (
        <div className="notice notice-ok" role="status" data-testid="import-result">
          <strong>{state.text}</strong>
          {state.columns && (
            <RecognisedColumns
              headers={state.columns.headers}
              how={howMapped(state.columns.run.context, state.columns.run.byHand === true)}
              onChange={() => {
                if (state.columns) importer.mapColumns(state.columns.run.context, state.columns.run.startFrom);
              }}
            />
          )}
          {state.warnings.length > 0 && (
            <>
              <p>Bitte beachten Sie:</p>
              <ImportIssues issues={state.warnings} label="Hinweise zum Einlesen" />
            </>
          )}
        </div>
      );
    case 'issues':
      return (
        <div className="notice notice-error" role="alert" data-testid="import-result">
          <strong>{state.title}</strong>
          <p>
            Es wurde nichts übernommen; Ihr bisheriger Entwurf bleibt unverändert. Bitte korrigieren Sie die Datei in Excel und
            lesen Sie sie erneut ein.
          </p>
          <ImportIssues issues={state.issues} label="Probleme beim Einlesen" />
          <div className="form-actions">
            {state.run && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  if (state.run) importer.mapColumns(state.run.context);
                }}
              >
                Spalten zuordnen
              </button>
            )}
            <button type="button" className="button" onClick={onDismiss}>
              Schließen
            </button>
          </div>
        </div>
      );
    case 'map-columns':
      return (
        <div className="notice notice-pending" data-testid="import-result">
          <strong>Spalten der Rechnungsliste zuordnen</strong>
          {state.startFrom && <p>Die eben aus dieser Datei übernommenen Rechnungen werden durch die neu eingelesenen ersetzt.</p>}
          <ColumnMappingStep
            context={state.context}
            busy={state.busy}
            error={state.error}
            onSheet={importer.changeSheet}
            onHeaderRow={importer.changeHeaderRow}
            onApply={importer.applyColumns}
            onCancel={onDismiss}
          />
        </div>
      );
    case 'map-accounts':
      return (
        <div className="notice notice-pending" data-testid="import-result">
          <strong>Konten zuordnen</strong>
          {state.issues.length > 0 && <ImportIssues issues={state.issues} label="Weitere Probleme beim Einlesen" />}
          <AccountMappingForm
            accounts={state.accounts}
            costTypes={costTypes}
            onApply={importer.mapAccounts}
            onCancel={onDismiss}
          />
        </div>
      );
    case 'conflict':
      return (
        <div className="notice notice-error" role="alert" data-testid="import-result">
          <strong>Der Entwurf wurde inzwischen an anderer Stelle geändert</strong>
          <p>
            Jemand hat diesen Entwurf zwischenzeitlich gespeichert, zum Beispiel in einem zweiten Fenster. Ihre eingelesene Datei
            wurde deshalb noch nicht übernommen; es ist nichts verloren.
          </p>
          <div className="form-actions">
            <button type="button" className="button primary" onClick={() => void importer.reloadAndRetry()}>
              Neu laden und Datei erneut einlesen
            </button>
            <button type="button" className="button" onClick={() => void importer.reloadOnly()}>
              Nur neu laden
            </button>
          </div>
        </div>
      );
    case 'error':
      return (
        <div className="notice notice-error" role="alert" data-testid="import-result">
          <strong>{state.title}</strong>
          <p>{state.message}</p>
          <button type="button" className="button" onClick={onDismiss}>
            Schließen
          </button>
        </div>
      );
  }
}
