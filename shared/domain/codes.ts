/**
 * Code tables of the ARGE HeiWaKo / bved exchange as typed constants with German labels. Schemas, plausibility
 * rules, Excel dropdowns and the UI all read from here, so a code exists in exactly one place.
 *
 * Sources (docs/domain-codes.md says more about them):
 * - [V3.05] ARGE FHW "Standard-Datenaustausch" Version 3.05 (June 2014), section 11 "Tabellen der
 *   Verschlüsselungen im Datenaustausch"; a public copy is `docs/2014-06-01_arge_fhw_standard_305.pdf` in the
 *   GitHub repository me-software/ArgeHeiwako.NET.
 * - [V3.10] the appendix "Referenzierte Schlüsseltabellen (Version 3.10)" as transcribed in the GitHub repository
 *   jankstar/jankstar_real_estate, `bved_records.py`: table M, price brakes, newer fuels.
 * Labels are the standard's wording, its typos fixed (`m3` → `m³`, "Potsdamm", "Herodsberg", "Muehltal").
 * Anything else is marked "ours".
 * test/unit/shared/codes-standard.test.ts checks the tables against the standard.
 */

type CodeTable<T extends { code: string; label: string }> = readonly T[];

function codesOf(table: readonly { code: string }[]): [string, ...string[]] {
  const codes = table.map((e) => e.code);
  if (codes.length === 0) throw new Error('empty code table');
  return codes as [string, ...string[]];
}

/** Quantity units of fuels; the codes are ours (the standard puts the unit into the fuel's label). */
export const QUANTITY_UNITS = [
  { code: 'L', label: 'Liter' },
  { code: 'KG', label: 'Kilogramm' },
  { code: 'T', label: 'Tonnen' },
  { code: 'KWH', label: 'Kilowattstunden' },
  { code: 'MWH', label: 'Megawattstunden' },
  { code: 'GJ', label: 'Gigajoule' },
  { code: 'M3', label: 'Kubikmeter' },
  { code: 'STER', label: 'Ster' },
  { code: 'SRM', label: 'Schüttraummeter' },
] as const satisfies CodeTable<{ code: string; label: string }>;
export const QUANTITY_UNIT_CODES = codesOf(QUANTITY_UNITS);
type QuantityUnit = (typeof QUANTITY_UNITS)[number]['code'];

/**
 * Table B: fuels — [V3.05] §11.2; 154 and 206–211 from [V3.10]. (The V3.05 history names "150 Flüssiggas in kWh",
 * its table does not; V3.10 lists LPG in kWh as 154, which we follow.) The flags are ours:
 * - `stored`: kept in a tank or store on site, so the period needs opening and closing stock (B fields 10–17);
 * - `fossil`: burnt on site and priced under the BEHG, so a delivery needs its own CO2 figures (emission factor);
 * - `co2Relevant`: its CO2 cost is split between landlord and tenants under the CO2KostAufG — the fossil fuels plus
 *   local and district heating (142–148), whose supplier states the CO2 cost on the invoice.
 */
