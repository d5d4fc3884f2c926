import { useState } from 'react';
import type { Connection } from '@shared/domain/connection';
import { MSC_COMPANIES, labelOf } from '@shared/domain/codes';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { healthText } from '@renderer/features/connections/health-text';
import type { HealthView } from '@renderer/features/connections/useConnections';

type Props = {
  connection: Connection;
  health: HealthView | undefined;
  onCheck: () => void;
  onEdit: () => void;
  onRemove: () => Promise<void>;
};

export function ConnectionCard({ connection, health, onCheck, onEdit, onRemove }: Props) {
  const [confirming, setConfirming] = useState(false);
  const status = healthText(health);
  const where =
    connection.target.kind === 'embedded-demo'
      ? 'In Kostenbrücke eingebaut – zum gefahrlosen Ausprobieren'
      : `${labelOf(MSC_COMPANIES, connection.mscCode)} · ${connection.target.url}`;

  return (
    <li className="card connection-card" data-testid="connection-card" aria-label={connection.name}>
      <div className="connection-main">
        <h3>{connection.name}</h3>
        <p className="muted">{where}</p>
      </div>
      <div className="connection-status" data-testid="connection-status" data-state={health?.state ?? 'unknown'}>
        <StatusBadge tone={status.tone} label={status.label} />
        {status.detail && (
          <p className={status.tone === 'error' ? 'status-detail error-text' : 'status-detail muted'} title={status.technical}>
            {status.detail}
          </p>
        )}
      </div>
      <div className="connection-actions">
        {confirming ? (
          <>
            <span>Verbindung wirklich entfernen?</span>
            <button
              type="button"
              className="button danger"
              onClick={() => {
                void onRemove().finally(() => {
                  setConfirming(false);
                });
              }}
            >
              Entfernen
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Abbrechen
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={onCheck} disabled={health?.state === 'checking'}>
              Verbindung prüfen
            </button>
            <button type="button" className="button" onClick={onEdit}>
              Bearbeiten
            </button>
            <button
              type="button"
              className="button subtle"
              onClick={() => {
                setConfirming(true);
              }}
            >
              Entfernen
            </button>
          </>
        )}
      </div>
    </li>
  );
}
