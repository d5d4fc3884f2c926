/** Handler of `reports:check`: an archived check or submission as a PDF or Excel report. */
import { appError } from '@shared/domain/app-error';
import { FilledTemplate } from '@shared/msc/billing-input';
import type { Handlers } from '@main/ipc/gate';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCheckReportPdf, type PdfFonts } from '@main/services/reports/check-report-pdf';
import { buildCheckReportWorkbook } from '@main/services/reports/check-report-xlsx';
import { reportFileName } from '@main/services/reports/check-report-model';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';

/**
 * DejaVu Sans covers the names tenants really have (Ayşe Öztürk, Łukasz, Đorđević), which the PDF standard fonts
 * cannot show; without the font files the report still comes out, with such letters simplified.
 */
export async function loadFonts(resourcesDir: string): Promise<PdfFonts | undefined> {
  try {
    const [regular, bold] = await Promise.all([
      readFile(join(resourcesDir, 'fonts', 'DejaVuSans.ttf')),
      readFile(join(resourcesDir, 'fonts', 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  } catch {
    return undefined;
  }
}

export function reportHandlers(ws: Workspaces, files: FileStore, resourcesDir: string): Pick<Handlers, 'reports:check'> {
  let fonts: Promise<PdfFonts | undefined> | undefined;
  return {
    'reports:check': async ({ connectionId, archiveId, format, language }) => {
      const entry = await (await ws.workspace(connectionId)).archive.read(archiveId);
      if (!entry)
        throw appError('VALIDATION', { key: 'reports.checkGone' }, 'Diese Prüfung ist im Archiv nicht (mehr) vorhanden.');
      // The template gives the period's start and the texts the message paths point to.
      const template = await (await ws.client(connectionId)).getTemplate(entry.billingunit, entry.periodTo);
      const submission = FilledTemplate.safeParse(entry.request);
      const input = {
        messages: entry.result.kind === 'messages' ? entry.result.messages : [],
        context: {
          billingunit: entry.billingunit,
          period: template.billingperiod,
          checkedAt: entry.at,
          action: entry.action,
          ...(entry.result.kind === 'commissioned' ? { transactionid: entry.result.transactionid } : {}),
        },
        template,
        ...(submission.success ? { submission: submission.data } : {}),
        ...(entry.acceptedWarnings === undefined ? {} : { acceptedWarnings: entry.acceptedWarnings }),
        ...(language === undefined ? {} : { language }),
      };
      let bytes: Uint8Array;
      if (format === 'pdf') {
        fonts ??= loadFonts(resourcesDir);
        const loaded = await fonts;
        bytes = await buildCheckReportPdf(input, loaded ? { fonts: loaded } : {});
      } else bytes = await buildCheckReportWorkbook(input);
      const stored = files.put(
        `${reportFileName(entry.billingunit, entry.periodTo, language)}.${format === 'pdf' ? 'pdf' : 'xlsx'}`,
        bytes,
      );
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
  };
}
