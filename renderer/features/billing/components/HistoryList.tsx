import type { ArchiveSummary } from '@shared/ipc/contract';
import { StatusBadge } from '@renderer/components/StatusBadge';
import { ACTION_LABEL, germanDateTime, RESULT_LABEL } from '@renderer/features/billing/billing-text';
import { ReportButtons } from '@renderer/features/billing/components/ReportButtons';

type Props = { entries: readonly ArchiveSummary[]; onReport: (archiveId: string, format: 'pdf' | 'excel') => void };

/** Every check and submission of this period, newest first, each with its report. */
export function HistoryList({ entries, onReport }: Props) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">Verlauf</h2>
      {entries.length === 0 ? (
        <p className="muted">Für diesen Zeitraum wurde noch nichts geprüft oder übermittelt.</p>
      ) : (
        <table className="data-table compact" aria-label="Verlauf der Prüfungen und Übermittlungen">
          <thead>
            <tr>
              <th scope="col">Zeitpunkt</th>
              <th scope="col">Vorgang</th>
              <th scope="col">Ergebnis</th>
              <th scope="col">Prüfbericht</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const result = RESULT_LABEL[e.result];
              return (
                <tr key={e.id} data-testid="history-row">
                  <td>{germanDateTime(e.at)}</td>
                  <td>{ACTION_LABEL[e.action]}</td>
                  <td>
                    <StatusBadge tone={result.tone} label={result.label} />
                  </td>
                  <td>
                    {e.result === 'failed' ? (
                      <span className="muted">–</span>
                    ) : (
                      <ReportButtons archiveId={e.id} onReport={onReport} label="Bericht" />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
