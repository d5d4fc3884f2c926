import { useCallback } from 'react';
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { useSetupWizard } from '@renderer/features/units/useSetupWizard';
import { useUnitMatching } from '@renderer/features/units/useUnitMatching';
import { addressLine } from '@renderer/features/units/unit-texts';
import { MatchingPanel } from '@renderer/features/units/components/MatchingPanel';
import { WizardPanel } from '@renderer/features/units/steps/WizardPanel';

type Props = {
  connectionId: string;
  unit: BillingUnitSummary;
  setup: TrackedSetup | undefined;
  outbox: readonly OutboxItem[];
  onReload: () => void;
};

/** What was last sent for each order criterion of this unit (newest request wins). */
function lastSentUnits(outbox: readonly OutboxItem[], billingunit: string): Map<string, SetupResidentialUnit> {
  const units = new Map<string, SetupResidentialUnit>();
  for (const item of outbox) {
    if (item.billingunit !== billingunit || item.state !== 'sent') continue;
    for (const u of item.request.residentialunits) units.set(u.residentialunitPmnumber, u);
  }
  return units;
}

export function UnitDetail({ connectionId, unit, setup, outbox, onReload }: Props) {
  const billingunit = unit.billingunitMscnumber;
  const wizard = useSetupWizard(connectionId, unit);
  const matching = useUnitMatching(connectionId, unit, setup, outbox);
  const { startAuxiliary } = wizard;

  const addCriteria = useCallback(
    (pmNumbers: string[]) => {
      const sent = lastSentUnits(outbox, billingunit);
      startAuxiliary(pmNumbers.map((pm) => sent.get(pm) ?? { residentialunitPmnumber: pm }));
      document.getElementById('wizard-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [outbox, billingunit, startAuxiliary],
  );

  return (
    <div className="units-detail" data-testid="unit-detail" aria-label={`Liegenschaft ${billingunit}`}>
      <header className="units-detail-head">
        <h2>Liegenschaft {billingunit}</h2>
        <p className="muted">
          {addressLine(unit.address)}
          {unit.billingunitPmnumber !== undefined && ` · Ihre Nr. ${unit.billingunitPmnumber}`} · Kunden-Nr.{' '}
          {unit.customerMscnumber}
        </p>
      </header>
      <MatchingPanel
        status={matching.status}
        lastupdate={matching.lastupdate}
        setup={setup}
        followed={matching.followed}
        view={matching.view}
        action={matching.action}
        onRefresh={() => {
          onReload();
          void matching.refresh();
        }}
        onExport={() => void matching.exportExcel()}
        onAddCriteria={addCriteria}
      />
      <WizardPanel wizard={wizard} outbox={outbox} matchingCompleted={matching.status === 'COMPLETED'} />
    </div>
  );
}
