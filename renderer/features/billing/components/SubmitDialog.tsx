type Props = {
  what: string;
  warningsOnly: boolean;
  submitting: boolean;
  onConfirm: (ignoreWarnings: boolean) => void;
  onCancel: () => void;
};

/** The last question before a binding submission; it cannot be undone, so the safe answer has the focus. */
export function SubmitDialog({ what, warningsOnly, submitting, onConfirm, onCancel }: Props) {
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="submit-dialog-title"
        aria-describedby="submit-dialog-text"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !submitting) onCancel();
        }}
      >
        <h2 id="submit-dialog-title">Abrechnung verbindlich übermitteln?</h2>
        <div id="submit-dialog-text" className="dialog-text">
          <p>
            Damit beauftragen Sie den Messdienst verbindlich mit der Abrechnung für {what}.{' '}
            <strong>Das lässt sich nicht rückgängig machen.</strong>
          </p>
          {warningsOnly && (
            <p>
              Die letzte Prüfung dieses Entwurfs hat Warnungen ergeben. Wenn Sie die Warnungen geprüft haben und die Angaben
              stimmen, können Sie trotzdem übermitteln.
            </p>
          )}
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="button primary"
            disabled={submitting}
            onClick={() => {
              onConfirm(warningsOnly);
            }}
          >
            {submitting ? 'Wird übermittelt …' : warningsOnly ? 'Trotz Warnungen übermitteln' : 'Verbindlich übermitteln'}
          </button>
          <button type="button" className="button" disabled={submitting} onClick={onCancel} autoFocus>
            Abbrechen
          </button>
        </div>
      </div>
    </div>
  );
}
