import type { BillingUnitSummary, SetupStatusCode } from '@shared/msc/billing-unit-data';
import { formatGermanDateTime } from '@shared/domain/dates';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { SETUP_STATUS, addressLine } from '@renderer/features/units/unit-texts';

type Props = {
  units: readonly BillingUnitSummary[];
  selected: string | undefined;
  /** The followed setup's status where it is newer than the MSC's list. */
  statusOf: (unit: BillingUnitSummary) => SetupStatusCode;
  onSelect: (billingunit: string) => void;
};

export function UnitList({ units, selected, statusOf, onSelect }: Props) {
  if (units.length === 0) {
    return <p className="empty">Der Messdienst führt für Sie noch keine Liegenschaften.</p>;
  }
  return (
    <ul className="units-list" aria-label="Liegenschaften">
      {units.map((u) => {
        const status = SETUP_STATUS[statusOf(u)];
        const isSelected = u.billingunitMscnumber === selected;
        return (
          <li key={u.billingunitMscnumber}>
            <button
              type="button"
              className={isSelected ? 'units-item selected' : 'units-item'}
              aria-current={isSelected ? 'true' : undefined}
              data-testid="unit-item"
              onClick={() => {
                onSelect(u.billingunitMscnumber);
              }}
            >
              <span className="units-item-head">
                <strong>{u.billingunitMscnumber}</strong>
                <StatusBadge tone={status.tone} label={status.label} />
              </span>
              <span>{addressLine(u.address)}</span>
              <span className="muted units-small">
                {u.billingunitPmnumber === undefined ? '' : `Ihre Nr. ${u.billingunitPmnumber} · `}
                Stand {formatGermanDateTime(u.lastupdate)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
