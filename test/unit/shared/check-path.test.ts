import { describe, expect, it } from 'vitest';
import { describeCheckPath, parsePath } from '@shared/domain/check-path';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';

const about = (path: string): string => describeCheckPath(path, DRAFT, TEMPLATE);

describe('describing the row a check path points to', () => {
  it('parses the contract’s path notation', () => {
    expect(parsePath('energysources[0].deliveries[1].energymix')).toEqual(['energysources', 0, 'deliveries', 1, 'energymix']);
    expect(parsePath('')).toEqual([]);
  });

  it('invoices: section, row, cost type with text, date and amount', () => {
    expect(about('heatingsysteminvoices[0].amounts')).toBe(
      'Heizungsbetriebskosten, Eintrag 1: 221 Wartung Kessel, 12.03.2025, 1.234,56 €',
    );
    expect(about('heatingsysteminvoices[1]')).toBe('Heizungsbetriebskosten, Eintrag 2: 220 Betriebsstrom, 31.12.2025, 630,00 €');
    expect(about('ancillaryinvoices[1].invoicedate')).toBe(
      'Nebenkosten, Eintrag 2: 242 Legionellenprüfung, 14.08.2025, 249,90 €',
    );
  });

  it('fuels: by their place in words, never “Slot” (issue 19, item 8), deliveries with the field, quantity and unit, stocks', () => {
    expect(about('energysources[0].deliveries[0].energymix')).toMatch(
      /^Brennstoff 1 \(111 Leichtes Heizöl in Liter\), Lieferung 1, Energiemix/,
    );
    expect(about('energysources[0].deliveries[0].amounts.netamount')).toMatch(/, Lieferung 1, Nettobetrag: /);
    expect(about('energysources[0].deliveries[1].energymix')).toBe(
      'Brennstoff 1 (111 Leichtes Heizöl in Liter), Lieferung 2, Energiemix: 02.10.2025, 2.500,000 l, 2.612,50 €',
    );
    expect(about('energysources[1].deliveries[0]')).toBe(
      'Brennstoff 2 (206 Strom für Wärmepumpe in kWh), Lieferung 1: 31.12.2025, 4.200,000 kWh, 1.234,56 €',
    );
    expect(about('energysources[0].closingstock.quantity')).toBe(
      'Brennstoff 1: 111 Leichtes Heizöl in Liter, Endbestand 31.12.2025, 1.200,500 l, 1.140,48 €',
    );
    expect(about('energysources[1].openingstock')).toBe('Brennstoff 2: 206 Strom für Wärmepumpe in kWh, Anfangsbestand (fehlt)');
  });

  it('recipients: unit, name from the template, partner, period, and the distribution value', () => {
    expect(about('billingrecipients[2].allocations[0]')).toBe(
      'Nutzer und Verteilwerte, Eintrag 3: Nutzer 0002, Öztürk, Ayşe, Partner P-1017, 01.07.2025–31.12.2025; Verteilerschlüssel 010 m² Wohnfläche: 88,25',
    );
    expect(about('billingrecipients[0].prepayments.heating')).toBe(
      'Vorauszahlungen, Eintrag 1: Nutzer 0001 (WE-0815/01), Müller, Anna, Partner P-1001, 01.01.2025–31.12.2025',
    );
  });

  it('falls back to the section when the row is not there or no submission is known', () => {
    expect(about('heatingsysteminvoices[9].amounts')).toBe('Heizungsbetriebskosten, Eintrag 10');
    expect(describeCheckPath('billingrecipients[1]')).toBe('Nutzer und Verteilwerte, Eintrag 2');
    expect(about('')).toBe('Gesamte Übermittlung');
    expect(about('expectedvat')).toBe('Kopfdaten: Umsatzsteuer (brutto/netto)');
    expect(about('energysources')).toBe('Brennstoffe und Bestände');
    expect(about('something.else')).toBe('something.else');
    expect(about('co2configuration.heatedarea')).toBe('CO2-Angaben der Liegenschaft');
  });
});
