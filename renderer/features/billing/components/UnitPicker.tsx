import type { Connection } from '@shared/domain/connection';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { Field } from '@renderer/components/Field';
import { unitLabel } from '@renderer/features/billing/billing-text';
import type { Loaded } from '@renderer/features/billing/useLoad';

type Props = {
  connections: readonly Connection[];
  connectionId: string;
  onConnection: (id: string) => void;
  units: Loaded<BillingUnitSummary[]>;
  value: string | null;
  onChange: (billingunit: string | null) => void;
  onRetry: () => void;
};

/** Which measuring service and which Liegenschaft the clerk works on. */
export function UnitPicker({ connections, connectionId, onConnection, units, value, onChange, onRetry }: Props) {
  return (
    <div className="card billing-pickers">
      {connections.length > 1 && (
        <Field id="billing-connection" label="Messdienst">
          <select
            id="billing-connection"
            value={connectionId}
            onChange={(e) => {
              onConnection(e.target.value);
            }}
          >
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      {units.state === 'loading' && <p className="muted">Liegenschaften werden beim Messdienst abgefragt …</p>}
      {units.state === 'error' && (
        <ErrorNotice title="Die Liegenschaften konnten nicht geladen werden" message={units.message} onRetry={onRetry} />
      )}
      {units.state === 'ready' && units.value.length === 0 && (
        <p className="empty">Der Messdienst führt für Sie noch keine Liegenschaft.</p>
      )}
      {units.state === 'ready' && units.value.length > 0 && (
        <Field id="billing-unit" label="Liegenschaft" hint="Nummer beim Messdienst, Anschrift und Ihr Ordnungsbegriff">
          <select
            id="billing-unit"
            value={value ?? ''}
            onChange={(e) => {
              onChange(e.target.value === '' ? null : e.target.value);
            }}
          >
            <option value="">Bitte wählen …</option>
            {units.value.map((u) => (
              <option key={u.billingunitMscnumber} value={u.billingunitMscnumber}>
                {unitLabel(u)}
              </option>
            ))}
          </select>
        </Field>
      )}
    </div>
  );
}
