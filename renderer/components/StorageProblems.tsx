import type { StorageProblem } from '@shared/ipc/contract';
import { formatGermanDateTime } from '@shared/domain/dates';

type Props = { problems: readonly StorageProblem[] };

/** Tells the clerk which damaged files were set aside, and where the copy lies for support. */
export function StorageProblems({ problems }: Props) {
  if (problems.length === 0) return null;
  return (
    <div className="notice notice-warning" role="status" data-testid="storage-problems">
      <strong>
        {problems.length === 1 ? 'Eine beschädigte Datei wurde' : `${String(problems.length)} beschädigte Dateien wurden`}{' '}
        beiseitegelegt
      </strong>
      <p>Kostenbrücke arbeitet ohne sie weiter. Bitte prüfen Sie die betroffenen Angaben und erfassen Sie sie bei Bedarf neu.</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.file}-${p.at}`}>
            {p.message}{' '}
            <span className="muted">
              ({formatGermanDateTime(p.at)}; Kopie: {p.movedTo ?? p.file})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
