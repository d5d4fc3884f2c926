import { useMemo, useState } from 'react';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { PeriodTable } from '@renderer/features/billing/components/PeriodTable';
import { PeriodWork } from '@renderer/features/billing/components/PeriodWork';
import { UnitPicker } from '@renderer/features/billing/components/UnitPicker';
import { useBillingUnits, usePeriods } from '@renderer/features/billing/useBillingUnits';
import '@renderer/features/billing/billing.css';

/** Abrechnung: choose a Liegenschaft and a period, fill the draft via Excel, check it and submit it. */
export function BillingPage() {
  const active = useActiveConnection();
  const connectionId = active.state === 'ready' ? active.connection.id : null;
  const units = useBillingUnits(connectionId);
  const [selection, setSelection] = useState<{ unit: string | null; periodTo: string | null }>({ unit: null, periodTo: null });
  const periods = usePeriods(connectionId, selection.unit);
  const where = useMemo(
    () =>
      connectionId !== null && selection.unit !== null && selection.periodTo !== null
        ? { connectionId, billingunit: selection.unit, periodTo: selection.periodTo }
        : null,
    [connectionId, selection],
  );
  const period = periods.periods.state === 'ready' ? periods.periods.value.find((p) => p.to === selection.periodTo) : undefined;

  return (
    <section className="page billing" aria-labelledby="billing-title">
      <div className="page-header">
        <div>
          <h1 id="billing-title">Abrechnung</h1>
          <p className="muted">
            Wählen Sie eine Liegenschaft und einen Abrechnungszeitraum. Die Abrechnungsdaten erfassen Sie in Excel, lassen sie vom
            Messdienst prüfen und übermitteln sie anschließend verbindlich.
          </p>
        </div>
      </div>
      {active.state === 'loading' && <p className="muted">Verbindungen werden geladen …</p>}
      {active.state === 'error' && (
        <ErrorNotice title="Die Verbindungen konnten nicht geladen werden" error={active.error} onRetry={active.reload} />
      )}
      {active.state === 'none' && (
        <p className="empty">
          Es ist noch keine Verbindung zu einem Messdienst eingerichtet. Bitte legen Sie unter „Verbindungen“ eine an.
        </p>
      )}
      {active.state === 'ready' && (
        <UnitPicker
          connections={active.connections}
          connectionId={active.connection.id}
          onConnection={(id) => {
            active.select(id);
            setSelection({ unit: null, periodTo: null });
          }}
          units={units.units}
          value={selection.unit}
          onChange={(unit) => {
            setSelection({ unit, periodTo: null });
          }}
          onRetry={() => void units.reload()}
        />
      )}
      {selection.unit !== null && periods.periods.state === 'loading' && (
        <p className="muted">Abrechnungszeiträume werden abgefragt …</p>
      )}
      {periods.periods.state === 'error' && (
        <ErrorNotice
          title="Die Abrechnungszeiträume konnten nicht geladen werden"
          message={periods.periods.message}
          onRetry={() => void periods.reload()}
        />
      )}
      {periods.periods.state === 'ready' && (
        <PeriodTable
          periods={periods.periods.value}
          selected={selection.periodTo}
          onOpen={(periodTo) => {
            setSelection((s) => ({ ...s, periodTo }));
          }}
        />
      )}
      {where !== null && period !== undefined && (
        <PeriodWork
          key={`${where.connectionId}/${where.billingunit}/${where.periodTo}`}
          where={where}
          period={period}
          onPeriodChanged={periods.reload}
        />
      )}
    </section>
  );
}
