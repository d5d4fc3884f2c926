/**
 * Reading ARGE files the MSC sent (docs/arge.md, "In the app"): D, E835, E898 and the PDFs into the period's
 * results archive, marked as read from files; A files into the units' matching. Files arrive by id.
 */
import { readFile, stat } from 'node:fs/promises';
import { importResultFiles, type ImportFile, type PeriodFacts } from '@shared/arge/result-import';
import { appError } from '@shared/domain/app-error';
import { addDays } from '@shared/domain/dates';
import { FilledTemplate, type Template } from '@shared/msc/billing-input';
import type { ArgeImportIssue } from '@shared/ipc/channels/arge-import';
import type { Handlers } from '@main/ipc/gate';
import type { Dialogs } from '@main/app/dialogs';
import type { FileStore } from '@main/app/file-store';
import { MAX_FILE_BYTES } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import type { Workspace } from '@main/services/workspace/workspace';
import { importCriteria } from '@main/app/handlers/arge-criteria';

type Channels = 'arge-import:pick' | 'arge-import:results' | 'arge-import:criteria';

const FILTERS = {
  results: [{ name: 'ARGE-Ergebnisdateien und PDFs', extensions: ['DAT', 'dat', 'pdf', 'PDF', 'txt'] }],
  criteria: [{ name: 'ARGE-Zuordnungsdatei (A)', extensions: ['DAT', 'dat', 'txt'] }],
};

/** The period's recipients: its newest binding submission, else the draft the page sent. */
async function submittedFill(w: Workspace, billingunit: string, periodTo: string): Promise<FilledTemplate | undefined> {
  const commissioned = w.archive.list({ billingunit, periodTo }).filter((s) => s.result === 'commissioned');
  for (const s of [...commissioned].reverse()) {
    const entry = await w.archive.read(s.id);
    const fill = FilledTemplate.safeParse(entry?.request);
    if (fill.success) return fill.data;
  }
  return undefined;
}

export function argeImportHandlers(ws: Workspaces, files: FileStore, dialogs: Dialogs | undefined): Pick<Handlers, Channels> {
  function uploaded(refs: readonly { fileId: string }[]): ImportFile[] {
    return refs.map((r) => {
      const f = files.get(r.fileId);
      if (!f)
        throw appError(
          'VALIDATION',
          { key: 'file.oneGone' },
          'Eine der Dateien ist nicht mehr vorhanden. Bitte wählen Sie die Dateien erneut aus.',
        );
      return { name: f.name, bytes: f.bytes };
    });
  }

  return {
    'arge-import:pick': async ({ kind }) => {
      if (!dialogs?.showOpenMany)
        throw appError(
          'CANCELLED',
          { key: 'file.browserPicks' },
          'Im Browser wählen Sie Dateien über das Auswahlfenster des Browsers.',
        );
      const title = kind === 'results' ? 'ARGE-Ergebnisdateien und PDFs wählen' : 'ARGE-Zuordnungsdatei (A) wählen';
      const paths = await dialogs.showOpenMany({ title, filters: FILTERS[kind] });
      if (paths.length === 0) return null;
      const out = [];
      for (const path of paths) {
        if ((await stat(path)).size > MAX_FILE_BYTES)
          throw appError(
            'VALIDATION',
            { key: 'file.oneTooLarge', params: { megabytes: MAX_FILE_BYTES / 2 ** 20 } },
            'Eine Datei ist zu groß (höchstens 50 MB).',
          );
        const stored = files.put(path, new Uint8Array(await readFile(path)));
        out.push({ fileId: stored.id, name: stored.name, size: stored.bytes.byteLength });
      }
      return out;
    },
    'arge-import:results': async ({ connectionId, billingunit, periodTo, files: refs, filled }) => {
      const w = await ws.workspace(connectionId);
      const input = uploaded(refs);
      const fill = (await submittedFill(w, billingunit, periodTo)) ?? filled;
      let template: Template | undefined;
      try {
        template = await (await ws.client(connectionId)).getTemplate(billingunit, periodTo);
      } catch {
        template = undefined;
      }
      if (!fill && !template) {
        throw appError(
          'VALIDATION',
          { key: 'fileExchange.noRecipients' },
          'Für diesen Zeitraum gibt es weder eine Übermittlung noch einen Entwurf; ohne die Abrechnungsempfänger lassen sich die Ergebnisdateien nicht zuordnen.',
        );
      }
      const names = new Map(
        (template?.billingrecipients ?? []).map((r) => [`${r.residentialunitMscnumber}/${r.partnerPmnumber}`, r.name]),
      );
      const recipients = fill
        ? fill.billingrecipients.map((r) => ({ ...r, name: names.get(`${r.residentialunitMscnumber}/${r.partnerPmnumber}`) }))
        : (template?.billingrecipients ?? []).map((r) => ({ ...r, validto: r.validto ?? periodTo, vacancy: false }));
      const facts: PeriodFacts = {
        billingunit,
        period: template?.billingperiod ?? {
          from: addDays(`${String(Number(periodTo.slice(0, 4)) - 1)}${periodTo.slice(4)}`, 1),
          to: periodTo,
        },
        expectedvat: fill?.expectedvat ?? template?.expectedvat ?? 'GROSS',
        recipients,
      };
      const read = importResultFiles(input, facts, new Date());
      const issues = read.issues as ArgeImportIssue[];
      if (!read.ok) return { ok: false, issues };
      const byName = new Map(input.map((f) => [f.name, f.bytes]));
      await w.results.append(
        {
          billingunit,
          periodTo,
          transactionid: read.result.transactionid,
          result: read.result,
          ...(template ? { template: template } : {}),
          origin: {
            kind: 'arge-files',
            files: read.files,
            missing: read.issues.flatMap((i) =>
              i.code === 'ARGE_PDF_MISSING'
                ? [
                    {
                      path: i.path ?? '',
                      ...(i.unit ? { unit: i.unit } : {}),
                      ...(i.criterion ? { partner: i.criterion } : {}),
                      ...(i.name ? { name: i.name } : {}),
                      ...(i.unitPm ? { unitPm: i.unitPm } : {}),
                    },
                  ]
                : [],
            ),
            taxShares: read.taxShares,
          },
        },
        read.documents.map(({ document: { mediatype: _m, ...doc }, file }) => ({
          ...doc,
          data: byName.get(file) ?? new Uint8Array(),
        })),
      );
      return { ok: true, recipients: read.result.results.length, documents: read.documents.length, issues };
    },
    'arge-import:criteria': async ({ connectionId, files: refs }) =>
      importCriteria(await ws.workspace(connectionId), await ws.client(connectionId), uploaded(refs)),
  };
}
