import { useState } from 'react';
import type { OutboxItem } from '@shared/domain/workspace';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { errorMessage } from '@renderer/lib/api';
import { OUTBOX_STATE, outboxDetail, unitCount } from '@renderer/features/units/unit-texts';

type Props = {
  items: readonly OutboxItem[];
  onRetry: (id: string) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
};

/** What this computer has sent or still has to send, newest first; failed items can be sent again or removed. */
export function OutboxList({ items, onRetry, onRemove }: Props) {
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<void>) => {
    setError(null);
    work.catch((err: unknown) => {
      setError(errorMessage(err));
    });
  };
  if (items.length === 0) return <p className="muted units-small">Nichts zu senden.</p>;
  return (
    <>
      {error && (
        <p className="error-text units-small" role="alert">
          {error}
        </p>
      )}
      <ul className="units-outbox" aria-label="Warteschlange">
        {[...items].reverse().map((item) => {
          const state = OUTBOX_STATE[item.state];
          return (
            <li key={item.id} className="units-outbox-item" data-testid="outbox-item" data-state={item.state}>
              <span className="units-item-head">
                <strong>{item.billingunit}</strong>
                <StatusBadge tone={state.tone} label={state.label} />
              </span>
              <span className="units-small">{unitCount(item.request.residentialunits.length)}</span>
              <span className={item.state === 'failed' ? 'error-text units-small' : 'muted units-small'}>
                {outboxDetail(item)}
              </span>
              {item.state === 'failed' && (
                <span className="units-actions">
                  {item.failure.retryable && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        act(onRetry(item.id));
                      }}
                    >
                      Erneut senden
                    </button>
                  )}
                  <button
                    type="button"
                    className="button subtle"
                    onClick={() => {
                      act(onRemove(item.id));
                    }}
                  >
                    Verwerfen
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
