/**
 * The code tables against the standard, transcribed here by hand from the sources named in shared/domain/codes.ts:
 * ARGE FHW Standard-Datenaustausch V3.05 §11 (the PDF in me-software/ArgeHeiwako.NET) and, for table M, the price
 * brakes and the newer fuels, the V3.10 appendix. A wrong or swapped label fails here with its key.
 */
import { describe, expect, it } from 'vitest';
import {
  COST_TYPES,
  DISTRIBUTION_UNITS,
  ENERGY_SOURCES,
  FUELS,
  MSC_COMPANIES,
  TAX_SERVICE_TYPES,
  costTypeOf,
  fuelOf,
  labelOf,
} from '@shared/domain/codes';

/** Table B, §11.2 (V3.05) and 154, 206, 211 (V3.10). */
const B: readonly [string, string][] = [
  ['111', 'Leichtes Heizöl in Liter'],
  ['112', 'Leichtes Heizöl in kg'],
  ['123', 'Holzpellets in kg'],
  ['133', 'Erdgas L (leicht) in m³'],
  ['134', 'Erdgas L (leicht) in kWh'],
  ['135', 'Erdgas L (leicht) in MWh'],
  ['142', 'Nahwärme in kWh'],
  ['143', 'Nahwärme in MWh'],
  ['144', 'Fernwärme in kWh'],
  ['145', 'Fernwärme in MWh'],
  ['151', 'Flüssiggas in Liter'],
  ['152', 'Flüssiggas in kg'],
  ['154', 'Flüssiggas in kWh'],
  ['164', 'Strom in kWh'],
  ['165', 'Strom in MWh'],
  ['193', 'Erdgas H (schwer) in m³'],
  ['194', 'Erdgas H (schwer) in kWh'],
  ['195', 'Erdgas H (schwer) in MWh'],
  ['199', 'Holzhackschnitzel in SRm'],
  ['201', 'Schweres Heizöl in Liter'],
  ['204', 'Bio-Gas in m³'],
  ['205', 'Bio-Gas in kWh'],
  ['206', 'Strom für Wärmepumpe in kWh'],
  ['211', 'Holzhackschnitzel in kg'],
];

/** Table K, §11.5 (V3.05) and 248, 249, 400, 901–912 (V3.10). */
const K: readonly [string, string][] = [
  ['050', 'Arbeitspreis Raumheizung'],
  ['051', 'Netzverlust Raumheizung'],
  ['052', 'Grundpreis Raumheizung'],
  ['053', 'Mengenpreis Raumheizung'],
  ['059', 'Arbeitspreis Warmwasser'],
  ['060', 'Grundpreis Warmwasser'],
  ['061', 'Mengenpreis Warmwasser'],
  ['200', 'Anfangsstand'],
  ['201', 'Lieferung / Rechnung'],
  ['202', 'Restbestand'],
  ['220', 'Betriebsstrom'],
  ['221', 'Wartungskosten'],
  ['222', 'Bedienungskosten'],
  ['223', 'Reinigungskosten'],
  ['224', 'Immissionsmessung'],
  ['225', 'Kaminfeger'],
  ['226', 'Tankreinigung'],
  ['227', 'Servicekosten der Messdienstfirma'],
  ['228', 'variables Textfeld HZG + WW'],
  ['229', 'Brennerwartung'],
  ['236', 'Kosten Frisch- und Abwasser'],
  ['237', 'Kosten Frischwasser'],
  ['238', 'Kosten Abwasser'],
  ['239', 'Kosten Oberflächenentwässerung'],
  ['240', 'Kaltwasser Betrag'],
  ['241', 'Kaltwasser Preis/m³'],
  ['242', 'variables Textfeld BKA'],
  ['243', 'Eichgebühr Kaltwasser'],
  ['247', 'Trinkwasserprüfung'],
  ['254', 'variables Textfeld direktzugeordnete Nebenkosten'],
  ['300', 'Gerätemiete Heizkostenverteiler'],
  ['301', 'Gerätemiete Warmwasserzähler'],
  ['302', 'Gerätemiete Wärmemengenzähler'],
  ['303', 'Gerätemiete Kaltwasserzähler'],
  ['308', 'Gerätemiete Rauchwarnmelder'],
  ['309', 'Gerätewartung Rauchwarnmelder'],
  ['310', 'Funktionsprüfung Rauchwarnmelder'],
  ['311', 'variables Textfeld Rauchwarnmelder'],
  ['400', 'Allgemeinstrom (nur Hausnebenkosten/Betriebskosten)'],
  ['901', 'Preisbremse Erdgas/Wärme (nach EWPBG)'],
  ['902', 'Staatliche Hilfe Öl/Pellets/Flüssiggas'],
  ['910', 'Preisbremse Strom/Heizenergie (nach StromPBG)'],
  ['911', 'Preisbremse Strom/Betriebsstrom (nach StromPBG)'],
  ['912', 'Preisbremse Strom/Allgemeinstrom (nach StromPBG)'],
];

