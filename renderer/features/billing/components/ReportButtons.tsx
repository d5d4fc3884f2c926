type Props = { archiveId: string; onReport: (archiveId: string, format: 'pdf' | 'excel') => void; label?: string };

/** Saves the check report of an archived check or submission. */
export function ReportButtons({ archiveId, onReport, label = 'Prüfbericht speichern' }: Props) {
  return (
    <span className="report-buttons" role="group" aria-label={label}>
      <span className="muted">{label}:</span>
      <button
        type="button"
        className="button small"
        onClick={() => {
          onReport(archiveId, 'pdf');
        }}
      >
        PDF
      </button>
      <button
        type="button"
        className="button small"
        onClick={() => {
          onReport(archiveId, 'excel');
        }}
      >
        Excel
      </button>
    </span>
  );
}
