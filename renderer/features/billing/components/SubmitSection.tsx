import type { BillingPeriod, FilledTemplate, Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { countText, germanDateTime } from '@renderer/features/billing/billing-text';
import { CheckMessages } from '@renderer/features/billing/components/CheckMessages';
import { SubmitDialog } from '@renderer/features/billing/components/SubmitDialog';
import { countOf } from '@renderer/features/billing/useCheckSubmit';
import type { SubmitState } from '@renderer/features/billing/useCheckSubmit';

type Props = {
  period: BillingPeriod;
  what: string;
  submit: SubmitState;
  template: Template;
  filled: FilledTemplate | null;
  /** Why submitting is not possible now; null when it is. */
  blocked: string | null;
  warningsOnly: boolean;
  /** This draft revision has not been checked yet. */
  unchecked: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: (ignoreWarnings: boolean) => void;
};

/** The binding submission (Verbindlich übermitteln): confirmed in a dialog, then its outcome. */
export function SubmitSection(props: Props) {
  const { period, submit, blocked } = props;
  const open = period.status === 'OPEN';
  const submitting = submit.step === 'submitting';

  return (
    <section className="card" aria-labelledby="submit-title" data-testid="submit-section">
      <div className="section-header">
        <h2 id="submit-title">Verbindlich übermitteln</h2>
        {open && (
          <button type="button" className="button primary" onClick={props.onOpen} disabled={blocked !== null || submitting}>
            Verbindlich übermitteln
          </button>
        )}
      </div>
      {open && blocked !== null && <p className="muted">{blocked}</p>}
      {open && blocked === null && props.unchecked && (
        <p className="muted">
          Dieser Stand des Entwurfs ist noch nicht geprüft. Prüfen Sie ihn am besten vorher; sonst meldet der Messdienst Fehler
          erst bei der Übermittlung.
        </p>
      )}
      {!open && period.lastsubmission && submit.step !== 'outcome' && (
        <p data-testid="commissioned-info">
          Diese Abrechnung ist beim Messdienst beauftragt (übermittelt am {germanDateTime(period.lastsubmission.at)},
          Vorgangsnummer <span className="mono">{period.lastsubmission.transactionid}</span>). Der Entwurf bleibt hier lesbar.
        </p>
      )}
      {!open && !period.lastsubmission && submit.step !== 'outcome' && (
        <p>Diese Abrechnung ist beim Messdienst bereits in Arbeit.</p>
      )}
      <Outcome {...props} />
      {(submit.step === 'confirm' || submitting) && (
        <SubmitDialog
          what={props.what}
          warningsOnly={submit.step === 'submitting' ? submit.ignoreWarnings : props.warningsOnly}
          submitting={submitting}
          onConfirm={props.onConfirm}
          onCancel={props.onCancel}
        />
      )}
    </section>
  );
}

function Outcome({ submit, template, filled }: Props) {
  if (submit.step === 'error') {
    return <ErrorNotice title="Die Übermittlung konnte nicht abgeschlossen werden" message={submit.message} />;
  }
  if (submit.step !== 'outcome') return null;
  const { outcome } = submit;
  switch (outcome.status) {
    case 'commissioned':
      return (
        <div className="notice notice-ok" role="status" data-testid="submit-outcome" data-status="commissioned">
          <strong>Die Abrechnung ist beauftragt.</strong>
          <p>
            Vorgangsnummer des Messdienstes: <span className="mono">{outcome.transactionid}</span>
            {outcome.confirmedBy === 'status' && ' (nach einer Verbindungsstörung über den Status bestätigt)'}
          </p>
        </div>
      );
    case 'already-commissioned':
      return (
        <div className="notice notice-pending" role="status" data-testid="submit-outcome" data-status="already-commissioned">
          <strong>Diese Abrechnung war bereits beauftragt.</strong>
          <p>
            Es wurde nichts erneut übermittelt.
            {outcome.transactionid !== undefined && ` Vorgangsnummer: ${outcome.transactionid}`}
          </p>
        </div>
      );
    case 'rejected': {
      const text = countText(countOf(outcome.messages, 'ERROR'), countOf(outcome.messages, 'WARNING'));
      return (
        <div className="notice notice-error" role="alert" data-testid="submit-outcome" data-status="rejected">
          <strong>Der Messdienst hat die Übermittlung nicht angenommen{text === '' ? '' : ` (${text})`}.</strong>
          <p>Es wurde nichts beauftragt. Bitte korrigieren Sie den Entwurf und übermitteln Sie erneut.</p>
          {filled && <CheckMessages messages={outcome.messages} filled={filled} template={template} />}
        </div>
      );
    }
  }
}
