import type { ReactNode } from 'react';
import type { Draft } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import { germanDateTime } from '@renderer/features/billing/billing-text';
import { asFilled } from '@renderer/features/billing/draft-content';
import { DraftOverview } from '@renderer/features/billing/components/DraftOverview';
import type { ImportState } from '@renderer/features/billing/useDraftImport';

type Props = {
  draft: Draft | null;
  template: Template;
  editable: boolean;
  importState: ImportState;
  onDownload: () => void;
  onImportTemplate: () => void;
  onImportInvoices: () => void;
  feedback: ReactNode;
};

/** The local draft: its status, the Excel round trip, and a read-only overview. */
export function DraftSection(props: Props) {
  const { draft, template, editable, importState } = props;
  const filled = draft === null ? null : asFilled(draft.content);
  const busy = importState.step === 'busy';

  return (
    <section className="card" aria-labelledby="draft-title">
      <div className="section-header">
        <h2 id="draft-title">Entwurf</h2>
        <p className="muted" data-testid="draft-status">
          {draft === null
            ? 'Noch kein Entwurf gespeichert.'
            : `Zuletzt gespeichert ${germanDateTime(draft.updatedAt)} · Stand ${String(draft.revision)}`}
        </p>
      </div>
      {editable && (
        <>
          <p className="muted">
            So geht es: Erfassungsmappe herunterladen, in Excel ausfüllen, speichern und hier wieder einlesen. Rechnungen aus
            Ihrer Buchhaltung können Sie zusätzlich als Rechnungsliste übernehmen.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={props.onDownload} disabled={busy}>
              Erfassungsmappe herunterladen
            </button>
            <button type="button" className="button primary" onClick={props.onImportTemplate} disabled={busy}>
              Erfassungsmappe einlesen
            </button>
            <button type="button" className="button" onClick={props.onImportInvoices} disabled={busy}>
              Rechnungsliste einlesen
            </button>
          </div>
        </>
      )}
      {editable && props.feedback}
      {draft !== null && filled === null && (
        <p className="muted">
          Der Entwurf ist noch unvollständig. Lesen Sie die ausgefüllte Erfassungsmappe ein, um ihn zu vervollständigen.
        </p>
      )}
      {filled !== null && <DraftOverview filled={filled} template={template} />}
    </section>
  );
}
