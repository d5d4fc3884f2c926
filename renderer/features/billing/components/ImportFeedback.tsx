import type { AccountMapping } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { AccountMappingForm } from '@renderer/features/billing/components/AccountMappingForm';
import { ImportIssues } from '@renderer/features/billing/components/ImportIssues';
import type { ImportState } from '@renderer/features/billing/useDraftImport';

type Props = {
  state: ImportState;
  costTypes: Template['costtypes'];
  onMap: (fileId: string, mapping: AccountMapping) => void;
  onReloadAndRetry: () => void;
  onReloadOnly: () => void;
  onDismiss: () => void;
};

const BUSY_TEXT = {
  download: 'Die Erfassungsmappe wird erstellt …',
  template: 'Die Erfassungsmappe wird eingelesen …',
  invoices: 'Die Rechnungsliste wird eingelesen …',
} as const;

/** What the last Excel step did: progress, success with warnings, issues, account mapping or a save conflict. */
export function ImportFeedback({ state, costTypes, onMap, onReloadAndRetry, onReloadOnly, onDismiss }: Props) {
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
          <button type="button" className="button" onClick={onDismiss}>
            Schließen
          </button>
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
            onApply={(mapping) => {
              onMap(state.fileId, mapping);
            }}
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
            <button type="button" className="button primary" onClick={onReloadAndRetry}>
              Neu laden und Datei erneut einlesen
            </button>
            <button type="button" className="button" onClick={onReloadOnly}>
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
