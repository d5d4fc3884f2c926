import { useEffect, useRef } from 'react';
import type { Template } from '@shared/msc/billing-input';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { countText } from '@renderer/features/billing/billing-text';
import { CheckMessages } from '@renderer/features/billing/components/CheckMessages';
import { ReportButtons } from '@renderer/features/billing/components/ReportButtons';
import { countOf } from '@renderer/features/billing/useCheckSubmit';
import type { CheckState } from '@renderer/features/billing/useCheckSubmit';

type Props = {
  check: CheckState;
  template: Template;
  revision: number | null;
  /** Why checking is not possible now; null when it is. */
  blocked: string | null;
  onCheck: () => void;
  onReport: (archiveId: string, format: 'pdf' | 'excel') => void;
};

/** The test check (Prüfen): repeatable, stores nothing at the measuring service. */
export function CheckSection({ check, template, revision, blocked, onCheck, onReport }: Props) {
  const last = check.state === 'done' && check.last.source === 'check' ? check.last : null;
  const errors = last ? countOf(last.messages, 'ERROR') : 0;
  const warnings = last ? countOf(last.messages, 'WARNING') : 0;
  const resultRef = useRef<HTMLDivElement>(null);
  // A fresh result may sit below the fold of a long draft; bring it to the clerk's eye.
  useEffect(() => {
    resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [last]);

  return (
    <section className="card" aria-labelledby="check-title" data-testid="check-section">
      <div className="section-header">
        <h2 id="check-title">Prüfen</h2>
        <button
          type="button"
          className="button primary"
          onClick={onCheck}
          disabled={blocked !== null || check.state === 'checking'}
        >
          {check.state === 'checking' ? 'Wird geprüft …' : 'Prüfen'}
        </button>
      </div>
      <p className="muted">
        Der Messdienst prüft den Entwurf auf Vollständigkeit und Plausibilität. Dabei wird nichts übermittelt; Sie können beliebig
        oft prüfen.
      </p>
      {blocked !== null && <p className="muted">{blocked}</p>}
      {check.state === 'error' && <ErrorNotice title="Die Prüfung konnte nicht durchgeführt werden" message={check.message} />}
      {last && (
        <div
          ref={resultRef}
          className="check-result"
          data-testid="check-result"
          data-result={last.messages.length === 0 ? 'passed' : 'messages'}
        >
          <div className="check-result-head">
            {last.messages.length === 0 ? (
              <StatusBadge tone="ok" label="Prüfung bestanden" />
            ) : errors > 0 ? (
              <StatusBadge tone="error" label={`Prüfung mit ${countText(errors, warnings)}`} />
            ) : (
              <StatusBadge tone="pending" label={`Prüfung mit ${countText(errors, warnings) || 'Hinweisen'}`} />
            )}
            {revision !== null && last.revision !== revision && (
              <span className="muted">Der Entwurf wurde seit dieser Prüfung geändert. Bitte erneut prüfen.</span>
            )}
            {last.archiveId !== undefined && <ReportButtons archiveId={last.archiveId} onReport={onReport} />}
          </div>
          {last.messages.length === 0 ? (
            <p>Der Messdienst hat keine Fehler und keine Warnungen gefunden. Sie können verbindlich übermitteln.</p>
          ) : (
            <CheckMessages messages={last.messages} filled={last.filled} template={template} />
          )}
        </div>
      )}
    </section>
  );
}
