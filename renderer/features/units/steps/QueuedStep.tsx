import type { OutboxItem } from '@shared/domain/workspace';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { OUTBOX_STATE, outboxDetail, unitCount } from '@renderer/features/units/unit-texts';

type Props = { item: OutboxItem; matchingCompleted: boolean; onDone: () => void };

function headline(item: OutboxItem, matchingCompleted: boolean): string {
  switch (item.state) {
    case 'queued':
    case 'sending':
      return 'Gespeichert. Die Nutzeinheiten werden jetzt an den Messdienst gesendet.';
    case 'sent':
      return matchingCompleted
        ? 'Gesendet und zugeordnet. Das Ergebnis steht oben.'
        : 'Gesendet. Der Messdienst ordnet jetzt zu; das Ergebnis erscheint oben, sobald es vorliegt.';
    case 'failed':
      return 'Das Senden ist fehlgeschlagen.';
  }
}

/** Follows the queued request live: it is on disk from the first moment, so closing the app loses nothing. */
export function QueuedStep({ item, matchingCompleted, onDone }: Props) {
  const state = OUTBOX_STATE[item.state];
  return (
    <div className="units-queued" data-testid="queued" data-state={item.state}>
      <p className="units-item-head">
        <strong>{headline(item, matchingCompleted)}</strong>
        <StatusBadge tone={state.tone} label={state.label} />
      </p>
      <p className="muted">
        {unitCount(item.request.residentialunits.length)} · {outboxDetail(item)}
      </p>
      {item.state !== 'sent' && (
        <p className="muted units-small">
          Die Anfrage ist auf diesem Rechner gespeichert. Auch wenn Sie Kostenbrücke jetzt schließen, wird sie beim nächsten Start
          gesendet.
        </p>
      )}
      <div className="units-actions">
        <button type="button" className="button" onClick={onDone}>
          Weitere Nutzeinheiten senden
        </button>
      </div>
    </div>
  );
}
