/** Shared bits of the demo MSC's statements: a pdfkit document collected into a buffer, money and quantities in German, table rows. */
import PDFDocument from 'pdfkit';
import { formatGerman, fromUnits, money, quantity } from '@shared/domain/decimal';
import { formatGermanDate } from '@shared/domain/dates';
import { DISTRIBUTION_UNITS } from '@shared/domain/codes';
import type { Amounts } from '@shared/msc/primitives';
import type { BillingResult } from '@shared/msc/billing-result';
import { toWinAnsi } from '@main/services/reports/check-report-pdf';

export const MARGIN = { top: 50, bottom: 60, left: 50, right: 50 };
export const GREY = '#555555';
export const t = toWinAnsi;

export type Doc = PDFKit.PDFDocument;

export function newDoc(title: string, at: string): { doc: Doc; done: Promise<Buffer>; width: number } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'de-DE',
    info: { Title: t(title), Author: 'Demo-Messdienst', CreationDate: new Date(at) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  return { doc, done, width: doc.page.width - MARGIN.left - MARGIN.right };
}

/** The amount a statement shows: gross where the template asked for it, else net. */
export function shown(a: Amounts): bigint {
  const v = a.grossamount ?? a.netamount ?? '0.00';
  return money(v).units;
}

export const euro = (cents: bigint): string => `${formatGerman(fromUnits(cents, 2))} €`;
export const amount = (a: Amounts): string => euro(shown(a));
export const vatNote = (r: BillingResult): string => (r.expectedvat === 'NET' ? 'Beträge netto' : 'Beträge brutto');

export function quantityText(value: string, unit: string): string {
  const full = formatGerman(quantity(value));
  const num = full.includes(',') ? full.replace(/0+$/, '').replace(/,$/, '') : full;
  const label = DISTRIBUTION_UNITS.find((d) => d.code === unit)?.label ?? unit;
  return `${num} ${label}`;
}

export const periodText = (r: BillingResult): string =>
  `${formatGermanDate(r.billingperiod.from)} – ${formatGermanDate(r.billingperiod.to)}`;

export function heading(doc: Doc, text: string, width: number): void {
  doc.font('Helvetica-Bold').fontSize(17).fillColor('black').text(t(text), MARGIN.left, doc.y, { width });
  doc.moveDown(0.5);
}

export function facts(doc: Doc, rows: [string, string][], width: number): void {
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(t(k), MARGIN.left, y, { width: 150 });
    doc.font('Helvetica').text(t(v), MARGIN.left + 155, y, { width: width - 155 });
  }
  doc.moveDown(0.6);
}

/** A table row: columns by relative widths; the last column right-aligned (amounts). */
export function row(doc: Doc, cells: string[], widths: number[], width: number, bold = false): void {
  if (doc.y + 30 > doc.page.height - MARGIN.bottom) doc.addPage();
  const total = widths.reduce((a, b) => a + b, 0);
  const y = doc.y;
  let x = MARGIN.left;
  let maxY = y;
  cells.forEach((c, i) => {
    const w = ((widths[i] ?? 1) / total) * width;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('black');
    doc.text(t(c), x, y, { width: w - 6, align: i === cells.length - 1 ? 'right' : 'left' });
    maxY = Math.max(maxY, doc.y);
    x += w;
  });
  doc.x = MARGIN.left;
  doc.y = maxY + 2;
}

export function footer(doc: Doc, text: string, width: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 36;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(t(text), MARGIN.left, y, { width: width - 90, lineBreak: false });
    doc.text(`Seite ${String(i + 1)} von ${String(range.count)}`, MARGIN.left + width - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  }
}
