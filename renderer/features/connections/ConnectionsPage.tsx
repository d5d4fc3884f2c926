import { useState } from 'react';
import type { Connection } from '@shared/domain/connection';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { errorMessage } from '@renderer/lib/api';
import { ConnectionCard } from '@renderer/features/connections/components/ConnectionCard';
import { ConnectionForm } from '@renderer/features/connections/components/ConnectionForm';
import { useConnections } from '@renderer/features/connections/useConnections';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; connection: Connection };

export function ConnectionsPage() {
  const { list, health, check, save, remove, reload } = useConnections();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [removeError, setRemoveError] = useState<string | null>(null);

  return (
    <section className="page" aria-labelledby="connections-title">
      <div className="page-header">
        <div>
          <h1 id="connections-title">Verbindungen zu Messdiensten</h1>
          <p className="muted">
            Mit diesen Messdiensten tauscht Kostenbrücke Daten aus. Den eingebauten Demo-Messdienst können Sie gefahrlos zum
            Ausprobieren nutzen.
          </p>
        </div>
        {editing.mode === 'closed' && (
          <button
            type="button"
            className="button primary"
            onClick={() => {
              setEditing({ mode: 'new' });
            }}
          >
            Neue Verbindung
          </button>
        )}
      </div>

      {editing.mode !== 'closed' && (
        <ConnectionForm
          key={editing.mode === 'edit' ? editing.connection.id : 'new'}
          connection={editing.mode === 'edit' ? editing.connection : undefined}
          onSave={async (input) => {
            await save(input);
            setEditing({ mode: 'closed' });
          }}
          onCancel={() => {
            setEditing({ mode: 'closed' });
          }}
        />
      )}

      {removeError && <ErrorNotice title="Die Verbindung konnte nicht entfernt werden" message={removeError} />}
      {list.state === 'loading' && <p className="muted">Verbindungen werden geladen …</p>}
      {list.state === 'error' && (
        <ErrorNotice title="Die Verbindungen konnten nicht geladen werden" message={list.message} onRetry={() => void reload()} />
      )}
      {list.state === 'ready' && list.connections.length === 0 && (
        <p className="empty">Noch keine Verbindung eingerichtet. Legen Sie mit „Neue Verbindung“ die erste an.</p>
      )}
      {list.state === 'ready' && list.connections.length > 0 && (
        <ul className="card-list" aria-label="Verbindungen">
          {list.connections.map((c) => (
            <ConnectionCard
              key={c.id}
              connection={c}
              health={health[c.id]}
              onCheck={() => void check(c.id)}
              onEdit={() => {
                setEditing({ mode: 'edit', connection: c });
              }}
              onRemove={async () => {
                setRemoveError(null);
                try {
                  await remove(c.id);
                } catch (err) {
                  setRemoveError(errorMessage(err));
                }
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
