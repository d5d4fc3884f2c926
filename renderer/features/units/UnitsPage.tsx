import { useState } from 'react';
import type { Connection } from '@shared/domain/connection';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { useUnitsOverview } from '@renderer/features/units/useUnitsOverview';
import { effectiveStatus, latestSent } from '@renderer/features/units/matching-status';
import { UnitList } from '@renderer/features/units/components/UnitList';
import { OutboxList } from '@renderer/features/units/components/OutboxList';
import { UnitDetail } from '@renderer/features/units/components/UnitDetail';
import '@renderer/features/units/units.css';

/** Liegenschaften: the billing units of the active connection, the local outbox and the selected unit's matching. */
export function UnitsPage() {
  const active = useActiveConnection();
  return (
    <section className="page units-page" aria-labelledby="units-title">
      <div className="page-header">
        <div>
          <h1 id="units-title">Liegenschaften</h1>
          <p className="muted">
            Ihre Liegenschaften beim Messdienst. Senden Sie je Liegenschaft Ihre Nutzeinheiten, damit der Messdienst sie seinen
            Nutzer-Nummern zuordnet.
          </p>
        </div>
        {active.state === 'ready' && active.connections.length > 1 && (
          <label className="units-connection">
            <span>Messdienst</span>
            <select
              value={active.connection.id}
              onChange={(e) => {
                active.select(e.target.value);
              }}
            >
              {active.connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {active.state === 'loading' && <p className="muted">Verbindungen werden geladen …</p>}
      {active.state === 'error' && (
        <ErrorNotice title="Die Verbindungen konnten nicht geladen werden" error={active.error} onRetry={active.reload} />
      )}
      {active.state === 'none' && (
        <p className="empty">Noch keine Verbindung zu einem Messdienst. Legen Sie unter „Verbindungen“ eine an.</p>
      )}
      {active.state === 'ready' && <UnitsOfConnection key={active.connection.id} connection={active.connection} />}
    </section>
  );
}

function UnitsOfConnection({ connection }: { connection: Connection }) {
  const overview = useUnitsOverview(connection.id);
  const [selected, setSelected] = useState<string | undefined>();
  const units = overview.units.state === 'ready' ? overview.units.value : [];
  const outbox = overview.outbox.state === 'ready' ? overview.outbox.value : [];
  const current = units.find((u) => u.billingunitMscnumber === selected) ?? units[0];
  const setupOf = (bu: string) => overview.setups.find((s) => s.billingunit === bu);

  return (
    <div className="units-layout">
      <aside className="units-side">
        <div className="units-side-head">
          <h2>Beim Messdienst „{connection.name}“</h2>
          <button type="button" className="button" onClick={overview.reload}>
            Aktualisieren
          </button>
        </div>
        {overview.units.state === 'loading' && <p className="muted">Liegenschaften werden geladen …</p>}
        {overview.units.state === 'error' && (
          <ErrorNotice
            title="Die Liegenschaften konnten nicht geladen werden"
            message={overview.units.message}
            onRetry={overview.reload}
          />
        )}
        {overview.units.state === 'ready' && (
          <UnitList
            units={units}
            selected={current?.billingunitMscnumber}
            statusOf={(u) =>
              effectiveStatus(u, setupOf(u.billingunitMscnumber), latestSent(outbox, u.billingunitMscnumber)).status
            }
            onSelect={setSelected}
          />
        )}
        <h2 className="units-outbox-title">Warteschlange</h2>
        {overview.outbox.state === 'error' && (
          <ErrorNotice title="Die Warteschlange konnte nicht gelesen werden" message={overview.outbox.message} />
        )}
        {overview.outbox.state === 'ready' && <OutboxList items={outbox} onRetry={overview.retry} onRemove={overview.remove} />}
      </aside>
      {current && (
        <UnitDetail
          key={current.billingunitMscnumber}
          connectionId={connection.id}
          unit={current}
          setup={setupOf(current.billingunitMscnumber)}
          outbox={outbox}
          onReload={overview.reload}
        />
      )}
    </div>
  );
}
