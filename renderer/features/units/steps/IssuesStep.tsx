import type { ImportIssue } from '@shared/domain/excel';

type Props = {
  fileName: string;
  issues: readonly ImportIssue[];
  onPickAgain: () => void;
  /** Present when the file could be read far enough to map its columns. */
  onMapColumns: (() => void) | undefined;
  onCancel: () => void;
};

/** An import with errors: every issue, each naming its place in the workbook; nothing was sent. */
export function IssuesStep({ fileName, issues, onPickAgain, onMapColumns, onCancel }: Props) {
  const errors = issues.filter((i) => i.severity === 'error');
  return (
    <div className="notice notice-error" role="alert" data-testid="import-issues">
      <strong>Die Datei „{fileName}“ kann so nicht übernommen werden.</strong>
      <p>
        Es wurde nichts gesendet. Bitte korrigieren Sie {errors.length === 1 ? 'die folgende Stelle' : 'die folgenden Stellen'} in
        Excel und wählen Sie die Datei erneut{onMapColumns ? ', oder ordnen Sie die Spalten anders zu' : ''}.
      </p>
      <ul className="units-issues">
        {issues.map((issue, i) => (
          // The message names sheet, row and column itself (electron/services/excel/issues.ts).
          <li key={i} data-testid="import-issue">
            {issue.message}
          </li>
        ))}
      </ul>
      <div className="units-actions">
        <button type="button" className="button primary" onClick={onPickAgain}>
          Datei erneut wählen …
        </button>
        {onMapColumns && (
          <button type="button" className="button" onClick={onMapColumns}>
            Spalten zuordnen
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          Abbrechen
        </button>
      </div>
    </div>
  );
}