/** Table E, §11.3. */
const E: readonly [string, string][] = [
  ['005', 'kWh'],
  ['010', 'm² Wohnfläche'],
  ['011', 'm² beheizte Wohnfläche'],
  ['016', 'Miteigentumsanteil'],
  ['017', 'm² Nutzfläche'],
  ['022', 'Wohnung'],
  ['030', 'Verbrauchseinheiten (VE)'],
  ['034', 'Personen x Monate'],
  ['035', 'Personen'],
  ['040', 'Prozent'],
  ['043', 'Tage'],
  ['046', 'Anzahl Rauchwarnmelder'],
];

/** Table M (V3.10). */
const M: readonly [string, string][] = [
  ['01', 'Braunkohle'],
  ['02', 'Steinkohle'],
  ['03', 'Erdöl/Heizöl'],
  ['04', 'Erdgas'],
  ['05', 'Kernenergie'],
  ['06', 'Erneuerbare Energien'],
  ['99', 'Sonstige'],
];

/** Table U, §11.9. */
const U: readonly [string, string][] = [
  ['30', 'Techem, Eschborn'],
  ['31', 'Brunata, Hamburg'],
  ['32', 'Brunata, Köln'],
  ['33', 'Brunata-Minol, Stuttgart'],
  ['34', 'Brunata, München'],
  ['40', 'ista Deutschland GmbH, Essen'],
  ['41', 'Kalorimeta, Hamburg'],
  ['77', 'Semeco, Flensburg'],
];

describe.each([
  ['B fuels', FUELS, B],
  ['K cost types', COST_TYPES, K],
  ['E distribution units', DISTRIBUTION_UNITS, E],
  ['M energy sources', ENERGY_SOURCES, M],
  ['U measuring service companies', MSC_COMPANIES, U],
] as const)('table %s', (_name, table, expected) => {
  it.each(expected)('%s is „%s“', (code, label) => {
    expect(labelOf(table, code)).toBe(label);
  });
});

describe('table L: tax service types (§11.6, periods from 2009)', () => {
  it('has exactly 00, 11, 12 and 13; "10" is no code of the standard', () => {
    expect(TAX_SERVICE_TYPES.map((t) => t.code)).toEqual(['00', '11', '12', '13']);
  });

  it('names the paragraph of §35a EStG each key stands for; only 00 needs no labour share', () => {
    const byCode = new Map(TAX_SERVICE_TYPES.map((t) => [t.code, t]));
    expect(byCode.get('00')).toMatchObject({ label: 'keine steuerliche Leistungsart', laborRequired: false });
    expect(byCode.get('11')?.label).toContain('§ 35a Abs. 1 EStG');
    expect(byCode.get('12')?.label).toContain('§ 35a Abs. 2 EStG');
    expect(byCode.get('13')).toMatchObject({ label: 'Handwerkerleistungen (§ 35a Abs. 3 EStG)', laborRequired: true });
  });
});

describe('what the standard says about the keys', () => {
  it('K record field 6 refuses 200 and 202 (opening and closing stock); 201 is the delivery under the fuel', () => {
    expect(costTypeOf('200')).toMatchObject({ section: 'fuel', forbidden: true });
    expect(costTypeOf('202')).toMatchObject({ section: 'fuel', forbidden: true });
    expect(costTypeOf('201')).toMatchObject({ section: 'fuel', forbidden: false });
  });

  it('K record field 7 carries the free text of 228 and 242', () => {
    expect(costTypeOf('228')).toMatchObject({ section: 'heating', textRequired: true });
    expect(costTypeOf('242')).toMatchObject({ section: 'ancillary', textRequired: true });
  });

  it('water, smoke alarms and common-area electricity are ancillary costs; heating devices are heating costs', () => {
    for (const code of ['236', '237', '238', '239', '247', '303', '310', '400', '912']) {
      expect(costTypeOf(code)?.section, code).toBe('ancillary');
    }
    for (const code of ['220', '221', '222', '223', '224', '225', '226', '300', '301', '302', '901', '910', '911']) {
      expect(costTypeOf(code)?.section, code).toBe('heating');
    }
  });

  it('district and local heating are CO2-relevant without being burnt on site; biogas, wood and electricity are not', () => {
    for (const code of ['142', '144']) expect(fuelOf(code), code).toMatchObject({ co2Relevant: true, fossil: false });
    for (const code of ['111', '133', '152', '194'])
      expect(fuelOf(code), code).toMatchObject({ co2Relevant: true, fossil: true });
    for (const code of ['123', '164', '199', '204']) expect(fuelOf(code), code).toMatchObject({ co2Relevant: false });
  });

  it('each fuel carries the unit its label names', () => {
    const units: readonly [string, string][] = [
      ['111', 'L'],
      ['133', 'M3'],
      ['135', 'MWH'],
      ['136', 'GJ'],
      ['152', 'KG'],
      ['124', 'T'],
      ['197', 'STER'],
      ['199', 'SRM'],
    ];
    for (const [code, unit] of units) expect(fuelOf(code)?.unit, code).toBe(unit);
  });
});