type Fuel = { code: string; label: string; unit: QuantityUnit; stored: boolean; fossil: boolean; co2Relevant: boolean };
const storedFossil = { stored: true, fossil: true, co2Relevant: true } as const;
const pipedFossil = { stored: false, fossil: true, co2Relevant: true } as const;
const networkHeat = { stored: false, fossil: false, co2Relevant: true } as const;
const storedRenewable = { stored: true, fossil: false, co2Relevant: false } as const;
const pipedRenewable = { stored: false, fossil: false, co2Relevant: false } as const;
export const FUELS = [
  { code: '111', label: 'Leichtes Heizöl in Liter', unit: 'L', ...storedFossil },
  { code: '112', label: 'Leichtes Heizöl in kg', unit: 'KG', ...storedFossil },
  { code: '119', label: 'Leichtes Heizöl lt. Uhr', unit: 'L', ...storedFossil },
  { code: '122', label: 'Koks in kg', unit: 'KG', ...storedFossil },
  { code: '123', label: 'Holzpellets in kg', unit: 'KG', ...storedRenewable },
  { code: '124', label: 'Holzpellets in Tonnen', unit: 'T', ...storedRenewable },
  { code: '125', label: 'Holzpellets in kWh', unit: 'KWH', ...storedRenewable },
  { code: '133', label: 'Erdgas L (leicht) in m³', unit: 'M3', ...pipedFossil },
  { code: '134', label: 'Erdgas L (leicht) in kWh', unit: 'KWH', ...pipedFossil },
  { code: '135', label: 'Erdgas L (leicht) in MWh', unit: 'MWH', ...pipedFossil },
  { code: '136', label: 'Erdgas L (leicht) in GJ', unit: 'GJ', ...pipedFossil },
  { code: '142', label: 'Nahwärme in kWh', unit: 'KWH', ...networkHeat },
  { code: '143', label: 'Nahwärme in MWh', unit: 'MWH', ...networkHeat },
  { code: '144', label: 'Fernwärme in kWh', unit: 'KWH', ...networkHeat },
  { code: '145', label: 'Fernwärme in MWh', unit: 'MWH', ...networkHeat },
  { code: '146', label: 'Fernwärme in GJ', unit: 'GJ', ...networkHeat },
  { code: '147', label: 'Fernwärme in Tonnen', unit: 'T', ...networkHeat },
  { code: '148', label: 'Fernwärme in m³', unit: 'M3', ...networkHeat },
  { code: '151', label: 'Flüssiggas in Liter', unit: 'L', ...storedFossil },
  { code: '152', label: 'Flüssiggas in kg', unit: 'KG', ...storedFossil },
  { code: '153', label: 'Flüssiggas in m³', unit: 'M3', ...storedFossil },
  { code: '154', label: 'Flüssiggas in kWh', unit: 'KWH', ...storedFossil },
  { code: '164', label: 'Strom in kWh', unit: 'KWH', ...pipedRenewable },
  { code: '165', label: 'Strom in MWh', unit: 'MWH', ...pipedRenewable },
  { code: '173', label: 'Kokereigas in m³', unit: 'M3', ...pipedFossil },
  { code: '174', label: 'Kokereigas in kWh', unit: 'KWH', ...pipedFossil },
  { code: '175', label: 'Kokereigas in MWh', unit: 'MWH', ...pipedFossil },
  { code: '176', label: 'Kokereigas in GJ', unit: 'GJ', ...pipedFossil },
  { code: '193', label: 'Erdgas H (schwer) in m³', unit: 'M3', ...pipedFossil },
  { code: '194', label: 'Erdgas H (schwer) in kWh', unit: 'KWH', ...pipedFossil },
  { code: '195', label: 'Erdgas H (schwer) in MWh', unit: 'MWH', ...pipedFossil },
  { code: '196', label: 'Erdgas H (schwer) in GJ', unit: 'GJ', ...pipedFossil },
  { code: '197', label: 'Holz in Ster', unit: 'STER', ...storedRenewable },
  { code: '198', label: 'Holz (lufttrocken) in kg', unit: 'KG', ...storedRenewable },
  { code: '199', label: 'Holzhackschnitzel in SRm', unit: 'SRM', ...storedRenewable },
  // The standard names no unit for geothermal heat; kWh is ours.
  { code: '200', label: 'Erdwärme', unit: 'KWH', ...pipedRenewable },
  { code: '201', label: 'Schweres Heizöl in Liter', unit: 'L', ...storedFossil },
  { code: '202', label: 'Braunkohle in kg', unit: 'KG', ...storedFossil },
  { code: '203', label: 'Steinkohle in kg', unit: 'KG', ...storedFossil },
  { code: '204', label: 'Bio-Gas in m³', unit: 'M3', ...pipedRenewable },
  { code: '205', label: 'Bio-Gas in kWh', unit: 'KWH', ...pipedRenewable },
  { code: '206', label: 'Strom für Wärmepumpe in kWh', unit: 'KWH', ...pipedRenewable },
  { code: '207', label: 'Strom für Wärmepumpe in MWh', unit: 'MWH', ...pipedRenewable },
  { code: '208', label: 'Strom für Wärmepumpe in GJ', unit: 'GJ', ...pipedRenewable },
  { code: '209', label: 'Solar-Energie in kWh', unit: 'KWH', ...pipedRenewable },
  { code: '211', label: 'Holzhackschnitzel in kg', unit: 'KG', ...storedRenewable },
] as const satisfies CodeTable<Fuel>;

