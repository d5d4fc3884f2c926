/**
 * Matching result → xlsx for the ERP: one row per order criterion with the MSC's unit number and the MSC's own
 * position text, plus the units that stayed unmatched (with reason and candidates), those withdrawn by a complete
 * list, and those only the MSC knows.
 */
import ExcelJS from 'exceljs';
import type { SetupResidentialUnit, SetupStatus, UnmatchedUnit } from '@shared/msc/billing-unit-data';
import { formatGermanDateTime } from '@shared/domain/dates';

const RESULT_TEXT = {
  matched: 'zugeordnet',
  NOT_FOUND: 'nicht zugeordnet: nicht gefunden',
  AMBIGUOUS: 'nicht zugeordnet: mehrdeutig (Hilfskriterien senden)',
  additional: 'nur beim Messdienst (nicht gesendet)',
  withdrawn: 'zurückgezogen',
} as const;

const STATUS_TEXT = { OPEN: 'offen', IN_PROGRESS: 'in Bearbeitung', COMPLETED: 'abgeschlossen' } as const;

/** Units sent but neither matched nor reported: a real MSC may leave `unmatched` out. */
export function derivedUnmatched(status: SetupStatus, sent: readonly SetupResidentialUnit[] = []): UnmatchedUnit[] {
  if (status.unmatched !== undefined) return status.unmatched;
  const matched = new Set((status.matched ?? []).map((m) => m.residentialunitPmnumber));
  return sent
    .filter((u) => !matched.has(u.residentialunitPmnumber))
    .map((u) => ({ residentialunitPmnumber: u.residentialunitPmnumber, reason: 'NOT_FOUND' }));
}

/** Builds the PM number ↔ MSC number list. `sent` lets it derive unmatched units when the MSC omitted them. */
export async function buildMatchingWorkbook(status: SetupStatus, sent: readonly SetupResidentialUnit[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  const ws = wb.addWorksheet('Zuordnung', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Ordnungsbegriff', key: 'pm', width: 22, style: { numFmt: '@' } },
    { header: 'Nutzer-Nr. Messdienst', key: 'msc', width: 14, style: { numFmt: '@' } },
    { header: 'Ergebnis', key: 'result', width: 44 },
    { header: 'Lage laut Messdienst', key: 'position', width: 30 },
    { header: 'Kandidaten', key: 'candidates', width: 50 },
  ];
  ws.getRow(1).font = { bold: true };
  // "Lage laut Messdienst" is the MSC's text only: our own description would look like the MSC confirmed it.
  for (const m of status.matched ?? []) {
    ws.addRow({
      pm: m.residentialunitPmnumber,
      msc: m.residentialunitMscnumber,
      result: RESULT_TEXT.matched,
      position: m.positiontext,
    });
  }
  for (const u of derivedUnmatched(status, sent)) {
    const candidates = (u.candidates ?? []).map((c) => `${c.residentialunitMscnumber} ${c.positiontext}`).join('; ');
    ws.addRow({
      pm: u.residentialunitPmnumber,
      result: RESULT_TEXT[u.reason],
      candidates: candidates === '' ? undefined : candidates,
    });
  }
  for (const w of status.withdrawn ?? []) {
    ws.addRow({
      pm: w.residentialunitPmnumber,
      msc: w.residentialunitMscnumber,
      result: `${RESULT_TEXT.withdrawn} am ${formatGermanDateTime(w.withdrawnat)}`,
    });
  }
  for (const a of status.additional ?? []) {
    ws.addRow({ msc: a.residentialunitMscnumber, result: RESULT_TEXT.additional, position: a.positiontext });
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, ws.rowCount), column: 5 } };

  const info = wb.addWorksheet('Info');
  info.columns = [{ width: 26 }, { width: 50 }];
  const facts: [string, string][] = [
    ['Liegenschaft (Messdienst)', status.billingunitMscnumber],
    ['Liegenschaft (Verwaltung)', status.billingunitPmnumber ?? ''],
    ['Kundennummer', status.customerMscnumber],
    ['Anschrift', `${status.address.street}, ${status.address.postalcode} ${status.address.city}`],
    ['Status', STATUS_TEXT[status.setupstatus]],
    ['Stand', formatGermanDateTime(status.lastupdate)],
    ['Transaktions-ID', status.transactionid ?? ''],
  ];
  facts.forEach(([k, v]) => {
    const row = info.addRow([k, v]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).numFmt = '@';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
