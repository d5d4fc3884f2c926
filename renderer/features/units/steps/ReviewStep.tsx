import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { formatGerman, parseDecimal } from '@shared/domain/decimal';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import type { Origin } from '@renderer/features/units/setup-wizard';
import { unitCount } from '@renderer/features/units/unit-texts';
import { howMapped, type MappingContext } from '@renderer/features/excel-mapping/column-mapping';
import { RecognisedColumns } from '@renderer/features/excel-mapping/RecognisedColumns';

type Props = {
  origin: Origin;
  units: readonly SetupResidentialUnit[];
  sending: boolean;
  error: string | undefined;
  onSend: () => void;
  onBack: () => void;
  onChangeMapping: (context: MappingContext) => void;
};

function area(text: string | undefined): string {
  if (text === undefined) return '';
  const parsed = parseDecimal(text, 2, 'iso');
  return parsed.ok ? formatGerman(parsed.value) : text;
}

function tenant(u: SetupResidentialUnit): string {
  const r = u.currentbillingrecipient;
  if (!r) return '';
  return [r.firstname, r.name].filter((p) => p !== undefined && p !== '').join(' ');
}

/** The units exactly as they will be sent, for a last look before they go into the outbox. */
export function ReviewStep({ origin, units, sending, error, onSend, onBack, onChangeMapping }: Props) {
  const warnings = origin.kind === 'excel' ? origin.warnings : [];
  return (
    <>
      <p data-testid="review-summary">
        {origin.kind === 'excel' ? `Aus „${origin.fileName}“ gelesen: ` : 'Erfasst: '}
        <strong>{unitCount(units.length)}</strong>. Bitte prüfen Sie die Angaben, bevor Sie sie senden.
      </p>
      {origin.kind === 'excel' && (
        <RecognisedColumns
          headers={origin.columns}
          how={howMapped(origin.mapping, origin.byHand)}
          onChange={() => {
            onChangeMapping(origin.mapping);
          }}
        />
      )}
      {warnings.length > 0 && (
        <div className="notice units-notice-warn">
          <strong>Hinweise zur Datei</strong>
          <ul className="units-issues">
            {warnings.map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="units-table-wrap">
        <table className="units-table" aria-label="Zu sendende Nutzeinheiten">
          <thead>
            <tr>
              <th scope="col">Ordnungsbegriff</th>
              <th scope="col">Lage</th>
              <th scope="col">Geschoss</th>
              <th scope="col">Position</th>
              <th scope="col">Wohnfläche m²</th>
              <th scope="col">Zählernummern</th>
              <th scope="col">Nutzer</th>
            </tr>
          </thead>
          <tbody>
            {units.map((u) => (
              <tr key={u.residentialunitPmnumber}>
                <td>{u.residentialunitPmnumber}</td>
                <td>{u.description}</td>
                <td>{u.auxiliarycriteria?.floor}</td>
                <td>{u.auxiliarycriteria?.position}</td>
                <td className="units-num">{area(u.auxiliarycriteria?.livingarea)}</td>
                <td>{u.auxiliarycriteria?.meternumbers?.join(', ')}</td>
                <td>{tenant(u)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <ErrorNotice title="Die Nutzeinheiten wurden nicht gespeichert" message={error} />}
      <div className="units-actions">
        <button type="button" className="button primary" onClick={onSend} disabled={sending}>
          {sending ? 'Wird gespeichert …' : 'Zur Zuordnung senden'}
        </button>
        <button type="button" className="button" onClick={onBack} disabled={sending}>
          Zurück
        </button>
      </div>
    </>
  );
}