export type FuelCode = (typeof FUELS)[number]['code'];
export const FUEL_CODES = codesOf(FUELS);

/**
 * Table K: cost types — [V3.05] §11.5; 248, 249, 400 and the price brakes 901–912 from [V3.10]. Only the keys a
 * property manager reports in K records; the MSC's own result keys (230–235, 244, 250–253, 255–258) and prices per m³
 * (245, 246) are left out. The attributes are ours:
 * - `section`: where an entry with this key belongs in the filled template: `fuel` (stock and deliveries under
 *   energysources), `heating` (heatingsysteminvoices) or `ancillary` (ancillaryinvoices);
 * - `forbidden`: may not be sent as a K record at all (200/202, "ohne Schlüssel 200, 202", K field 6);
 * - `textRequired`: needs the free text of K field 7 ("variabler Text für Schlüssel Kostenart 228, 242").
 */
type Section = 'fuel' | 'heating' | 'ancillary';
type CostType = { code: string; label: string; section: Section; forbidden: boolean; textRequired: boolean };
const fuelStock = { section: 'fuel', forbidden: true, textRequired: false } as const;
const delivery = { section: 'fuel', forbidden: false, textRequired: false } as const;
const heating = { section: 'heating', forbidden: false, textRequired: false } as const;
const ancillary = { section: 'ancillary', forbidden: false, textRequired: false } as const;
export const COST_TYPES = [
  // Price components of district heating (the supplier's bill split into work, base and volume price). The work
  // price with its kWh stays a delivery (201) with CO2 figures; a base price has no kWh and no CO2 and goes here.
  { code: '050', label: 'Arbeitspreis Raumheizung', ...heating },
  { code: '051', label: 'Netzverlust Raumheizung', ...heating },
  { code: '052', label: 'Grundpreis Raumheizung', ...heating },
  { code: '053', label: 'Mengenpreis Raumheizung', ...heating },
  { code: '054', label: 'Eichgebühr Raumheizung', ...heating },
  { code: '059', label: 'Arbeitspreis Warmwasser', ...heating },
  { code: '060', label: 'Grundpreis Warmwasser', ...heating },
  { code: '061', label: 'Mengenpreis Warmwasser', ...heating },
  { code: '062', label: 'Eichgebühr Warmwasser', ...heating },
  { code: '200', label: 'Anfangsstand', ...fuelStock },
  { code: '201', label: 'Lieferung / Rechnung', ...delivery },
  { code: '202', label: 'Restbestand', ...fuelStock },
  { code: '220', label: 'Betriebsstrom', ...heating },
  { code: '221', label: 'Wartungskosten', ...heating },
  { code: '222', label: 'Bedienungskosten', ...heating },
  { code: '223', label: 'Reinigungskosten', ...heating },
  { code: '224', label: 'Immissionsmessung', ...heating },
  { code: '225', label: 'Kaminfeger', ...heating },
  { code: '226', label: 'Tankreinigung', ...heating },
  { code: '227', label: 'Servicekosten der Messdienstfirma', ...heating },
  { code: '228', label: 'variables Textfeld HZG + WW', ...heating, textRequired: true },
  { code: '229', label: 'Brennerwartung', ...heating },
  { code: '236', label: 'Kosten Frisch- und Abwasser', ...ancillary },
  { code: '237', label: 'Kosten Frischwasser', ...ancillary },
  { code: '238', label: 'Kosten Abwasser', ...ancillary },
  { code: '239', label: 'Kosten Oberflächenentwässerung', ...ancillary },
  { code: '240', label: 'Kaltwasser Betrag', ...ancillary },
  { code: '241', label: 'Kaltwasser Preis/m³', ...ancillary },
  { code: '242', label: 'variables Textfeld BKA', ...ancillary, textRequired: true },
  { code: '243', label: 'Eichgebühr Kaltwasser', ...ancillary },
  { code: '247', label: 'Trinkwasserprüfung', ...ancillary },
  { code: '248', label: 'Wartung Kaltwasserbereich (z. B. Wasserfilter)', ...ancillary },
  { code: '249', label: 'Kanalgebühr', ...ancillary },
  { code: '254', label: 'variables Textfeld direktzugeordnete Nebenkosten', ...ancillary },
  { code: '259', label: 'Weitere Betriebskosten', ...ancillary },
  { code: '300', label: 'Gerätemiete Heizkostenverteiler', ...heating },
  { code: '301', label: 'Gerätemiete Warmwasserzähler', ...heating },
  { code: '302', label: 'Gerätemiete Wärmemengenzähler', ...heating },
  { code: '303', label: 'Gerätemiete Kaltwasserzähler', ...ancillary },
  { code: '304', label: 'Verbrauchsanalyse', ...heating },
  { code: '305', label: 'Gerätewartung Warmwasserzähler', ...heating },
  { code: '306', label: 'Gerätewartung Wärmemengenzähler', ...heating },
  { code: '307', label: 'Gerätewartung Kaltwasserzähler', ...ancillary },
  { code: '308', label: 'Gerätemiete Rauchwarnmelder', ...ancillary },
  { code: '309', label: 'Gerätewartung Rauchwarnmelder', ...ancillary },
  { code: '310', label: 'Funktionsprüfung Rauchwarnmelder', ...ancillary },
  { code: '311', label: 'variables Textfeld Rauchwarnmelder', ...ancillary },
  { code: '400', label: 'Allgemeinstrom (nur Hausnebenkosten/Betriebskosten)', ...ancillary },
  { code: '901', label: 'Preisbremse Erdgas/Wärme (nach EWPBG)', ...heating },
  { code: '902', label: 'Staatliche Hilfe Öl/Pellets/Flüssiggas', ...heating },
  { code: '910', label: 'Preisbremse Strom/Heizenergie (nach StromPBG)', ...heating },
  { code: '911', label: 'Preisbremse Strom/Betriebsstrom (nach StromPBG)', ...heating },
  { code: '912', label: 'Preisbremse Strom/Allgemeinstrom (nach StromPBG)', ...ancillary },
] as const satisfies CodeTable<CostType>;

