import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { CheckMessage } from '@shared/msc/billing-input';
import { buildCheckReportPdf, toWinAnsi } from '@main/services/reports/check-report-pdf';
import { buildCheckReportWorkbook } from '@main/services/reports/check-report-xlsx';
import type { CheckReportInput } from '@main/services/reports/check-report-model';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { modelFacts } from '@main/services/reports/check-report-figures';
import { reportText } from '@main/services/reports/report-text';
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
      [
        'CO2-Kostenaufteilung (Vorschau)',
        '21.200 kg CO2 aus dem verbrauchten Brennstoff; die Wohnfläche fehlt, daher keine Stufe.',
      ],
      ['Art', 'Meldung', 'Betrifft', 'Blatt (Erfassungsmappe)', 'Zeile', 'Spalte', 'Code (für Rückfragen)'],
    ]);
    expect(rows.slice(9)).toEqual([
      [
        'Fehler',
        'Der Lohnanteil ist größer als der Bruttobetrag.',
        'Heizungsbetriebskosten, Eintrag 1: 221 Wartung Kessel, 12.03.2025, 1.234,56 €',
        'Heizungsbetriebskosten',
        2,
        'J (Lohnanteil brutto €)',
        'LABOR_EXCEEDS_GROSS',
      ],
      [
        'Fehler',
        'Für den Schlüssel 035 fehlt ein Wert.',
        'Nutzer und Verteilwerte, Eintrag 3: Nutzer 0002, Öztürk, Ayşe, Partner P-1017, 01.07.2025–31.12.2025; Verteilerschlüssel 010 m² Wohnfläche: 88,25',
        'Nutzer und Verteilwerte',
        4,
        'J (010 m² Wohnfläche)',
        'ALLOCATION_MISSING',
      ],
      [
        'Warnung',
        'Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.',
        'Nebenkosten, Eintrag 2: 242 Legionellenprüfung, 14.08.2025, 249,90 €',
        'Nebenkosten',
        3,
        'E (Rechnungsdatum)',
        'DATE_OUTSIDE_PERIOD',
      ],
      ['Hinweis', 'Die CO2-Kosten werden nach Stufenmodell aufgeteilt.', 'Gesamte Übermittlung', '', '', '', 'CO2_SPLIT'],
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
      'Der Lohnanteil ist größer als der Bruttobetrag.',
      'Betrifft: Heizungsbetriebskosten, Eintrag 1: 221 Wartung Kessel, 12.03.2025, 1.234,56 €',
      'Seite 1 von 1',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(
      'Erfassungsmappe: Heizungsbetriebskosten, Zeile 2, Spalte J (Lohnanteil brutto €) · Code für Rückfragen: LABOR_EXCEEDS_GROSS',
    );
    const order = ['Fehler (2)', 'Warnungen (1)', 'Hinweise (1)'].map((h) => lines.indexOf(h));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(lines.join('\n')).toContain('Öztürk, Ayse');
  });

  it('names places and kinds in words: no JSON path, no code as the message (issue 19, item 8)', async () => {
    const technical: CheckMessage[] = [
      {
        type: 'ERROR',
        shortmessage: 'ENERGYMIX_SUM',
        message: 'Die Anteile im Energiemix ergeben 90,0 % statt 100,0 % (energysources[0].deliveries[0].energymix).',
        path: 'energysources[0].deliveries[0].energymix',
      },
      {
        type: 'ERROR',
        shortmessage: 'SCHEMA_INVALID',
        message: 'energysources[0].slot: Zahl erwartet',
        path: 'energysources[0].slot',
      },
      {
        type: 'WARNING',
        shortmessage: 'SIDECOSTS_HIGH',
        message: 'Die Nebenkosten sind ungewöhnlich hoch.',
        path: 'heatingsysteminvoices',
      },
    ];
    const lines = pdfTextLines(await buildCheckReportPdf({ ...INPUT, messages: technical }));
    const text = lines.join('\n');
    expect(text).not.toMatch(/[a-z]+\[\d+\]/);
    expect(text).not.toContain('Stelle: heatingsysteminvoices');
    expect(lines.filter((l) => /^[A-Z][A-Z0-9]*_[A-Z0-9_]+/.test(l))).toEqual([]);
    expect(text).toContain('Betrifft: Brennstoff 1 (111 Leichtes Heizöl in Liter), Lieferung 1, Energiemix');
    expect(text).toContain('Die Anteile im Energiemix ergeben 90,0 % statt 100,0 %.');
    expect(text).toContain('Zahl erwartet');
    expect(text).toContain('Betrifft: Heizungsbetriebskosten');
    expect(text).toContain('Code für Rückfragen: SIDECOSTS_HIGH');
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
      'Akzeptierte Warnung',
      'Das Rechnungsdatum liegt außerhalb des Abrechnungszeitraums.',
      'Nebenkosten, Eintrag 2: 242 Legionellenprüfung, 14.08.2025, 249,90 €',
      'Nebenkosten',
      3,
      'E (Rechnungsdatum)',
      'DATE_OUTSIDE_PERIOD',
    ]);
  });

  it('lists the accepted warnings in the PDF under their own heading', async () => {
    const lines = pdfTextLines(await buildCheckReportPdf(ACCEPTING));
    expect(lines).toContain('Akzeptierte Warnungen (1)');
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
    // Fuel burnt: the opening 3.000 l × 2,65 = 7.950 kg (45 €/t of 2024 + 19 % = 425,72 €) and the first delivery's
    // 13.250 kg (662,50 €); the closing 1.200,5 l are the later delivery's. 21.200 kg on 500 m²: 42,4 kg/m²/a →
    // tier 8 (42 to under 47 kg), landlord 70 % of 1.088,22 €.
    expect(facts.get('CO2-Kostenaufteilung (Vorschau)')).toBe(
      'Stufe 8 von 10 (42 bis unter 47 kg): 42,40 kg CO2 je m² und Jahr aus 21.200 kg CO2 des verbrauchten Brennstoffs (Anfangsbestand + Lieferungen - Endbestand) auf 500,00 m² Wohnfläche.',
    );
    expect(facts.get('CO2-Kosten Vermieter / Mieter')).toBe('70,0 % = 761,75 € / 30,0 % = 326,47 € (von 1.088,22 €)');
  });

  it('prints the same lines in the PDF', async () => {
    const text = pdfTextLines(await buildCheckReportPdf(withArea)).join(' ');
    expect(text).toContain('Stufe 8 von 10');
    expect(text).toContain('761,75');
  });
});

