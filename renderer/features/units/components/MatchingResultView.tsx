import type { MatchingResult } from '@shared/ipc/contract';
import type { UnmatchedUnit } from '@shared/msc/billing-unit-data';

type Props = { result: MatchingResult; onAddCriteria: (pmNumbers: string[]) => void };

/** The finished matching: what the MSC matched, could not find, could not decide, and has in addition. */
export function MatchingResultView({ result, onAddCriteria }: Props) {
  const matched = result.matched ?? [];
  const unmatched = result.unmatched ?? [];
  const additional = result.additional ?? [];
  const ambiguous = unmatched.filter((u) => u.reason === 'AMBIGUOUS');
  const notFound = unmatched.filter((u) => u.reason === 'NOT_FOUND');

  return (
    <div className="units-result" data-testid="matching-result">
      <p className="units-summary" data-testid="matching-summary">
        <span>{matched.length} zugeordnet</span>
        <span>{notFound.length} nicht gefunden</span>
        <span>{ambiguous.length} mehrdeutig</span>
        <span>{additional.length} zusätzlich beim Messdienst</span>
      </p>

      {ambiguous.length > 0 && (
        <section className="units-block units-block-warn" aria-labelledby="ambiguous-title">
          <h3 id="ambiguous-title">Mehrdeutig – bitte Hilfskriterien ergänzen</h3>
          <p className="muted">
            Für diese Nutzeinheiten passen mehrere Nutzeinheiten des Messdienstes. Hilfskriterien wie Geschoss, Position,
            Wohnfläche oder eine Zählernummer helfen ihm, die richtige zu finden. Senden Sie nur diese Nutzeinheiten mit den
            ergänzten Angaben erneut.
          </p>
          <CandidatesTable units={ambiguous} />
          <button
            type="button"
            className="button primary"
            onClick={() => {
              onAddCriteria(ambiguous.map((u) => u.residentialunitPmnumber));
            }}
          >
            Hilfskriterien ergänzen
          </button>
        </section>
      )}

      {notFound.length > 0 && (
        <section className="units-block" aria-labelledby="notfound-title">
          <h3 id="notfound-title">Nicht gefunden</h3>
          <p className="muted">
            Zu diesen Ordnungsbegriffen kennt der Messdienst keine Nutzeinheit. Bitte prüfen Sie die Nummer oder senden Sie sie
            mit Hilfskriterien erneut.
            {result.unmatchedDerived && ' (Abgeleitet: gesendet, aber vom Messdienst nicht zugeordnet.)'}
          </p>
          <ul className="units-chips" aria-label="Nicht gefunden">
            {notFound.map((u) => (
              <li key={u.residentialunitPmnumber}>{u.residentialunitPmnumber}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="units-block" aria-labelledby="matched-title">
        <h3 id="matched-title">Zugeordnet</h3>
        {matched.length === 0 ? (
          <p className="muted">Keine Nutzeinheit zugeordnet.</p>
        ) : (
          <table className="units-table" aria-label="Zugeordnete Nutzeinheiten">
            <thead>
              <tr>
                <th scope="col">Ihr Ordnungsbegriff</th>
                <th scope="col">Nutzer-Nr. beim Messdienst</th>
              </tr>
            </thead>
            <tbody>
              {matched.map((m) => (
                <tr key={m.residentialunitPmnumber}>
                  <td>{m.residentialunitPmnumber}</td>
                  <td>{m.residentialunitMscnumber}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {additional.length > 0 && (
        <section className="units-block" aria-labelledby="additional-title">
          <h3 id="additional-title">Zusätzlich beim Messdienst</h3>
          <p className="muted">Diese Nutzeinheiten führt der Messdienst, Sie haben sie aber nicht gesendet.</p>
          <table className="units-table" aria-label="Zusätzliche Nutzeinheiten des Messdienstes">
            <thead>
              <tr>
                <th scope="col">Nutzer-Nr. beim Messdienst</th>
                <th scope="col">Lage</th>
              </tr>
            </thead>
            <tbody>
              {additional.map((a) => (
                <tr key={a.residentialunitMscnumber}>
                  <td>{a.residentialunitMscnumber}</td>
                  <td>{a.positiontext}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function CandidatesTable({ units }: { units: readonly UnmatchedUnit[] }) {
  return (
    <table className="units-table" aria-label="Mehrdeutige Nutzeinheiten">
      <thead>
        <tr>
          <th scope="col">Ihr Ordnungsbegriff</th>
          <th scope="col">Passende Nutzeinheiten des Messdienstes</th>
        </tr>
      </thead>
      <tbody>
        {units.map((u) => (
          <tr key={u.residentialunitPmnumber}>
            <td>{u.residentialunitPmnumber}</td>
            <td>
              {(u.candidates ?? []).map((c) => `${c.residentialunitMscnumber} (${c.positiontext})`).join(', ') ||
                'keine Angabe des Messdienstes'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
