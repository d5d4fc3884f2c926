/**
 * Check result → PDF a clerk can file or forward: unit, period, time, transaction id, then the messages
 * grouped into errors, warnings and notes, then the warnings a submission accepted, with page numbers. Without
 * injected fonts it uses the built-in Helvetica, which covers German but not every name (ş, ł): those are
 * transliterated.
 */
import PDFDocument from 'pdfkit';
import type { MessageType } from '@shared/msc/billing-input';
import { reportModel, type CheckReportInput, type ReportLine } from '@main/services/reports/check-report-model';
import type { ReportText } from '@main/services/reports/report-text';

export type PdfFonts = { regular: Buffer | string; bold: Buffer | string };
export type CheckReportPdfOptions = { fonts?: PdfFonts };

const COLOR: Record<MessageType, string> = { ERROR: '#A4161A', WARNING: '#8A5A00', INFO: '#1F4E79' };
const GREY = '#555555';
const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };

/** Windows-1252 (the standard fonts' encoding) beyond Latin-1. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters with a stroke or without dot have no decomposition to strip. */
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };

/** Keeps what the standard fonts can show; strips accents from the rest (Ayşe → Ayse). */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 10 || (code >= 32 && code < 127) || (code >= 160 && code <= 255) || CP1252_EXTRA.has(ch)) out += ch;
    else {
      const base = (NO_DECOMPOSITION[ch] ?? ch).normalize('NFD').replace(/\p{M}/gu, '');
      out += Array.from(base, (c) => c.codePointAt(0) ?? 0).every((n) => n < 256) ? base : '?';
    }
  }
  return out;
}

/** Builds the check report as a PDF buffer (A4, in the input's language, German by default). */
export async function buildCheckReportPdf(input: CheckReportInput, opts: CheckReportPdfOptions = {}): Promise<Buffer> {
  const model = reportModel(input);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: model.text.lang === 'en' ? 'en-GB' : 'de-DE',
    info: {
      Title: model.title,
      Author: 'Kostenbrücke',
      Subject: model.subject,
      CreationDate: new Date(input.context.checkedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  let regular = 'Helvetica';
  let bold = 'Helvetica-Bold';
  let t = toWinAnsi;
  if (opts.fonts) {
    doc.registerFont('report-regular', opts.fonts.regular);
    doc.registerFont('report-bold', opts.fonts.bold);
    [regular, bold, t] = ['report-regular', 'report-bold', (s: string) => s];
  }
  const width = doc.page.width - MARGIN.left - MARGIN.right;

  doc.font(bold).fontSize(18).fillColor('black').text(t(model.heading), { width });
  doc.moveDown(0.6);
  for (const [k, v] of model.facts) {
    const y = doc.y;
    doc.font(bold).fontSize(10).text(t(k), MARGIN.left, y, { width: 130 });
    const below = doc.y;
    doc.font(regular).text(t(v), MARGIN.left + 135, y, { width: width - 135 });
    // A label longer than its value (it wraps in the narrow column) must not run into the next fact.
    doc.y = Math.max(doc.y, below);
    doc.x = MARGIN.left;
  }
  doc.moveDown(0.8);
  rule(doc, width);

  if (model.groups.length === 0) {
    doc.moveDown(0.6);
    doc.font(regular).fontSize(11).fillColor('black').text(t(model.summary), { width });
  }
  for (const g of model.accepted ? [...model.groups, model.accepted] : model.groups) {
    ensureSpace(doc, 60);
    doc.moveDown(0.6);
    doc.font(bold).fontSize(13).fillColor(COLOR[g.type]).text(t(g.title), MARGIN.left, doc.y, { width });
    doc.moveDown(0.3);
    for (const l of g.lines) writeLine(doc, l, { regular, bold, t, width, text: model.text });
  }

  const footer = t(model.footer);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc.font(regular).fontSize(8).fillColor(GREY);
    doc.text(footer, MARGIN.left, y, { width: width - 90, lineBreak: false });
    doc.text(t(model.text.r('page', { page: i + 1, count: range.count })), MARGIN.left + width - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, width: number): void {
  doc
    .moveTo(MARGIN.left, doc.y)
    .lineTo(MARGIN.left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor('#BBBBBB')
    .stroke();
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN.bottom) doc.addPage();
}

type Style = { regular: string; bold: string; t: (s: string) => string; width: number; text: ReportText };

/**
 * One message, kept together on a page: the message in the colour of its type (its group heading names the type),
 * what it concerns, its cell and, small and grey, the MSC's code for support.
 */
function writeLine(doc: PDFKit.PDFDocument, l: ReportLine, s: Style): void {
  const inner = s.width - 12;
  const message = s.t(l.message);
  const about = s.t(s.text.archive('messages.about', { where: l.about }));
  const code = s.text.r('code', { code: l.code });
  const where = s.t(l.cellText === undefined ? code : `${s.text.r('inWorkbook', { cell: l.cellText })} · ${code}`);
  const height =
    doc.font(s.bold).fontSize(10).heightOfString(message, { width: inner }) +
    doc.font(s.regular).fontSize(9).heightOfString(about, { width: inner }) +
    doc.fontSize(8).heightOfString(where, { width: inner }) +
    12;
  ensureSpace(doc, height);
  const top = doc.y;
  const x = MARGIN.left + 12;
  doc.font(s.bold).fontSize(10).fillColor('black').text(message, x, top, { width: inner });
  doc
    .font(s.regular)
    .fontSize(9)
    .fillColor('#222222')
    .text(about, x, doc.y + 1, { width: inner });
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(where, x, doc.y + 1, { width: inner });
  doc.rect(MARGIN.left, top, 3, doc.y - top).fill(COLOR[l.type]);
  doc.fillColor('black');
  doc.x = MARGIN.left;
  doc.y += 8;
}
