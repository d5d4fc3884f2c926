import type { EditPurpose } from '@renderer/features/units/setup-wizard';
import type { EditField, EditRow } from '@renderer/features/units/edit-rows';
import { EDIT_COLUMNS, emptyRow } from '@renderer/features/units/edit-rows';

type Props = {
  rows: readonly EditRow[];
  purpose: EditPurpose;
  errors: readonly string[];
  onChange: (rows: EditRow[]) => void;
  onNext: (rows: readonly EditRow[]) => void;
  onCancel: () => void;
};

/** A small table of usage units typed by hand; for ambiguous units the order criterion stays fixed. */
export function EditStep({ rows, purpose, errors, onChange, onNext, onCancel }: Props) {
  const fixedPm = purpose === 'auxiliary';
  const set = (index: number, field: EditField, value: string) => {
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  };
  return (
    <>
      {fixedPm ? (
        <p>
          Ergänzen Sie Hilfskriterien für die mehrdeutigen Nutzeinheiten, am besten eine Zählernummer oder die genaue Lage.
          Gesendet werden nur diese Nutzeinheiten; alle anderen Zuordnungen bleiben bestehen.
        </p>
      ) : (
        <p>
          Tragen Sie je Nutzeinheit den Ordnungsbegriff ein. Geschoss, Position, Wohnfläche und Zählernummern sind freiwillig und
          helfen dem Messdienst, wenn der Ordnungsbegriff allein nicht reicht.
        </p>
      )}
      <div className="units-table-wrap">
        <table className="units-table units-edit" aria-label="Nutzeinheiten erfassen">
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              {EDIT_COLUMNS.map((c) => (
                <th scope="col" key={c.field}>
                  {c.label}
                  {c.hint && <span className="units-th-hint">{c.hint}</span>}
                </th>
              ))}
              {!fixedPm && <th scope="col" aria-label="Zeile entfernen" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td className="muted">{index + 1}</td>
                {EDIT_COLUMNS.map((c) => (
                  <td key={c.field}>
                    <input
                      aria-label={`${c.label}, Zeile ${String(index + 1)}`}
                      value={row[c.field]}
                      readOnly={fixedPm && c.field === 'pm'}
                      spellCheck={false}
                      onChange={(e) => {
                        set(index, c.field, e.target.value);
                      }}
                    />
                  </td>
                ))}
                {!fixedPm && (
                  <td>
                    <button
                      type="button"
                      className="button subtle"
                      aria-label={`Zeile ${String(index + 1)} entfernen`}
                      onClick={() => {
                        onChange(rows.filter((_, i) => i !== index));
                      }}
                    >
                      ✕
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.length > 0 && (
        <div className="notice notice-error" role="alert">
          <strong>Bitte korrigieren Sie die Angaben:</strong>
          <ul className="units-issues">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="units-actions">
        {!fixedPm && (
          <button
            type="button"
            className="button"
            onClick={() => {
              onChange([...rows, emptyRow()]);
            }}
          >
            Zeile hinzufügen
          </button>
        )}
        <button
          type="button"
          className="button primary"
          onClick={() => {
            onNext(rows);
          }}
        >
          Weiter zur Prüfung
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Abbrechen
        </button>
      </div>
    </>
  );
}
