import { ALLOCATIONS, DISTRIBUTION_UNITS, FUELS, QUANTITY_UNITS, labelOf } from '@shared/domain/codes';
import { formatGerman, share } from '@shared/domain/decimal';
import type { Template } from '@shared/msc/billing-input';
import { VAT_LABEL } from '@renderer/features/billing/billing-text';

type Props = { template: Template };

const percent = (text: string): string => `${formatGerman(share(text))} %`;

/** What the measuring service agreed for this period (the Schablone), in the clerk's words. */
export function TemplateSummary({ template }: Props) {
  const { heating, hotwater } = template.distributionratio;
  return (
    <section className="card" aria-labelledby="template-title" data-testid="template-summary">
      <h2 id="template-title">Vereinbarung mit dem Messdienst</h2>
      <dl className="facts">
        <dt>Brennstoffe</dt>
        <dd>
          {template.fuels.length === 0
            ? 'keine'
            : template.fuels
                .map((f) => {
                  const stock = f.stored ? ', mit Anfangs- und Endbestand' : '';
                  return `${labelOf(FUELS, f.fuel)} (in ${labelOf(QUANTITY_UNITS, f.unit)}${stock})`;
                })
                .join('; ')}
        </dd>
        <dt>Beträge</dt>
        <dd>{VAT_LABEL[template.expectedvat]}</dd>
        <dt>Verteilung</dt>
        <dd>
          Heizung {percent(heating.base)} Grundkosten / {percent(heating.consumption)} Verbrauch; Warmwasser{' '}
          {percent(hotwater.base)} / {percent(hotwater.consumption)}
        </dd>
        <dt>Verteilerschlüssel</dt>
        <dd>{template.distributionkeys.map((d) => `${d.key} ${d.text}`).join(', ') || 'keine'}</dd>
        <dt>Nutzer</dt>
        <dd>{template.billingrecipients.length} Nutzer laut Messdienst (Nutzerwechsel einzeln gezählt)</dd>
      </dl>
      <details className="advanced">
        <summary>Vereinbarte Kostenarten ({template.costtypes.length})</summary>
        <table className="data-table compact" aria-label="Vereinbarte Kostenarten">
          <thead>
            <tr>
              <th scope="col">Kostenart</th>
              <th scope="col">Umlage</th>
              <th scope="col">Verteilerschlüssel</th>
            </tr>
          </thead>
          <tbody>
            {template.costtypes.map((c) => (
              <tr key={c.key}>
                <td>
                  {c.key} {c.text}
                </td>
                <td>{labelOf(ALLOCATIONS, c.allocation)}</td>
                <td>
                  {c.allocationkey} {labelOf(DISTRIBUTION_UNITS, c.allocationkey)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
