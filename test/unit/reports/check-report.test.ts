import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { CheckMessage } from '@shared/msc/billing-input';
import { buildCheckReportPdf, toWinAnsi } from '@main/services/reports/check-report-pdf';
import { buildCheckReportWorkbook } from '@main/services/reports/check-report-xlsx';
import type { CheckReportInput } from '@main/services/reports/check-report-model';
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
  template: TEMPLATE,
};

describe('check report as Excel', () => {
  it('has the facts and one row per message, errors first, with what each path concerns', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildCheckReportWorkbook(INPUT)) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Prüfbericht');
    if (!ws) throw new Error('no sheet');
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.slice(0, 9)).toEqual([
      ['Prüfbericht Liegenschaft 100200300'],
      ['Liegenschaft', '100200300'],
      ['Abrechnungszeitraum', '01.01.2025 – 31.12.2025'],
      ['Geprüft am', '12.03.2026, 14:05 Uhr'],
      ['Art der Prüfung', 'Testprüfung (nichts übermittelt)'],
      ['Transaktions-ID', 'tx-4711'],
      ['Ergebnis', '2 Fehler, 1 Warnung, 1 Hinweis'],
      ['CO2-Kostenaufteilung (Vorschau)', '13.250 kg CO2 gemeldet; die beheizte Wohnfläche fehlt, daher keine Stufe.'],
      ['Code', 'Art', 'Meldung', 'Stelle', 'Blatt (Erfassungsmappe)', 'Zeile', 'Spalte', 'Betrifft'],
    ]);
    expect(rows.slice(9)).toEqual([
      [
        'LABOR_EXCEEDS_GROSS',
        'Fehler',
        'Der Lohnanteil ist größer als der Bruttobetrag.',
        'heatingsysteminvoices[0].laborgross',
        'Heizungsbetriebskosten',
        2,
        'J (Lohnanteil brutto €)',
        'Heizungsbetriebskosten, Eintrag 1: 221 Wartung Kessel, 12.03.2025, 1.234,56 €',
      ],
      [
        'ALLOCATION_MISSING',
        'Fehler',
        'Für den Schlüssel 035 fehlt ein Wert.',
        'billingrecipients[2].allocations[0]',
        'Nutzer und Verteilwerte',
        4,
        'J (010 m² Wohnfläche)',
        'Nutzer und Verteilwerte, Eintrag 3: Nutzer 0002, Öztürk, Ayşe, Partner P-1017, 01.07.2025–31.12.2025; Verteilerschlüssel 010 m² Wohnfläche: 88,25',
      ],
      [
        'DATE_OUTSIDE_PERIOD',
        'Warnung',
        'Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.',
        'ancillaryinvoices[1].invoicedate',
        'Nebenkosten',
        3,
        'E (Rechnungsdatum)',
        'Nebenkosten, Eintrag 2: 242 Legionellenprüfung, 14.08.2025, 249,90 €',
      ],
      ['CO2_SPLIT', 'Hinweis', 'Die CO2-Kosten werden nach Stufenmodell aufgeteilt.', '', '', '', '', 'Gesamte Übermittlung'],
    ]);
  });
});

