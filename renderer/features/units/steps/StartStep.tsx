import { ErrorNotice } from '@renderer/components/ErrorNotice';

type Props = { error: string | undefined; onImport: () => void; onType: () => void };

export function StartStep({ error, onImport, onType }: Props) {
  return (
    <>
      <p>
        Senden Sie dem Messdienst Ihre Nutzeinheiten dieser Liegenschaft. Er ordnet jedem Ordnungsbegriff seine Nutzer-Nr. zu.
      </p>
      <p className="muted units-small">
        Die Excel-Datei braucht eine Zeile mit Spaltenüberschriften und eine Spalte mit dem Ordnungsbegriff. Übliche Überschriften
        wie Lage, Geschoss, Position, Wohnfläche und Zählernummer werden erkannt; andere ordnen Sie einmal selbst zu, und
        Kostenbrücke merkt sich das für diese Verbindung.
      </p>
      {error && <ErrorNotice title="Die Datei konnte nicht gelesen werden" message={error} />}
      <div className="units-actions">
        <button type="button" className="button primary" onClick={onImport}>
          Aus Excel importieren …
        </button>
        <button type="button" className="button" onClick={onType}>
          Von Hand erfassen
        </button>
      </div>
    </>
  );
}
