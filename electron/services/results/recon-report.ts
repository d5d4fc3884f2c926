/**
 * The reconciliation ("Abgleich") as a report: facts on top (property, period, submission, result, the totals
 * compared), then one line per message with its kind, the recipient it concerns and what differs. PDF for filing,
 * Excel for working through the list (one row per message, filterable).
 */
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { formatGermanDate, formatGermanDateTime } from '@shared/domain/dates';
import { formatGerman, money } from '@shared/domain/decimal';
import type { ReconciliationOutput } from '@shared/ipc/channels/results';
import type { ReconMessage } from '@shared/domain/reconciliation';
import { placeText, reconText, SEVERITY_LABEL } from '@main/services/results/recon-text';
import { toWinAnsi, type PdfFonts } from '@main/services/reports/check-report-pdf';

export type ReconReportInput = {
  billingunit: string;
  periodFrom: string;
  periodTo: string;
  billingdate: string;
  transactionid: string;
  recon: ReconciliationOutput;
};

const eur = (iso: string) => `${formatGerman(money(iso))} €`;

function facts(input: ReconReportInput): [string, string][] {
  const { recon } = input;
  return [
    ['Liegenschaft', input.billingunit],
    ['Abrechnungszeitraum', `${formatGermanDate(input.periodFrom)} – ${formatGermanDate(input.periodTo)}`],
    ['Übermittelt', `${formatGermanDateTime(recon.submittedAt)} (Vorgangsnummer ${input.transactionid})`],
    ['Abgerechnet am', formatGermanDate(input.billingdate)],
    ['Beträge', recon.amountKind === 'grossamount' ? 'brutto' : 'netto'],
    ['Umlagefähige Kosten übermittelt', eur(recon.submitted)],
    ['Abgerechnet (Kosten + CO2-Vermieteranteil)', eur(recon.billed)],
    ['Abrechnungsempfänger', String(recon.recipients)],
    [
      'Ergebnis',
      `${String(recon.counts.error)} Abweichungen, ${String(recon.counts.warning)} zu prüfen, ${String(recon.counts.info)} Hinweise`,
    ],
  ];
}

const ORDER = { error: 0, warning: 1, info: 2 } as const;
const sorted = (messages: readonly ReconMessage[]) => [...messages].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);

export async function buildReconWorkbook(input: ReconReportInput, createdAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = createdAt;
  const ws = wb.addWorksheet('Abgleich');
  ws.columns = [{ width: 16 }, { width: 24 }, { width: 14 }, { width: 30 }, { width: 16 }, { width: 80 }];
  ws.getCell('A1').value = 'Abgleich Abrechnungsergebnis';
  ws.getCell('A1').font = { bold: true, size: 14 };
  const f = facts(input);
  f.forEach(([k, v], i) => {
    ws.getRow(2 + i).values = [k, v];
    ws.getRow(2 + i).getCell(1).font = { bold: true };
  });
  const head = 3 + f.length;
  ws.getRow(head).values = ['Art', 'Nutzeinheit', 'Partner', 'Name', 'ab', 'Befund'];
  ws.getRow(head).font = { bold: true };
  const messages = sorted(input.recon.messages);
  messages.forEach((m, i) => {
    const p = m.place;
    const row = ws.getRow(head + 1 + i);
    row.values = [
      SEVERITY_LABEL[m.severity],
      p
        ? p.residentialunitPmnumber
          ? `${p.residentialunitMscnumber} (${p.residentialunitPmnumber})`
          : p.residentialunitMscnumber
        : 'Liegenschaft',
      p?.partnerPmnumber ?? '',
      p?.name ?? '',
      p ? formatGermanDate(p.validfrom) : '',
      reconText(m),
    ];
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  if (messages.length > 0) ws.autoFilter = { from: { row: head, column: 1 }, to: { row: head + messages.length, column: 6 } };
  ws.views = [{ state: 'frozen', ySplit: head }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const COLOR = { error: '#A4161A', warning: '#8A5A00', info: '#1F4E79' } as const;
const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };

export async function buildReconPdf(input: ReconReportInput, createdAt: Date, fonts?: PdfFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    lang: 'de-DE',
    info: { Title: `Abgleich ${input.billingunit}`, Author: 'Kostenbrücke', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  let [regular, bold, t] = ['Helvetica', 'Helvetica-Bold', toWinAnsi];
  if (fonts) {
    doc.registerFont('r', fonts.regular);
    doc.registerFont('b', fonts.bold);
    [regular, bold, t] = ['r', 'b', (s: string) => s];
  }
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  doc.font(bold).fontSize(18).text(t('Abgleich Abrechnungsergebnis'), { width });
  doc.moveDown(0.6);
  for (const [k, v] of facts(input)) {
    const y = doc.y;
    doc.font(bold).fontSize(10).fillColor('black').text(t(k), MARGIN.left, y, { width: 190 });
    doc.font(regular).text(t(v), MARGIN.left + 195, y, { width: width - 195 });
    doc.x = MARGIN.left;
  }
  doc.moveDown();
  const messages = sorted(input.recon.messages);
  if (messages.length === 0) doc.font(regular).fontSize(11).text(t('Keine Abweichungen gefunden.'), { width });
  for (const m of messages) {
    doc
      .font(bold)
      .fontSize(10)
      .fillColor(COLOR[m.severity])
      .text(t(`${SEVERITY_LABEL[m.severity]} – ${placeText(m.place)}`), { width });
    doc
      .font(regular)
      .fillColor('black')
      .text(t(reconText(m)), { width });
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
