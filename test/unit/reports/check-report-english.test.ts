/**
 * The check report in the clerk's language: with English chosen, headings, labels, places, numbers, dates and the
 * MSC's messages whose code we know are English, and no German fixed word is left. The Erfassungsmappe is a German
 * workbook, so the report cites its sheets and column headings as they stand there; a message whose code we have
 * no sentence for keeps the MSC's own words.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { CheckMessage } from '@shared/msc/billing-input';
import { buildCheckReportPdf } from '@main/services/reports/check-report-pdf';
import { buildCheckReportWorkbook } from '@main/services/reports/check-report-xlsx';
import { reportFileName, type CheckReportInput } from '@main/services/reports/check-report-model';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { pdfPageCount, pdfTextLines } from '@test/unit/reports/pdf-text';

const MESSAGES: CheckMessage[] = [
  {
    type: 'WARNING',
    shortmessage: 'DATE_OUTSIDE_PERIOD',
    message: 'Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.',
    path: 'ancillaryinvoices[1].invoicedate',
  },
  {
    type: 'ERROR',
    shortmessage: 'LABOR_EXCEEDS_GROSS',
    message: 'Der Lohnanteil ist größer als der Bruttobetrag.',
    path: 'heatingsysteminvoices[0].laborgross',
  },
  // A code our catalog does not know: the MSC's own words stay.
  { type: 'INFO', shortmessage: 'CO2_SPLIT', message: 'Die CO2-Kosten werden nach Stufenmodell aufgeteilt.', path: '' },
  {
    type: 'ERROR',
    shortmessage: 'ALLOCATION_MISSING',
    message: 'Für den Schlüssel 035 fehlt ein Wert.',
    path: 'billingrecipients[2].allocations[0]',
  },
];

const INPUT: CheckReportInput = {
  messages: MESSAGES,
  context: {
    billingunit: '100200300',
    period: { from: '2025-01-01', to: '2025-12-31' },
    checkedAt: '2026-03-12T13:05:00Z',
    transactionid: 'tx-4711',
    action: 'VALIDATE',
  },
  submission: DRAFT,
  template: { ...TEMPLATE, co2configuration: { ...TEMPLATE.co2configuration, heatedarea: '500.00' } },
  language: 'en',
};

/** Words of the report's own German texts (report.json, archive and billing places) that English must not show. */
const GERMAN_WORDS = [
  'Prüfbericht',
  'Liegenschaft',
  'Abrechnungszeitraum',
  'Geprüft',
  'Uhr',
  'Art der Prüfung',
  'Testprüfung',
  'Ergebnis',
  'Fehler',
  'Warnung',
  'Hinweis',
  'Betrifft',
  'Eintrag',
  'Nutzer ',
  'Verteilerschlüssel',
  'Erfassungsmappe',
  'Zeile',
  'Spalte',
  'Rückfragen',
  'Seite',
  'Stufe',
  'Vermieter',
  'Wohnfläche',
  'Transaktions',
];

async function workbookRows(input: CheckReportInput): Promise<{ sheets: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildCheckReportWorkbook(input)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { sheets: wb.worksheets.map((w) => w.name), rows };
}

