/**
 * Fills a downloaded Erfassungsmappe the way a clerk does in Excel: picks entries from the dropdown lists, types
 * dates and amounts into the open rows and the distribution values next to each user. Only exceljs, no app code,
 * so the test proves that what the app hands out can be filled and read back.
 */
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';

/** Distribution values per key as the demo building needs them (area, heated area, cold water m³, smoke detectors). */
const VALUES: Record<string, number> = { '010': 64.5, '011': 64.5, '003': 38.5, '046': 3 };

export type Fill = {
  /** Leave out one value, as a clerk might: `{ row: 2, key: '011' }` keeps that cell of the recipients sheet empty. */
  leaveEmpty?: { row: number; key: string };
  /** Leave the fuel deliveries out, as when the gas bill has not arrived yet. */
  withoutDelivery?: boolean;
};

function sheet(wb: ExcelJS.Workbook, name: string): Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`Blatt „${name}“ fehlt in der Erfassungsmappe`);
  return ws;
}

/** Column number of a header in row 1 (the clerk reads the headers, not the letters). */
function col(ws: Worksheet, header: string): number {
  let found = 0;
  ws.getRow(1).eachCell((cell, n) => {
    if (cell.text === header || cell.text.startsWith(`${header} `)) found ||= n;
  });
  if (found === 0) throw new Error(`Spalte „${header}“ fehlt im Blatt „${ws.name}“`);
  return found;
}

/** The entries of a dropdown list (the hidden list sheet holds one list per column). */
function dropdown(wb: ExcelJS.Workbook, column: number): string[] {
  const lists = sheet(wb, 'Listen');
  const out: string[] = [];
  for (let r = 1; r <= lists.rowCount; r++) {
    const text = lists.getCell(r, column).text;
    if (text !== '') out.push(text);
  }
  return out;
}

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

function fillInvoices(ws: Worksheet, costTypes: readonly string[], gross: number): void {
  costTypes.forEach((entry, i) => {
    const row = ws.getRow(i + 2);
    row.getCell(col(ws, 'Kostenart')).value = entry;
    row.getCell(col(ws, 'Rechnungsdatum')).value = day('2025-10-15');
    row.getCell(col(ws, 'Brutto €')).value = gross;
  });
}

function fillDelivery(wb: ExcelJS.Workbook): void {
  const deliveries = sheet(wb, 'Lieferungen');
  const fuel = dropdown(wb, 3)[0];
  if (fuel === undefined) throw new Error('Die Mappe bietet keinen Brennstoff an');
  const d = deliveries.getRow(2);
  d.getCell(col(deliveries, 'Brennstoff')).value = fuel;
  d.getCell(col(deliveries, 'Rechnungsdatum')).value = day('2025-11-20');
  d.getCell(col(deliveries, 'Menge')).value = 180000;
  d.getCell(col(deliveries, 'Brutto €')).value = 24000;
  d.getCell(col(deliveries, 'CO2-Emissionsfaktor kg je Einheit')).value = 0.201;
  d.getCell(col(deliveries, 'CO2-Menge kg')).value = 36180;
  d.getCell(col(deliveries, 'CO2-Kosten brutto €')).value = 2400;
}

export async function fillErfassungsmappe(path: string, fill: Fill = {}): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);

  if (fill.withoutDelivery !== true) fillDelivery(wb);
  fillInvoices(sheet(wb, 'Heizungsbetriebskosten'), dropdown(wb, 1), 450);
  fillInvoices(sheet(wb, 'Nebenkosten'), dropdown(wb, 2), 1200);

  const recipients = sheet(wb, 'Nutzer und Verteilwerte');
  const msc = col(recipients, 'Nutzer-Nr.');
  for (let r = 2; r <= recipients.rowCount; r++) {
    if (recipients.getCell(r, msc).text === '') continue;
    for (const [key, value] of Object.entries(VALUES)) {
      if (fill.leaveEmpty?.row === r && fill.leaveEmpty.key === key) continue;
      recipients.getCell(r, col(recipients, key)).value = value;
    }
  }
  await wb.xlsx.writeFile(path);
}