describe('hot water and supply periods in the check report', () => {
  const [oil, power] = DRAFT.energysources;
  if (!oil || !power) throw new Error('the fixture has two fuels');
  const withModel: CheckReportInput = {
    ...INPUT,
    template: { ...TEMPLATE, hotwater: { method: '370' } },
    submission: {
      ...DRAFT,
      hotwater: { temperature: '55.00', volume: '1234.5', meterstart: '100.000', meterend: '1334.500' },
      // Oil heated until the heat pump took over in July; hot water came from oil all year.
      energysources: [
        { ...oil, supply: { heating1: { from: '2025-01-01', to: '2025-06-30' } } },
        {
          ...power,
          supply: {
            heating1: { from: '2025-07-01', to: '2025-12-31' },
            hotwater1: { from: '2025-11-01', to: '2025-11-30' },
            hotwater2: { from: '2025-12-01', to: '2025-12-31' },
          },
        },
      ],
    },
  };
  const HOT_WATER_DE =
    'Verfahren 370 – 2,5 kWh/(m³·K) × V × (tw − 10 °C): mittlere Temperatur 55,00 °C; Warmwassermenge 1.234,500 m³; Warmwasserzähler Anfangsstand 100,000 m³, Endstand 1.334,500 m³';

  it('lists the agreed method, temperature, volume and meter readings, and when each fuel supplied what, in the Excel facts', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildCheckReportWorkbook(withModel)) as unknown as ArrayBuffer);
    const facts = new Map<string, string>();
    wb.getWorksheet('Prüfbericht')?.eachRow((r) => {
      const [k, v] = (r.values as unknown[]).slice(1);
      if (typeof k === 'string' && typeof v === 'string') facts.set(k, v);
    });
    expect(facts.get('Warmwasser (HeizkostenV §9)')).toBe(HOT_WATER_DE);
    expect(facts.get('Versorgung Brennstoff 1')).toBe(
      '111 Leichtes Heizöl in Liter – Heizung: 01.01.2025 – 30.06.2025; Warmwasser: ganzer Abrechnungszeitraum',
    );
    expect(facts.get('Versorgung Brennstoff 2')).toBe(
      '206 Strom für Wärmepumpe in kWh – Heizung: 01.07.2025 – 31.12.2025; Warmwasser: 01.11.2025 – 30.11.2025 und 01.12.2025 – 31.12.2025',
    );
  });

  it('prints the same in the PDF', async () => {
    const text = pdfTextLines(await buildCheckReportPdf(withModel))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Warmwasser (HeizkostenV §9)');
    // The standard fonts have no "−"; the real report embeds DejaVu Sans.
    expect(text).toContain(HOT_WATER_DE.replace('−', '?'));
    expect(text).toContain('Versorgung Brennstoff 1');
    expect(text).toContain(
      '111 Leichtes Heizöl in Liter – Heizung: 01.01.2025 – 30.06.2025; Warmwasser: ganzer Abrechnungszeitraum',
    );
  });

  it('has the same lines in English', () => {
    expect(modelFacts(withModel.submission, withModel.template, reportText('en'))).toEqual([
      [
        'Hot water (HeizkostenV §9)',
        'method 370 – 2.5 kWh/(m³·K) × V × (tw − 10 °C): mean temperature 55.00 °C; hot-water volume 1,234.500 m³; hot-water meter initial reading 100.000 m³, final reading 1,334.500 m³',
      ],
      [
        'Supply fuel 1',
        '111 Light heating oil in litres – heating: 01/01/2025 – 30/06/2025; hot water: the whole billing period',
      ],
      [
        'Supply fuel 2',
        '206 Heat pump electricity in kWh – heating: 01/07/2025 – 31/12/2025; hot water: 01/11/2025 – 30/11/2025 and 01/12/2025 – 31/12/2025',
      ],
    ]);
  });

  it('names a flat-rate share, says when figures are missing, and adds no supply lines when every fuel served all year', () => {
    const flat = modelFacts({ ...DRAFT, hotwater: { flatrate: '18.0' } }, { ...TEMPLATE, hotwater: { method: '322' } });
    expect(flat).toEqual([
      ['Warmwasser (HeizkostenV §9)', 'Verfahren 322 – Pauschale lt. Angabe der Hausverwaltung: pauschaler Anteil 18,0 %'],
    ]);
    expect(modelFacts(DRAFT, { ...TEMPLATE, hotwater: { method: '370' } }, reportText('en'))).toEqual([
      ['Hot water (HeizkostenV §9)', 'method 370 – 2.5 kWh/(m³·K) × V × (tw − 10 °C): no hot-water figures'],
    ]);
    expect(modelFacts(DRAFT, { ...TEMPLATE, hotwater: { method: '322' } }, reportText('en'))).toEqual([
      ['Hot water (HeizkostenV §9)', 'method 322 – Flat rate as stated by the property manager: no hot-water figures'],
    ]);
    expect(modelFacts(DRAFT, TEMPLATE)).toEqual([]);
  });
});