describe('check report in English, as Excel', () => {
  it('has English facts, column headings and messages, places in English words and en-GB numbers and dates', async () => {
    const { sheets, rows } = await workbookRows(INPUT);
    expect(sheets).toEqual(['Check report']);
    expect(rows.slice(0, 10)).toEqual([
      ['Check report property 100200300'],
      ['Property', '100200300'],
      ['Billing period', '01/01/2025 – 31/12/2025'],
      ['Checked on', '12 Mar 2026, 14:05'],
      ['Kind of check', 'Test check (nothing submitted)'],
      ['Transaction ID', 'tx-4711'],
      ['Result', '2 errors, 1 warning, 1 note'],
      [
        'CO2 cost split (preview)',
        'Tier 8 of 10 (42 to under 47 kg): 42.40 kg of CO2 per m² and year from 21,200 kg of CO2 of the fuel burnt (opening stock + deliveries - closing stock) on 500.00 m² of living area.',
      ],
      ['CO2 costs landlord / tenants', '70.0 % = €761.75 / 30.0 % = €326.47 (of €1,088.22)'],
      ['Kind', 'Message', 'Concerns', 'Sheet (entry workbook)', 'Row', 'Column', 'Code (for queries)'],
    ]);
    expect(rows.slice(10)).toEqual([
      [
        'Error',
        'The labour share exceeds the gross amount.',
        'Heating operating costs, entry 1: 221 Wartung Kessel, 12/03/2025, €1,234.56',
        'Heizungsbetriebskosten',
        2,
        'J (Lohnanteil brutto €)',
        'LABOR_EXCEEDS_GROSS',
      ],
      [
        'Error',
        'A distribution key in use has no value.',
        'Occupants and distribution values, entry 3: Occupant 0002, Öztürk, Ayşe, Partner P-1017, 01/07/2025–31/12/2025; distribution key 010 m² living area: 88.25',
        'Nutzer und Verteilwerte',
        4,
        'J (010 m² Wohnfläche)',
        'ALLOCATION_MISSING',
      ],
      [
        'Warning',
        'A date lies outside the billing period.',
        'Ancillary costs, entry 2: 242 Legionellenprüfung, 14/08/2025, €249.90',
        'Nebenkosten',
        3,
        'E (Rechnungsdatum)',
        'DATE_OUTSIDE_PERIOD',
      ],
      ['Note', 'Die CO2-Kosten werden nach Stufenmodell aufgeteilt.', 'Whole submission', '', '', '', 'CO2_SPLIT'],
    ]);
  });

  it('lists accepted warnings and says nothing is open, in English', async () => {
    const { rows } = await workbookRows({
      ...INPUT,
      messages: [],
      context: { ...INPUT.context, action: 'SEND_AND_IGNORE_WARNINGS' },
      acceptedWarnings: MESSAGES.filter((m) => m.type === 'WARNING'),
    });
    expect(rows).toContainEqual(['Kind of check', 'Binding submission, warnings overridden']);
    expect(rows).toContainEqual(['Result', 'No open messages; 1 warning accepted with the submission.']);
    expect(rows).toContainEqual(['Accepted warnings', '1 warning']);
    expect(rows.at(-1)?.slice(0, 2)).toEqual(['Accepted warning', 'A date lies outside the billing period.']);
  });
});

describe('check report in English, as PDF', () => {
  it('has English headings, places and page numbers and no German fixed word', async () => {
    const pdf = await buildCheckReportPdf(INPUT);
    const lines = pdfTextLines(pdf);
    expect(pdfPageCount(pdf)).toBe(1);
    for (const expected of [
      'Check report',
      'Errors (2)',
      'Warnings (1)',
      'Notes (1)',
      'The labour share exceeds the gross amount.',
      'Concerns: Heating operating costs, entry 1: 221 Wartung Kessel, 12/03/2025, €1,234.56',
      'Page 1 of 1',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Entry workbook: Heizungsbetriebskosten, row 2, column J (Lohnanteil brutto €) · Code for queries: LABOR_EXCEEDS_GROSS',
    );
    expect(text).toContain('Kostenbrücke · Check report property 100200300 · period to 31/12/2025');
    // Everything but the MSC's own words for an unknown code and the German workbook's names is English.
    const ours = text
      .replace('Die CO2-Kosten werden nach Stufenmodell aufgeteilt.', '')
      .replace(/Entry workbook: [^·]*·/g, '')
      .replace('Kostenbrücke', '');
    for (const word of GERMAN_WORDS) expect(ours, word).not.toContain(word);
  });

  it('says so in English when the check found nothing, and German stays the default', async () => {
    expect(pdfTextLines(await buildCheckReportPdf({ ...INPUT, messages: [] }))).toContain(
      'No messages: the check found nothing.',
    );
    const { language: _, ...german } = INPUT;
    expect(pdfTextLines(await buildCheckReportPdf({ ...german, messages: [] }))).toContain(
      'Keine Meldungen: die Prüfung war ohne Befund.',
    );
  });

  it('names the file in the clerk’s language', () => {
    expect(reportFileName('100200300', '2025-12-31', 'en')).toBe('Check report 100200300 to 2025-12-31');
    expect(reportFileName('100200300', '2025-12-31')).toBe('Prüfbericht 100200300 bis 2025-12-31');
  });
});
