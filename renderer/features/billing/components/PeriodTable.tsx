import type { BillingPeriod } from '@shared/msc/billing-input';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { germanDate, germanDateTime, PERIOD_STATUS, periodLabel } from '@renderer/features/billing/billing-text';

type Props = { periods: readonly BillingPeriod[]; selected: string | null; onOpen: (periodTo: string) => void };

/** The billing periods of a Liegenschaft, newest first. */
export function PeriodTable({ periods, selected, onOpen }: Props) {
  const newestFirst = [...periods].sort((a, b) => b.to.localeCompare(a.to));
  if (newestFirst.length === 0) {
    return <p className="empty">Für diese Liegenschaft gibt es beim Messdienst noch keinen Abrechnungszeitraum.</p>;
  }
  return (
    <table className="data-table" aria-label="Abrechnungszeiträume">
      <thead>
        <tr>
          <th scope="col">Abrechnungszeitraum</th>
          <th scope="col">Status</th>
          <th scope="col">Frist</th>
          <th scope="col">Letzte Übermittlung</th>
          <th scope="col">
            <span className="visually-hidden">Aktion</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((p) => {
          const status = PERIOD_STATUS[p.status];
          const isOpen = p.to === selected;
          return (
            <tr key={p.to} data-testid="period-row" data-period-to={p.to} className={isOpen ? 'selected' : undefined}>
              <td className="nowrap">{periodLabel(p)}</td>
              <td data-testid="period-status">
                <StatusBadge tone={status.tone} label={status.label} />
              </td>
              <td>{germanDate(p.deadline)}</td>
              <td>
                {p.lastsubmission ? (
                  <>
                    {germanDateTime(p.lastsubmission.at)}
                    <br />
                    <span className="muted small">Vorgangsnummer {p.lastsubmission.transactionid}</span>
                  </>
                ) : (
                  <span className="muted">noch keine</span>
                )}
              </td>
              <td className="actions">
                <button
                  type="button"
                  className={isOpen || p.status !== 'OPEN' ? 'button' : 'button primary'}
                  disabled={isOpen}
                  aria-label={`Zeitraum ${periodLabel(p)} öffnen`}
                  onClick={() => {
                    onOpen(p.to);
                  }}
                >
                  {isOpen ? 'Geöffnet' : 'Öffnen'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
