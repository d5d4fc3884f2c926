/**
 * Check result → Excel report: facts on top, then one row per message (kind, message, what it concerns, the cell of
 * the Erfassungsmappe as sheet, row and column, and last, in grey, the MSC's code for support), then the warnings a
 * submission accepted. The Erfassungsmappe's sheet names and headings stay as that workbook has them.
 */
import ExcelJS from 'exceljs';
import { reportModel, type CheckReportInput } from '@main/services/reports/check-report-model';

const TYPE_FILL = { ERROR: 'FFF8D7DA', WARNING: 'FFFFF3CD', INFO: 'FFDCEBF7' } as const;

/** Builds the check report as an xlsx buffer, in the input's language (German by default). */
export async function buildCheckReportWorkbook(input: CheckReportInput): Promise<Buffer> {
  const model = reportModel(input);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = new Date(input.context.checkedAt);
  const x = model.text;
  const ws = wb.addWorksheet(x.r('heading'), {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = [{ width: 26 }, { width: 60 }, { width: 60 }, { width: 26 }, { width: 8 }, { width: 24 }, { width: 22 }];
  ws.getCell('A1').value = model.title;
  ws.getCell('A1').font = { bold: true, size: 14 };
  model.facts.forEach(([k, v], i) => {
    const row = ws.getRow(2 + i);
    row.getCell(1).value = k;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = v;
  });
  const headerRow = 3 + model.facts.length;
  const header = ws.getRow(headerRow);
  header.values = ['type', 'message', 'about', 'sheet', 'row', 'column', 'code'].map((k) => x.r(`column.${k}`));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE5EE' } };
  });
  // Accepted warnings go below the messages, marked as such in the type column, so one filter covers all rows.
  const rows = [...model.lines, ...(model.accepted?.lines ?? [])];
  rows.forEach((l, i) => {
    const row = ws.getRow(headerRow + 1 + i);
    const c = l.cell;
    row.values = [l.typeLabel, l.message, l.about, c?.sheet ?? '', c?.row ?? '', c ? `${c.column} (${c.header})` : '', l.code];
    row.alignment = { wrapText: true, vertical: 'top' };
    row.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TYPE_FILL[l.type] } };
    row.getCell(7).font = { color: { argb: 'FF808080' }, size: 9 };
  });
  if (rows.length > 0) {
    ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow + rows.length, column: 7 } };
  }
  ws.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
