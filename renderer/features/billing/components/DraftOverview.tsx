import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { euro, germanDate } from '@renderer/features/billing/billing-text';
import { draftOverview } from '@renderer/features/billing/draft-content';
import type { OverviewSection } from '@renderer/features/billing/draft-content';

type Props = { filled: FilledTemplate; template: Template };

/** Read-only view of the draft: sums per section to compare against the books, single entries on demand. */
export function DraftOverview({ filled, template }: Props) {
  const overview = draftOverview(filled, template);
  return (
    <div className="draft-overview" data-testid="draft-overview">
      <table className="data-table compact" aria-label="Entwurf im Überblick">
        <thead>
          <tr>
            <th scope="col">Bereich</th>
            <th scope="col" className="num">
              Einträge
            </th>
            <th scope="col" className="num">
              Summe {overview.amountLabel.toLowerCase()}
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.sections.map((s) => (
            <tr key={s.title}>
              <th scope="row">{s.title}</th>
              <td className="num">{s.rows.length}</td>
              <td className="num" data-testid="section-total">
                {euro(s.total)}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Nutzer mit Verteilwerten</th>
            <td className="num">{overview.recipients}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <details className="advanced">
        <summary>Einzelne Lieferungen und Rechnungen anzeigen</summary>
        {overview.sections.map((s) => (
          <SectionTable key={s.title} section={s} amountLabel={overview.amountLabel} />
        ))}
      </details>
    </div>
  );
}

function SectionTable({ section, amountLabel }: { section: OverviewSection; amountLabel: string }) {
  return (
    <table className="data-table compact" aria-label={section.title}>
      <caption>
        {section.title} ({section.rows.length})
      </caption>
      <thead>
        <tr>
          <th scope="col">Kostenart / Brennstoff</th>
          <th scope="col">Rechnungsdatum</th>
          <th scope="col" className="num">
            {amountLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {section.rows.length === 0 && (
          <tr>
            <td colSpan={3} className="muted">
              keine Einträge
            </td>
          </tr>
        )}
        {section.rows.map((r) => (
          <tr key={r.key}>
            <td>{r.what}</td>
            <td>{germanDate(r.date)}</td>
            <td className="num">{euro(r.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
