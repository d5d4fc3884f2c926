import type { HeaderCell } from '@shared/domain/excel';
import { recognisedText } from '@renderer/features/excel-mapping/column-mapping';
import '@renderer/features/excel-mapping/excel-mapping.css';

/** `recognised` from the header texts, `remembered` for this connection, or `mapped` by the clerk just now. */
type Props = { headers: readonly HeaderCell[]; how: 'recognised' | 'remembered' | 'mapped'; onChange: () => void };

const LEAD = {
  recognised: 'Spalten erkannt: ',
  remembered: 'Gespeicherte Zuordnung verwendet: ',
  mapped: 'Spalten zugeordnet: ',
} as const;

/** The line under a direct import: which columns were taken for which field, with a way to change it. */
export function RecognisedColumns({ headers, how, onChange }: Props) {
  return (
    <p className="recognised-columns muted" data-testid="recognised-columns">
      {LEAD[how]}
      {recognisedText(headers)}{' '}
      <button type="button" className="link-button" onClick={onChange}>
        (Zuordnung ändern)
      </button>
    </p>
  );
}
