/**
 * Check result → Excel report: facts on top, then one row per message (Code, Art, Meldung, Stelle, the cell of the
 * Erfassungsmappe as sheet, row and column, Betrifft), then the warnings a submission accepted.
 */
import ExcelJS from 'exceljs';
import { reportModel, type CheckReportInput } from '@main/services/reports/check-report-model';

const TYPE_FILL = { ERROR: 'FFF8D7DA', WARNING: 'FFFFF3CD', INFO: 'FFDCEBF7' } as const;

/** Builds the check report as an xlsx buffer. */
export async function buildCheckReportWorkbook(input: CheckReportInput): Promise<Buffer> {
  const model = reportModel(input);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  wb.created = new Date(input.context.checkedAt);
  const ws = wb.addWorksheet('Prüfbericht', {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = [
    { width: 26 },
    { width: 10 },
    { width: 60 },
    { width: 38 },
    { width: 26 },
    { width: 8 },
    { width: 24 },
    { width: 60 },
  ];
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
  header.values = ['Code', 'Art', 'Meldung', 'Stelle', 'Blatt (Erfassungsmappe)', 'Zeile', 'Spalte', 'Betrifft'];
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE5EE' } };
  });
  // Accepted warnings go below the messages, marked as such in the type column, so one filter covers all rows.
  const rows = [...model.lines, ...(model.accepted?.lines ?? [])];
  rows.forEach((l, i) => {
    const row = ws.getRow(headerRow + 1 + i);
    const c = l.cell;
    row.values = [
      l.code,
      l.typeLabel,
      l.message,
      l.path,
      c?.sheet ?? '',
      c?.row ?? '',
      c ? `${c.column} (${c.header})` : '',
      l.about,
    ];
    row.alignment = { wrapText: true, vertical: 'top' };
    row.getCell(2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TYPE_FILL[l.type] } };
  });
  if (rows.length > 0) {
    ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow + rows.length, column: 8 } };
  }
  ws.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
