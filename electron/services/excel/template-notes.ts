/** The Hinweise sheet: how to fill the workbook, and which unit and period it belongs to (checked on import). */
import { formatGermanDateTime } from '@shared/domain/dates';
import type { Workbook, Worksheet } from 'exceljs';
import { formatGermanDate } from '@shared/domain/dates';
import type { Template } from '@shared/msc/billing-input';
import { cellText, toCell } from '@main/services/excel/cell-values';
import { FORMAT_TAG, NOTE_KEYS, SHEET } from '@main/services/excel/template-layout';

const VAT_TEXT = {
  GROSS: 'Bruttobeträge (inkl. Umsatzsteuer)',
  NET: 'Nettobeträge (ohne Umsatzsteuer)',
  BOTH: 'Brutto- und Nettobeträge',
} as const;

const HOW_TO = [
  'So füllen Sie die Mappe aus',
  '• Jedes Blatt ist ein Abschnitt der Abrechnung. Graue Spalten kommen vom Messdienst und sind gesperrt; weiße Spalten füllen Sie aus.',
  '• Beträge in Euro mit zwei Nachkommastellen (z. B. 1.234,56), Mengen mit bis zu drei, Anteile in Prozent mit einer.',
  '• Datumsangaben als TT.MM.JJJJ (z. B. 31.12.2025).',
  '• Kostenart, Verteilerschlüssel, Leistungsart, Brennstoff und Energieträger wählen Sie aus der Liste in der Zelle.',
  '• Heizwerte (Blatt „Brennstoffe und Bestände“) und die Angaben im Blatt „CO2-Angaben“ hat der Messdienst vorbelegt; ändern Sie sie nur, wenn sie nicht stimmen.',
  '• Blatt „Warmwasser und Liegenschaft“: Warmwassermenge, mittlere Temperatur oder pauschalen Anteil nur eintragen, wenn das vereinbarte Abtrennverfahren sie braucht (siehe Vereinbarung); dort auch, ob die Liegenschaft eine Eigentümergemeinschaft (WEG) ist.',
  '• Bei einem Nutzerwechsel im Blatt „Nutzer und Verteilwerte“ angeben, ob zwischenabgelesen oder nach Gradtagen aufgeteilt wird und ob der Nutzer die Wechselgebühr trägt.',
  '• Weitere Rechnungen oder Lieferungen einfach in die nächste freie Zeile schreiben; leere Zeilen werden übergangen.',
  '• Zeilen dürfen Sie sortieren oder filtern. Die ausgeblendeten Spalten „_Nr“ und „_Reihenfolge“ bitte nicht ändern.',
  '• Der Blattschutz hat kein Kennwort (Überprüfen → Blattschutz aufheben); er schützt nur vor versehentlichem Überschreiben.',
  '• Danach die Mappe speichern und in Kostenbrücke wieder einlesen. Dort wird sie vor dem Senden geprüft.',
];

export function writeNotes(wb: Workbook, template: Template, now: Date): Worksheet {
  const ws = wb.addWorksheet(SHEET.notes);
  ws.columns = [{ width: 30 }, { width: 90 }];
  ws.getCell('A1').value = 'Kostenbrücke – Erfassungsmappe für den Messdienst';
  ws.getCell('A1').font = { bold: true, size: 14 };
  const { from, to } = template.billingperiod;
  const facts: [string, string][] = [
    [NOTE_KEYS.billingunit, template.billingunitMscnumber],
    ['Abrechnungszeitraum', `${formatGermanDate(from)} – ${formatGermanDate(to)}`],
    [NOTE_KEYS.periodTo, to],
    ['Währung', template.currency],
    ['Umsatzsteuer', VAT_TEXT[template.expectedvat]],
    [
      'Verteilung Heizung (Grund/Verbrauch %)',
      `${template.distributionratio.heating.base} / ${template.distributionratio.heating.consumption}`,
    ],
    [
      'Verteilung Warmwasser (Grund/Verbrauch %)',
      `${template.distributionratio.hotwater.base} / ${template.distributionratio.hotwater.consumption}`,
    ],
    ['Erstellt am', formatGermanDateTime(now)],
    [NOTE_KEYS.format, FORMAT_TAG],
  ];
  facts.forEach(([k, v], i) => {
    const row = ws.getRow(3 + i);
    row.getCell(1).value = k;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = v;
    row.getCell(2).numFmt = '@';
  });
  HOW_TO.forEach((line, i) => {
    const cell = ws.getCell(4 + facts.length + i, 1);
    cell.value = line;
    if (i === 0) cell.font = { bold: true, size: 12 };
  });
  return ws;
}

/** Values of the fact rows (key in column A, value in column B). */
export function readNotes(ws: Worksheet): Map<string, string> {
  const facts = new Map<string, string>();
  ws.eachRow((row) => {
    const key = cellText(toCell(row.getCell(1).value));
    if (key !== '') facts.set(key, cellText(toCell(row.getCell(2).value)));
  });
  return facts;
}