describe('check report as PDF', () => {
  it('shows unit, period, time, transaction id and the messages grouped by type, with page numbers', async () => {
    const pdf = await buildCheckReportPdf(INPUT);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const lines = pdfTextLines(pdf);
    for (const expected of [
      'Prüfbericht',
      '100200300',
      '01.01.2025 – 31.12.2025',
      '12.03.2026, 14:05 Uhr',
      'tx-4711',
      'Fehler (2)',
      'Warnungen (1)',
      'Hinweise (1)',
      'LABOR_EXCEEDS_GROSS · Fehler',
      'Der Lohnanteil ist größer als der Bruttobetrag.',
      'Betrifft: Heizungsbetriebskosten, Eintrag 1: 221 Wartung Kessel, 12.03.2025, 1.234,56 €',
      'Stelle: heatingsysteminvoices[0].laborgross · Erfassungsmappe: Heizungsbetriebskosten, Zeile 2, Spalte J (Lohnanteil brutto €)',
      'Seite 1 von 1',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    const order = ['Fehler (2)', 'Warnungen (1)', 'Hinweise (1)'].map((h) => lines.indexOf(h));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(lines.join('\n')).toContain('Öztürk, Ayse');
  });

  it('runs over several pages and numbers each', async () => {
    const many = Array.from({ length: 40 }, (_, i): CheckMessage => ({
      type: 'WARNING',
      shortmessage: 'DUPLICATE_INVOICE',
      message: `Rechnung ${String(i + 1)} kommt doppelt vor.`,
      path: 'ancillaryinvoices[0]',
    }));
    const pdf = await buildCheckReportPdf({ ...INPUT, messages: many });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const lines = pdfTextLines(pdf);
    for (let p = 1; p <= pages; p++) expect(lines).toContain(`Seite ${String(p)} von ${String(pages)}`);
    expect(lines).toContain('Rechnung 40 kommt doppelt vor.');
  });

  it('says so when the check found nothing', async () => {
    const lines = pdfTextLines(await buildCheckReportPdf({ ...INPUT, messages: [] }));
    expect(lines).toContain('Keine Meldungen: die Prüfung war ohne Befund.');
  });

  it('keeps German text and transliterates what the standard fonts cannot show', () => {
    expect(toWinAnsi('Größe „Müller“ – 1.234,56 € m²')).toBe('Größe „Müller“ – 1.234,56 € m²');
    expect(toWinAnsi('Ayşe Łukasz Đorđe')).toBe('Ayse Lukasz Dorde');
    expect(toWinAnsi('中')).toBe('?');
  });
});

describe('check report of a submission that accepted warnings', () => {
  const ACCEPTING: CheckReportInput = {
    ...INPUT,
    messages: [],
    context: { ...INPUT.context, action: 'SEND_AND_IGNORE_WARNINGS' },
    acceptedWarnings: MESSAGES.filter((m) => m.type === 'WARNING'),
  };

  it('lists the accepted warnings in the Excel report', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildCheckReportWorkbook(ACCEPTING)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Prüfbericht')?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Art der Prüfung', 'Verbindliche Übermittlung, Warnungen übergangen']);
    expect(rows).toContainEqual(['Ergebnis', 'Keine offenen Meldungen; 1 Warnung bei der Übermittlung akzeptiert.']);
    expect(rows).toContainEqual(['Akzeptierte Warnungen', '1 Warnung']);
    expect(rows.at(-1)).toEqual([
      'DATE_OUTSIDE_PERIOD',
      'Akzeptierte Warnung',
      'Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.',
      'ancillaryinvoices[1].invoicedate',
      'Nebenkosten',
      3,
      'E (Rechnungsdatum)',
      'Nebenkosten, Eintrag 2: 242 Legionellenprüfung, 14.08.2025, 249,90 €',
    ]);
  });

  it('lists the accepted warnings in the PDF under their own heading', async () => {
    const lines = pdfTextLines(await buildCheckReportPdf(ACCEPTING));
    expect(lines).toContain('Akzeptierte Warnungen (1)');
    expect(lines).toContain('DATE_OUTSIDE_PERIOD · Akzeptierte Warnung');
    expect(lines).toContain('Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.');
    expect(lines.indexOf('Akzeptierte Warnungen (1)')).toBeGreaterThan(
      lines.indexOf('Keine offenen Meldungen; 1 Warnung bei der Übermittlung akzeptiert.'),
    );
  });

  it('has no such section when nothing was accepted', async () => {
    const lines = pdfTextLines(await buildCheckReportPdf({ ...ACCEPTING, acceptedWarnings: [] }));
    expect(lines.some((l) => l.startsWith('Akzeptierte Warnungen'))).toBe(false);
  });
});

describe('CO2 cost split preview in the check report', () => {
  const withArea = {
    ...INPUT,
    template: { ...TEMPLATE, co2configuration: { ...TEMPLATE.co2configuration, heatedarea: '500.00' } },
  };

  it('names tier, kg per m² and both shares in the Excel facts', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildCheckReportWorkbook(withArea)) as unknown as ArrayBuffer);
    const facts = new Map<string, string>();
    wb.getWorksheet('Prüfbericht')?.eachRow((r) => {
      const [k, v] = (r.values as unknown[]).slice(1);
      if (typeof k === 'string' && typeof v === 'string') facts.set(k, v);
    });
    // 13.250 kg on 500 m²: 26,5 kg/m²/a → tier 4 (22 to under 27 kg), landlord 30 % of 662,50 €.
    expect(facts.get('CO2-Kostenaufteilung (Vorschau)')).toBe(
      'Stufe 4 von 10 (22 bis unter 27 kg): 26,50 kg CO2 je m² und Jahr aus 13.250 kg CO2 auf 500,00 m² beheizter Wohnfläche.',
    );
    expect(facts.get('CO2-Kosten Vermieter / Mieter')).toBe('30,0 % = 198,75 € / 70,0 % = 463,75 € (von 662,50 €)');
  });

  it('prints the same lines in the PDF', async () => {
    const text = pdfTextLines(await buildCheckReportPdf(withArea)).join(' ');
    expect(text).toContain('Stufe 4 von 10');
    expect(text).toContain('198,75');
  });
});
