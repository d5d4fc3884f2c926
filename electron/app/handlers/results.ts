/**
 * Handlers of the `results:*` channels: the stored billing result of a period (read from the workspace's results
 * archive, so it is there when the MSC is not), its documents, the Excel export and the reconciliation with the
 * binding submission in the submission archive (docs/results.md).
 */
import { appError } from '@shared/domain/app-error';
import { amountKindOf, reconcile } from '@shared/domain/reconciliation';
import { recipientRows } from '@shared/domain/result-rows';
import { FilledTemplate, Template } from '@shared/msc/billing-input';
import { BillingResult } from '@shared/msc/billing-result';
import type { ResultEntry } from '@shared/domain/results';
import type { PeriodResult, ReconciliationOutput, StoredResult } from '@shared/ipc/channels/results';
import type { Handlers } from '@main/ipc/gate';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import type { Workspace } from '@main/services/workspace/workspace';
import { buildResultWorkbook } from '@main/services/results/results-xlsx';
import { buildReconPdf, buildReconWorkbook } from '@main/services/results/recon-report';
import { buildZip, fileNameOf } from '@main/services/results/zip-writer';
import type { PdfFonts } from '@main/services/reports/check-report-pdf';

type Channels =
  | 'results:get'
  | 'results:check-now'
  | 'results:document'
  | 'results:documents-zip'
  | 'results:export'
  | 'results:reconcile'
  | 'results:reconcile-report'
  | 'results:list';

function parseResult(entry: ResultEntry): BillingResult {
  const parsed = BillingResult.safeParse(entry.result);
  if (!parsed.success) {
    throw appError(
      'VALIDATION',
      { key: 'results.storedUnreadable' },
      'Das gespeicherte Abrechnungsergebnis passt nicht zur Schnittstelle und kann nicht angezeigt werden.',
    );
  }
  return parsed.data;
}

function storedOf(entry: ResultEntry): StoredResult {
  return {
    id: entry.id,
    storedAt: entry.at,
    result: parseResult(entry),
    documents: entry.documents,
    ...(entry.origin ? { origin: entry.origin } : {}),
  };
}

async function periodResult(w: Workspace, billingunit: string, periodTo: string): Promise<PeriodResult> {
  const entry = await w.results.latest(billingunit, periodTo);
  const awaited = w.resultWatch.awaited().some((p) => p.billingunit === billingunit && p.periodTo === periodTo);
  return { stored: entry ? storedOf(entry) : null, awaited };
}

async function needResult(w: Workspace, billingunit: string, periodTo: string): Promise<ResultEntry> {
  const entry = await w.results.latest(billingunit, periodTo);
  if (!entry)
    throw appError('VALIDATION', { key: 'results.none' }, 'Für diesen Zeitraum liegt noch kein Abrechnungsergebnis vor.');
  return entry;
}

/** The binding submission the result was billed from (by transaction id), else the period's newest one. */
async function submissionOf(w: Workspace, billingunit: string, periodTo: string, transactionid: string) {
  const commissioned = w.archive.list({ billingunit, periodTo }).filter((s) => s.result === 'commissioned');
  let chosen;
  for (const s of [...commissioned].reverse()) {
    const entry = await w.archive.read(s.id);
    if (entry?.result.kind !== 'commissioned') continue;
    chosen ??= entry;
    if (entry.result.transactionid === transactionid) {
      chosen = entry;
      break;
    }
  }
  if (!chosen)
    throw appError(
      'VALIDATION',
      { key: 'results.submissionMissing' },
      'Die Übermittlung zu diesem Ergebnis ist im Archiv nicht vorhanden.',
    );
  const fill = FilledTemplate.safeParse(chosen.request);
  if (!fill.success)
    throw appError(
      'VALIDATION',
      { key: 'results.submissionUnreadable' },
      'Die archivierte Übermittlung lässt sich nicht mehr lesen.',
    );
  return { entry: chosen, fill: fill.data };
}

