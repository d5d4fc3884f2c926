import { useState } from 'react';
import type { ColumnMapping } from '@shared/domain/excel';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import {
  columnTitle,
  doubleLetters,
  fieldLabel,
  groupText,
  oneOf,
  fieldsOf,
  initialChoice,
  requirementOf,
  toMapping,
  unmetGroups,
  type Choice,
  type MappingContext,
} from '@renderer/features/excel-mapping/column-mapping';
import '@renderer/features/excel-mapping/excel-mapping.css';

type Props = {
  context: MappingContext;
  busy: boolean;
  error: string | undefined;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number) => void;
  onApply: (mapping: ColumnMapping) => void;
  onCancel: () => void;
};

/**
 * The clerk says which column of the file fills which field: sheet, header row, one dropdown per field. A new
 * sheet or header row brings a new suggestion, so the table starts over from it (keyed below).
 */
export function ColumnMappingStep(props: Props) {
  const { mapping } = props.context.suggestion;
  return <MappingTable key={`${mapping.sheet ?? ''}:${String(mapping.headerRow)}`} {...props} />;
}

function MappingTable({ context, busy, error, onSheet, onHeaderRow, onApply, onCancel }: Props) {
  const { suggestion, fileName, remembered } = context;
  const kind = suggestion.mapping.kind;
  const headerRow = suggestion.mapping.headerRow ?? 1;
  const [choice, setChoice] = useState<Choice>(() => initialChoice(suggestion));
  const [rowText, setRowText] = useState(String(headerRow));
  const unmet = unmetGroups(kind, choice);
  const missing = new Set(unmet.flat());
  const twice = doubleLetters(choice);
  const sheets = suggestion.sheets.filter((s) => !s.hidden);
  const [allFields, setAllFields] = useState(false);
  const fields = fieldsOf(kind);
  const shown = fields.filter((f) => allFields || requirementOf(kind, f) !== undefined || choice[f] !== undefined);
  const hidden = fields.filter((f) => !shown.includes(f));
  const wantedRow = Number.parseInt(rowText, 10);
  const rowOk = Number.isInteger(wantedRow) && wantedRow >= 1 && wantedRow !== headerRow;

  return (
    <div className="column-mapping" data-testid="column-mapping">
      <p>
        Welche Spalte der Datei „{fileName}“ enthält welche Angabe? Wählen Sie zu jedem Feld die passende Spalte; Felder, die Ihre
        Datei nicht hat, bleiben leer. {remembered && 'Die für diese Verbindung gespeicherte Zuordnung ist schon eingetragen.'}
      </p>
      <div className="column-mapping-where">
        {sheets.length > 1 && (
          <label>
            Tabellenblatt{' '}
            <select
              value={suggestion.mapping.sheet ?? ''}
              disabled={busy}
              onChange={(e) => {
                onSheet(e.target.value);
              }}
            >
              {sheets.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span data-testid="header-row">
          Die Spaltenüberschriften stehen in Zeile <strong>{headerRow}</strong>
          {sheets.length > 1 || suggestion.mapping.sheet === undefined ? '' : ` von Blatt „${suggestion.mapping.sheet}“`}.
        </span>
        <label>
          Andere Zeile?{' '}
          <input
            className="column-mapping-row"
            type="number"
            min={1}
            value={rowText}
            aria-label="Zeile mit den Überschriften"
            onChange={(e) => {
              setRowText(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && rowOk) onHeaderRow(wantedRow);
            }}
          />
        </label>
        <button
          type="button"
          className="button"
          disabled={busy || !rowOk}
          onClick={() => {
            onHeaderRow(wantedRow);
          }}
        >
          Diese Zeile verwenden
        </button>
      </div>
      {error !== undefined && <ErrorNotice title="Die Zeile passt nicht" message={error} />}
      <table className="column-mapping-table" aria-label="Spalte in Ihrer Datei → Feld in Kostenbrücke">
        <thead>
          <tr>
            <th scope="col">Spalte in Ihrer Datei</th>
            <th scope="col" aria-hidden="true"></th>
            <th scope="col">Feld in Kostenbrücke</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((field) => {
            const id = `map-${field}`;
            const need = requirementOf(kind, field);
            const letter = choice[field];
            const rowClass = missing.has(field) ? 'is-missing' : letter !== undefined && twice.has(letter) ? 'is-double' : '';
            return (
              <tr key={field} className={rowClass} data-field={field}>
                <td>
                  <select
                    id={id}
                    value={letter ?? ''}
                    disabled={busy}
                    onChange={(e) => {
                      const value = e.target.value;
                      setChoice((c) => {
                        const { [field]: _old, ...rest } = c;
                        return value === '' ? rest : { ...rest, [field]: value };
                      });
                    }}
                  >
                    <option value="">– nicht in der Datei –</option>
                    {suggestion.headers.map((h) => (
                      <option key={h.letter} value={h.letter}>
                        {columnTitle(h)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="column-mapping-arrow" aria-hidden="true">
                  →
                </td>
                <td>
                  <label htmlFor={id}>{fieldLabel(field)}</label>
                  {need === 'required' && <span className="column-mapping-need">Pflichtfeld</span>}
                  {need === 'one-of' && <span className="column-mapping-need">{oneOf(kind, field)}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hidden.length > 0 && (
        <p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setAllFields(true);
            }}
          >
            Weitere Felder zuordnen ({hidden.map(fieldLabel).join(', ')})
          </button>
        </p>
      )}
      {unmet.length > 0 && (
        <p className="column-mapping-problem" role="status" data-testid="mapping-missing">
          Noch nicht zugeordnet: {unmet.map(groupText).join('; ')}. Bitte wählen Sie dafür eine Spalte.
        </p>
      )}
      {twice.size > 0 && (
        <p className="column-mapping-problem" role="status">
          Spalte {[...twice].join(', ')} ist mehreren Feldern zugeordnet. Jede Spalte kann nur ein Feld füllen.
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy || unmet.length > 0 || twice.size > 0}
          onClick={() => {
            onApply(toMapping(suggestion, choice));
          }}
        >
          Zuordnung übernehmen und einlesen
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Abbrechen
        </button>
      </div>
    </div>
  );
}