/** Table K 050–053 and 059–061: price components of district heating; part of the energy costs, not side costs. */
export const DISTRICT_HEAT_PRICE_KEYS: ReadonlySet<string> = new Set(['050', '051', '052', '053', '059', '060', '061']);

export type CostTypeCode = (typeof COST_TYPES)[number]['code'];
export const COST_TYPE_CODES = codesOf(COST_TYPES);

/** Table E: units, used as distribution keys (M fields 36–41) — [V3.05] §11.3. */
export const DISTRIBUTION_UNITS = [
  { code: '001', label: 'GJ' },
  { code: '002', label: 'MWh' },
  { code: '003', label: 'm³' },
  { code: '004', label: 'kcal' },
  { code: '005', label: 'kWh' },
  { code: '010', label: 'm² Wohnfläche' },
  { code: '011', label: 'm² beheizte Wohnfläche' },
  { code: '012', label: 'm³ umbauter Raum' },
  { code: '014', label: 'm³ beheizter umbauter Wohnraum' },
  { code: '015', label: 'variables Textfeld für Schlüssel' },
  { code: '016', label: 'Miteigentumsanteil' },
  { code: '017', label: 'm² Nutzfläche' },
  { code: '020', label: 'Anschlusswert' },
  { code: '021', label: 'Zähler' },
  { code: '022', label: 'Wohnung' },
  { code: '023', label: 'Abrechnung' },
  { code: '030', label: 'Verbrauchseinheiten (VE)' },
  { code: '031', label: 'Verbrauchswerte' },
  { code: '032', label: 'Striche (Venturi)' },
  { code: '033', label: '1000 J/Sec.' },
  { code: '034', label: 'Personen x Monate' },
  { code: '035', label: 'Personen' },
  { code: '040', label: 'Prozent' },
  { code: '041', label: 'Jahr' },
  { code: '042', label: 'Monat' },
  { code: '043', label: 'Tage' },
  { code: '044', label: 'Gradtage' },
  { code: '045', label: '‰-Anteile' },
  { code: '046', label: 'Anzahl Rauchwarnmelder' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type DistributionUnitCode = (typeof DISTRIBUTION_UNITS)[number]['code'];
export const DISTRIBUTION_UNIT_CODES = codesOf(DISTRIBUTION_UNITS);

/** Table M: energy sources of a delivery's energy mix (K additions 3.10) — [V3.10] TABLE_M. */
export const ENERGY_SOURCES = [
  { code: '01', label: 'Braunkohle' },
  { code: '02', label: 'Steinkohle' },
  { code: '03', label: 'Erdöl/Heizöl' },
  { code: '04', label: 'Erdgas' },
  { code: '05', label: 'Kernenergie' },
  { code: '06', label: 'Erneuerbare Energien' },
  { code: '99', label: 'Sonstige' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type EnergySourceCode = (typeof ENERGY_SOURCES)[number]['code'];
export const ENERGY_SOURCE_CODES = codesOf(ENERGY_SOURCES);

/** Table U: measuring service companies — [V3.05] §11.9; 99 is ours, for an MSC not in the table (e.g. the demo MSC). */
export const MSC_COMPANIES = [
  { code: '30', label: 'Techem, Eschborn' },
  { code: '31', label: 'Brunata, Hamburg' },
  { code: '32', label: 'Brunata, Köln' },
  { code: '33', label: 'Brunata-Minol, Stuttgart' },
  { code: '34', label: 'Brunata, München' },
  { code: '35', label: 'Landis & Gyr, Berlin' },
  { code: '36', label: 'Heimer Concept, Gütersloh' },
  { code: '37', label: 'BFW, München' },
  { code: '38', label: 'BFW, Karlsruhe' },
  { code: '39', label: 'IBIA, Solingen' },
  { code: '40', label: 'ista Deutschland GmbH, Essen' },
  { code: '41', label: 'Kalorimeta, Hamburg' },
  { code: '42', label: 'ENDACOM, Frankfurt' },
  { code: '43', label: 'Schyma GmbH, Mühltal' },
  { code: '44', label: 'energie Control, Bochum' },
  { code: '47', label: 'DUO2000, Hemsbach' },
  { code: '48', label: 'A+S GmbH, Willich' },
  { code: '49', label: 'Eck. Meier GmbH, Braunschweig' },
  { code: '51', label: 'Stegmeier Messtechnik, Flein' },
  { code: '52', label: 'Tenie und Gores, Wesel' },
  { code: '53', label: 'Skibatron, Herne' },
  { code: '54', label: 'EAD, Gera' },
  { code: '55', label: 'Wärme-Komfort, Hamburg' },
  { code: '57', label: 'DHC Mess Team, Bad Deckenstedt' },
  { code: '58', label: 'MESSTRONIC Mörner, Gräfenwiesbach' },
  { code: '62', label: 'Becker & Harms, Potsdam' },
  { code: '65', label: 'Delta-T, Mettmann' },
  { code: '66', label: 'TDH Uwe Lerch, Hamburg' },
  { code: '67', label: 'Mess-Wärme-West, Bonn (Bad Honnef)' },
  { code: '68', label: 'Deutsche KB, Nürnberg' },
  { code: '69', label: 'Delta-T Messdienst Wenzel, Heroldsberg' },
  { code: '70', label: 'Delta-T Asko, Erfurt' },
  { code: '71', label: 'SVM, Schloss Holte' },
  { code: '72', label: 'Stadtwerke Halberstadt' },
  { code: '73', label: 'Stadtwerke Essen' },
  { code: '75', label: 'Fidentia Messdienst, Bamberg' },
  { code: '76', label: 'Heimer-Concept WMD-Nord, Quickborn' },
  { code: '77', label: 'Semeco, Flensburg' },
  { code: '99', label: 'Sonstiger Messdienst' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type MscCompanyCode = (typeof MSC_COMPANIES)[number]['code'];
export const MSC_COMPANY_CODES = codesOf(MSC_COMPANIES);

/**
 * Table L: tax service types under §35a EStG — [V3.05] §11.6, the keys valid for periods from 1 January 2009
 * (01–04 only before that). 11–13 need the labour share (K field 14). The standard's text for 12 repeats
 * "geringfügige" by mistake; §35a Abs. 2 covers the other household employment and household services.
 */
export const TAX_SERVICE_TYPES = [
  { code: '00', label: 'keine steuerliche Leistungsart', laborRequired: false },
  { code: '11', label: 'Haushaltsnahe geringfügige Beschäftigungsverhältnisse (§ 35a Abs. 1 EStG)', laborRequired: true },
  {
    code: '12',
    label: 'Haushaltsnahe Beschäftigungsverhältnisse und Dienstleistungen, nicht unter Abs. 1 oder 3 (§ 35a Abs. 2 EStG)',
    laborRequired: true,
  },
  { code: '13', label: 'Handwerkerleistungen (§ 35a Abs. 3 EStG)', laborRequired: true },
] as const satisfies CodeTable<{ code: string; label: string; laborRequired: boolean }>;

export type TaxServiceTypeCode = (typeof TAX_SERVICE_TYPES)[number]['code'];
export const TAX_SERVICE_TYPE_CODES = codesOf(TAX_SERVICE_TYPES);

/** How a cost is allocated: K field 8 "Kennzeichen für einheitlich entstandene Kosten" — [V3.05] §7 (labels ours, shortened). */
export const ALLOCATIONS = [
  { code: 'E', label: 'Heizung und Warmwasser' },
  { code: 'H', label: 'Heizung' },
  { code: 'W', label: 'Warmwasser' },
  { code: 'K', label: 'Kaltwasser' },
  { code: 'A', label: 'Warm- und Kaltwasser' },
  { code: 'B', label: 'Sonstige Betriebskosten' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type AllocationCode = (typeof ALLOCATIONS)[number]['code'];
export const ALLOCATION_CODES = codesOf(ALLOCATIONS);

/**
 * Table T: how the heat for hot water is separated from the heat for heating in a combined system (HeizkostenV §9)
 * — [V3.05] §11.8. The MSC agrees the method with the property manager (template `hotwater.method`). `needs` is
 * ours: which figures of the B record the property manager must report for the method (B field 18 mean hot-water
 * temperature, 19 hot-water volume in m³, 20 flat-rate share in %). 370–372 are the §9 (2) formula
 * 2,5 kWh/(m³·K) × V × (tw − 10 °C), so they need the volume and the temperature; 320 and 322 split a flat share.
 * The other methods work from the MSC's own meters or from the area, which the MSC already has.
 */
type HotWaterNeed = 'volumeAndTemperature' | 'flatrate' | 'nothing';
export const HOT_WATER_METHODS = [
  { code: '310', label: 'Kaltwasser - Boiler', needs: 'nothing' },
  { code: '320', label: 'Pauschal - Felder (Basis sind die Gesamtkosten)', needs: 'flatrate' },
  { code: '321', label: 'Abtrennung lt. Zähler aus Gesamtkosten', needs: 'nothing' },
  { code: '322', label: 'Pauschale lt. Angabe der Hausverwaltung', needs: 'flatrate' },
  { code: '330', label: 'Summe Warmwasserzähler', needs: 'nothing' },
  { code: '340', label: 'Gesamtkosten', needs: 'nothing' },
  { code: '341', label: 'Grundkosten', needs: 'nothing' },
  { code: '342', label: 'Verbrauchskosten', needs: 'nothing' },
  { code: '350', label: 'Wärmezähler', needs: 'nothing' },
  { code: '352', label: 'Wärmezähler mit Grundkostenanteil', needs: 'nothing' },
  { code: '355', label: 'Summe Wärmezähler', needs: 'nothing' },
  { code: '357', label: 'Summe Wärmezähler mit Grundkostenanteil', needs: 'nothing' },
  { code: '358', label: 'Pauschal nach Fläche', needs: 'nothing' },
  { code: '370', label: '2,5 kWh/(m³·K) × V × (tw − 10 °C)', needs: 'volumeAndTemperature' },
  { code: '371', label: '2,5 kWh/(m³·K) × V × (tw − 10 °C) × 1,11', needs: 'volumeAndTemperature' },
  { code: '372', label: '2,5 kWh/(m³·K) × V × (tw − 10 °C) / 1,15', needs: 'volumeAndTemperature' },
  { code: '373', label: '32 kWh/m² Wohnfläche × Wohnfläche', needs: 'nothing' },
  { code: '374', label: '32 kWh/m² Wohnfläche × Wohnfläche × 1,11', needs: 'nothing' },
  { code: '375', label: '32 kWh/m² Wohnfläche × Wohnfläche / 1,15', needs: 'nothing' },
  { code: '376', label: '32 kWh/m² Wohnfläche × Wohnfläche × Gesamtzeitraum / 365', needs: 'nothing' },
  { code: '377', label: '32 kWh/m² Wohnfläche × Wohnfläche × 1,11 × Gesamtzeitraum / 365', needs: 'nothing' },
  { code: '378', label: '32 kWh/m² Wohnfläche × Wohnfläche / 1,15 × Gesamtzeitraum / 365', needs: 'nothing' },
] as const satisfies CodeTable<{ code: string; label: string; needs: HotWaterNeed }>;

export type HotWaterMethodCode = (typeof HOT_WATER_METHODS)[number]['code'];
export const HOT_WATER_METHOD_CODES = codesOf(HOT_WATER_METHODS);

export function hotWaterMethodOf(code: string): (typeof HOT_WATER_METHODS)[number] | undefined {
  return HOT_WATER_METHODS.find((m) => m.code === code);
}

/**
 * Table S: how a consumption was read, split or estimated (D record field 20) — [V3.05] §11.7. In the submission
 * only the three keys that say how a tenant change is split are used (`USER_CHANGE_SPLITS`): 12 an intermediate
 * reading was taken, 13 split by days, 14 split by degree days (Gradtagszahlen, HeizkostenV §9b).
 */
export const READING_MARKS = [
  { code: '1', label: 'Schätzung' },
  { code: '2', label: 'Schätzung nach Vorjahr' },
  { code: '3', label: 'Schätzung nach Normwärmeleistung' },
  { code: '4', label: 'Schätzung nach Grundanteil (z. B. 1 WMZ pro Nutzeinheit)' },
  { code: '5', label: 'Teilschätzung' },
  { code: '6', label: 'Schätzung nach Fläche' },
  { code: '7', label: 'Schätzung nach vergleichbaren Zeiträumen' },
  { code: '8', label: 'Schätzung nach Durchschnittsverbrauch' },
  { code: '10', label: 'nur Kostenlieferung' },
  { code: '11', label: 'Hauptablesung' },
  { code: '12', label: 'Zwischenablesung' },
  { code: '13', label: 'Aufteilung nach Tagen' },
  { code: '14', label: 'Aufteilung nach Gradtagen' },
  { code: '15', label: 'Schätzung nach vergleichbaren Räumen' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export const USER_CHANGE_SPLITS = READING_MARKS.filter((m) => ['12', '13', '14'].includes(m.code));
export const USER_CHANGE_SPLIT_CODES = codesOf(USER_CHANGE_SPLITS);

/**
 * How the VAT is shown on a user's bill: M record field 25 — [V3.05] §5 (labels ours, shortened). 1–3 show it,
 * 2 only in a condominium (WEG) let commercially; the L record field 6 value 5 ("as the M record says") goes with it.
 */
export const VAT_INDICATORS = [
  { code: '0', label: 'keine Umsatzsteuer ausweisen' },
  { code: '1', label: 'Umsatzsteuer ausweisen (gewerbliche Vermietung)' },
  { code: '2', label: 'Umsatzsteuer ausweisen (gewerbliche Eigentümergemeinschaft)' },
  { code: '3', label: 'Umsatzsteuer auf den Saldo ausweisen (Vorauszahlungen netto)' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type VatIndicatorCode = (typeof VAT_INDICATORS)[number]['code'];
export const VAT_INDICATOR_CODES = codesOf(VAT_INDICATORS);

/** German label of a code, or the code itself when unknown (never throws: used for display). */
export function labelOf(table: readonly { code: string; label: string }[], code: string): string {
  return table.find((e) => e.code === code)?.label ?? code;
}

export function fuelOf(code: string): (typeof FUELS)[number] | undefined {
  return FUELS.find((f) => f.code === code);
}

export function costTypeOf(code: string): (typeof COST_TYPES)[number] | undefined {
  return COST_TYPES.find((c) => c.code === code);
}