export function resultHandlers(
  ws: Workspaces,
  files: FileStore,
  fonts: () => Promise<PdfFonts | undefined>,
): Pick<Handlers, Channels> {
  async function reconcileOf(
    connectionId: string,
    billingunit: string,
    periodTo: string,
    balanceThreshold?: string,
    draft?: FilledTemplate,
  ) {
    const w = await ws.workspace(connectionId);
    const stored = await needResult(w, billingunit, periodTo);
    const result = parseResult(stored);
    const hasSubmission = w.archive.list({ billingunit, periodTo }).some((s) => s.result === 'commissioned');
    // A result read from ARGE files may have no binding submission (a file-exchange connection): the draft stands in.
    const basis =
      stored.origin && !hasSubmission && draft
        ? { fill: draft, id: 'draft', at: stored.at, comparedWith: 'draft' as const }
        : await submissionOf(w, billingunit, periodTo, result.transactionid).then(({ entry, fill }) => ({
            fill,
            id: entry.id,
            at: entry.at,
            comparedWith: 'submission' as const,
          }));
    const template = Template.safeParse(stored.template);
    const recon = reconcile(result, basis.fill, template.success ? template.data : undefined, {
      ...(balanceThreshold === undefined ? {} : { balanceThreshold }),
    });
    const output: ReconciliationOutput = {
      ...recon,
      submissionId: basis.id,
      submittedAt: basis.at,
      comparedWith: basis.comparedWith,
    };
    return { result, output };
  }

  return {
    'results:get': async ({ connectionId, billingunit, periodTo }) =>
      periodResult(await ws.workspace(connectionId), billingunit, periodTo),
    'results:check-now': async ({ connectionId, billingunit, periodTo }) => {
      const w = await ws.workspace(connectionId);
      await w.resultWatch.checkNow(billingunit, periodTo);
      return periodResult(w, billingunit, periodTo);
    },
    'results:document': async ({ connectionId, billingunit, periodTo, documentid }) => {
      const w = await ws.workspace(connectionId);
      const entry = await needResult(w, billingunit, periodTo);
      const found = await w.results.document(entry, documentid);
      if (!found)
        throw appError(
          'VALIDATION',
          { key: 'results.documentNotInResult' },
          'Dieses Dokument gehört nicht zum gespeicherten Ergebnis.',
        );
      const result = parseResult(entry);
      const recipient = result.results.find(
        (r) =>
          r.partnerPmnumber === found.doc.partnerPmnumber && r.residentialunitMscnumber === found.doc.residentialunitMscnumber,
      );
      const name = fileNameOf(
        [found.doc.type, found.doc.residentialunitMscnumber, recipient?.name ?? found.doc.partnerPmnumber, periodTo],
        'pdf',
      );
      const stored = files.put(name, found.data);
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
    'results:documents-zip': async ({ connectionId, billingunit, periodTo }) => {
      const w = await ws.workspace(connectionId);
      const entry = await needResult(w, billingunit, periodTo);
      const result = parseResult(entry);
      const folder = fileNameOf(['Abrechnungen', billingunit, 'bis', periodTo], 'x').slice(0, -2);
      const zipped = [];
      for (const doc of entry.documents) {
        const found = await w.results.document(entry, doc.documentid);
        if (!found) continue;
        const r = result.results.find(
          (x) => x.partnerPmnumber === doc.partnerPmnumber && x.residentialunitMscnumber === doc.residentialunitMscnumber,
        );
        // One file per tenant and kind, named so the clerk finds the tenant at a glance in the folder.
        const name = fileNameOf([doc.residentialunitMscnumber, r?.name ?? doc.partnerPmnumber ?? doc.title, doc.type], 'pdf');
        zipped.push({ name: `${folder}/${name}`, data: found.data });
      }
      const stored = files.put(`${folder}.zip`, buildZip(zipped));
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
    'results:export': async ({ connectionId, billingunit, periodTo }) => {
      const w = await ws.workspace(connectionId);
      const entry = await needResult(w, billingunit, periodTo);
      const result = parseResult(entry);
      const bytes = await buildResultWorkbook(
        {
          billingunit,
          periodFrom: result.billingperiod.from,
          periodTo: result.billingperiod.to,
          currency: result.currency,
          amountKind: amountKindOf(result.expectedvat) === 'grossamount' ? 'gross' : 'net',
          rows: recipientRows(result),
          taxShares: entry.origin?.taxShares,
        },
        new Date(),
      );
      const stored = files.put(`Abrechnungsergebnis ${billingunit} bis ${periodTo}.xlsx`, bytes);
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
    'results:reconcile': async ({ connectionId, billingunit, periodTo, balanceThreshold, filled }) =>
      (await reconcileOf(connectionId, billingunit, periodTo, balanceThreshold, filled)).output,
    'results:reconcile-report': async ({ connectionId, billingunit, periodTo, balanceThreshold, format, filled }) => {
      const { result, output } = await reconcileOf(connectionId, billingunit, periodTo, balanceThreshold, filled);
      const input = {
        billingunit,
        periodFrom: result.billingperiod.from,
        periodTo: result.billingperiod.to,
        billingdate: result.billingdate,
        transactionid: result.transactionid,
        recon: output,
      };
      const now = new Date();
      const bytes = format === 'pdf' ? await buildReconPdf(input, now, await fonts()) : await buildReconWorkbook(input, now);
      const stored = files.put(`Abgleich ${billingunit} bis ${periodTo}.${format === 'pdf' ? 'pdf' : 'xlsx'}`, bytes);
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
    'results:list': async ({ connectionId }) => {
      const w = await ws.workspace(connectionId);
      const newest = new Map<string, { billingunit: string; periodTo: string; storedAt: string }>();
      for (const s of w.results.list())
        newest.set(`${s.billingunit}|${s.periodTo}`, { billingunit: s.billingunit, periodTo: s.periodTo, storedAt: s.at });
      return [...newest.values()].sort((a, b) => b.storedAt.localeCompare(a.storedAt));
    },
  };
}
