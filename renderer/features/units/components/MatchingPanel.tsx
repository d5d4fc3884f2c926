import type { SetupStatusCode } from '@shared/msc/billing-unit-data';
import type { TrackedSetup } from '@shared/domain/workspace';
import { formatGermanDateTime } from '@shared/domain/dates';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import type { MatchingView } from '@renderer/features/units/useUnitMatching';
import { SETUP_STATUS } from '@renderer/features/units/unit-texts';
import { MatchingResultView } from '@renderer/features/units/components/MatchingResultView';

type Action = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'error'; message: string };

type Props = {
  status: SetupStatusCode;
  lastupdate: string;
  setup: TrackedSetup | undefined;
  followed: boolean;
  view: MatchingView;
  action: Action;
  onRefresh: () => void;
  onExport: () => void;
  onAddCriteria: (pmNumbers: string[]) => void;
};

function waitingText(status: SetupStatusCode, followed: boolean): string {
  if (!followed) {
    return status === 'OPEN'
      ? 'Noch nichts zur Zuordnung gesendet. Senden Sie unten Ihre Nutzeinheiten.'
      : 'Der Messdienst bearbeitet die Zuordnung. Mit „Status abfragen“ sehen Sie den neuesten Stand.';
  }
  if (status === 'IN_PROGRESS')
    return 'Der Messdienst ordnet Ihre Nutzeinheiten gerade zu. Das Ergebnis erscheint hier von selbst.';
  return 'Der Messdienst hat Ihre Nutzeinheiten erhalten und beginnt bald mit der Zuordnung. Das Ergebnis erscheint hier von selbst.';
}

/** Status of the matching at the MSC and, once COMPLETED, its result with the Excel export. */
export function MatchingPanel({ status, lastupdate, setup, followed, view, action, onRefresh, onExport, onAddCriteria }: Props) {
  const badge = SETUP_STATUS[status];
  const busy = action.kind === 'busy';
  return (
    <section className="card units-panel" aria-labelledby="matching-title">
      <div className="units-panel-head">
        <h2 id="matching-title">Zuordnung beim Messdienst</h2>
        <span data-testid="matching-status" data-status={status}>
          <StatusBadge tone={badge.tone} label={badge.label} />
        </span>
      </div>
      <p className="muted units-small">
        Stand {formatGermanDateTime(lastupdate)}
        {setup?.checkedAt !== undefined && ` · zuletzt nachgefragt ${formatGermanDateTime(setup.checkedAt)}`}
      </p>
      {setup?.lastError && <p className="error-text units-small">Letzte Nachfrage fehlgeschlagen: {setup.lastError.message}</p>}
      {view.state === 'not-completed' && <p>{waitingText(status, followed)}</p>}
      {view.state === 'loading' && <p className="muted">Ergebnis wird geladen …</p>}
      {view.state === 'error' && <ErrorNotice title="Das Ergebnis konnte nicht geladen werden" message={view.message} />}
      {view.state === 'ready' && <MatchingResultView result={view.result} onAddCriteria={onAddCriteria} />}
      {action.kind === 'error' && <ErrorNotice title="Das hat nicht geklappt" message={action.message} />}
      <div className="units-actions">
        <button type="button" className="button" onClick={onRefresh} disabled={busy}>
          {busy && action.what === 'refresh' ? 'Wird abgefragt …' : 'Status abfragen'}
        </button>
        {view.state === 'ready' && (
          <button type="button" className="button" onClick={onExport} disabled={busy}>
            {busy && action.what === 'export' ? 'Wird erstellt …' : 'Zuordnung als Excel speichern'}
          </button>
        )}
      </div>
    </section>
  );
}
