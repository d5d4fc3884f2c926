/**
 * Code tables of the ARGE HeiWaKo / bved exchange (selection, see shared/design/domain.md §3.4)
 * as typed constants with German labels. Schemas, plausibility rules, Excel dropdowns and the UI
 * all read from here, so a code exists in exactly one place.
 */

type CodeTable<T extends { code: string; label: string }> = readonly T[];

function codesOf(table: readonly { code: string }[]): [string, ...string[]] {
  const codes = table.map((e) => e.code);
  if (codes.length === 0) throw new Error('empty code table');
  return codes as [string, ...string[]];
}

/** Table B: fuels. `stored` fuels need opening and closing stock; `fossil` fuels need CO2 figures from AZ 2023. */
export const FUELS = [
  { code: '111', label: 'Heizöl EL', unit: 'L', stored: true, fossil: true },
  { code: '123', label: 'Holzpellets', unit: 'KG', stored: true, fossil: false },
  { code: '134', label: 'Erdgas L', unit: 'KWH', stored: false, fossil: true },
  { code: '144', label: 'Fernwärme', unit: 'KWH', stored: false, fossil: false },
  { code: '151', label: 'Flüssiggas', unit: 'L', stored: true, fossil: true },
  { code: '194', label: 'Erdgas H', unit: 'KWH', stored: false, fossil: true },
  { code: '206', label: 'Wärmepumpenstrom', unit: 'KWH', stored: false, fossil: false },
] as const satisfies CodeTable<{ code: string; label: string; unit: string; stored: boolean; fossil: boolean }>;

export type FuelCode = (typeof FUELS)[number]['code'];
export const FUEL_CODES = codesOf(FUELS);

/** Quantity units of fuels. */
export const QUANTITY_UNITS = [
  { code: 'L', label: 'Liter' },
  { code: 'KG', label: 'Kilogramm' },
  { code: 'KWH', label: 'Kilowattstunden' },
  { code: 'M3', label: 'Kubikmeter' },
] as const satisfies CodeTable<{ code: string; label: string }>;
export const QUANTITY_UNIT_CODES = codesOf(QUANTITY_UNITS);

/**
 * Table K: cost types. `section` says where an invoice with this key belongs in the filled template:
 * `fuel` (deliveries under energysources), `heating` (heatingsysteminvoices) or `ancillary` (ancillaryinvoices).
 * `forbidden` keys may not be sent at all (200/202); `textRequired` keys need a free text (228/242).
 */
export const COST_TYPES = [
  { code: '200', label: 'Brennstoffkosten gesamt (nicht zulässig)', section: 'fuel', forbidden: true, textRequired: false },
  { code: '201', label: 'Brennstofflieferung / Rechnung', section: 'fuel', forbidden: false, textRequired: false },
  { code: '202', label: 'Heizkosten gesamt (nicht zulässig)', section: 'fuel', forbidden: true, textRequired: false },
  { code: '220', label: 'Betriebsstrom', section: 'heating', forbidden: false, textRequired: false },
  { code: '221', label: 'Wartung Heizungsanlage', section: 'heating', forbidden: false, textRequired: false },
  { code: '225', label: 'Schornsteinfeger / Immissionsmessung', section: 'heating', forbidden: false, textRequired: false },
  { code: '227', label: 'Messdienstleistung Heizung/Warmwasser', section: 'heating', forbidden: false, textRequired: false },
  { code: '228', label: 'Sonstige Heizungsbetriebskosten', section: 'heating', forbidden: false, textRequired: true },
  { code: '229', label: 'Brennerwartung', section: 'heating', forbidden: false, textRequired: false },
  { code: '236', label: 'Kaltwasser Versorger', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '237', label: 'Abwasser / Entwässerung', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '238', label: 'Wasserzählermiete', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '239', label: 'Kaltwasser Abrechnungsdienst', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '240', label: 'Wasseraufbereitung', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '241', label: 'Niederschlagswasser', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '242', label: 'Sonstige Wasserkosten', section: 'ancillary', forbidden: false, textRequired: true },
  { code: '300', label: 'Miete Heizkostenverteiler', section: 'heating', forbidden: false, textRequired: false },
  { code: '301', label: 'Miete Wärmezähler', section: 'heating', forbidden: false, textRequired: false },
  { code: '302', label: 'Miete Warmwasserzähler', section: 'heating', forbidden: false, textRequired: false },
  { code: '303', label: 'Miete Kaltwasserzähler', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '310', label: 'Wartung Rauchwarnmelder', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '311', label: 'Eichaustausch Zähler', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '400', label: 'Allgemeinstrom', section: 'ancillary', forbidden: false, textRequired: false },
  { code: '901', label: 'Entlastung Soforthilfe Dezember 2022', section: 'heating', forbidden: false, textRequired: false },
  { code: '902', label: 'Entlastung Soforthilfe Rückzahlung', section: 'heating', forbidden: false, textRequired: false },
  { code: '910', label: 'Preisbremse Erdgas', section: 'heating', forbidden: false, textRequired: false },
  { code: '911', label: 'Preisbremse Fernwärme', section: 'heating', forbidden: false, textRequired: false },
  { code: '912', label: 'Preisbremse Strom', section: 'heating', forbidden: false, textRequired: false },
] as const satisfies CodeTable<{
  code: string;
  label: string;
  section: 'fuel' | 'heating' | 'ancillary';
  forbidden: boolean;
  textRequired: boolean;
}>;

export type CostTypeCode = (typeof COST_TYPES)[number]['code'];
export const COST_TYPE_CODES = codesOf(COST_TYPES);

/** Table E: distribution units (Verteilerschlüssel). */
export const DISTRIBUTION_UNITS = [
  { code: '005', label: 'kWh' },
  { code: '010', label: 'm² Wohnfläche' },
  { code: '011', label: 'm² beheizte Fläche' },
  { code: '016', label: 'Miteigentumsanteile (MEA)' },
  { code: '017', label: 'm² Nutzfläche' },
  { code: '022', label: 'Wohnung' },
  { code: '030', label: 'Verbrauchseinheiten' },
  { code: '034', label: 'Personenmonate' },
  { code: '035', label: 'Personen' },
  { code: '040', label: 'Prozent' },
  { code: '043', label: 'Tage' },
  { code: '046', label: 'Anzahl Rauchwarnmelder' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type DistributionUnitCode = (typeof DISTRIBUTION_UNITS)[number]['code'];
export const DISTRIBUTION_UNIT_CODES = codesOf(DISTRIBUTION_UNITS);

/** Table M: energy sources of a delivery's energy mix. */
export const ENERGY_SOURCES = [
  { code: '01', label: 'Braunkohle' },
  { code: '02', label: 'Steinkohle' },
  { code: '03', label: 'Heizöl' },
  { code: '04', label: 'Erdgas' },
  { code: '05', label: 'Kernenergie' },
  { code: '06', label: 'Erneuerbare Energien' },
  { code: '99', label: 'Sonstige' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type EnergySourceCode = (typeof ENERGY_SOURCES)[number]['code'];
export const ENERGY_SOURCE_CODES = codesOf(ENERGY_SOURCES);

/** Table U: measuring service companies. 99 is our own code for an MSC not in the table (e.g. the demo MSC). */
export const MSC_COMPANIES = [
  { code: '30', label: 'Techem' },
  { code: '33', label: 'Brunata-Minol' },
  { code: '40', label: 'ista' },
  { code: '41', label: 'Kalorimeta (KALO)' },
  { code: '99', label: 'Sonstiger Messdienst' },
] as const satisfies CodeTable<{ code: string; label: string }>;

export type MscCompanyCode = (typeof MSC_COMPANIES)[number]['code'];
export const MSC_COMPANY_CODES = codesOf(MSC_COMPANIES);

/**
 * Table L: tax service types (§35a EStG). 11–13 need the labour share (K14).
 * The labels are ours; the record standard only fixes the codes' role.
 */
export const TAX_SERVICE_TYPES = [
  { code: '10', label: 'Keine steuerbegünstigte Leistung', laborRequired: false },
  { code: '11', label: 'Haushaltsnahes Beschäftigungsverhältnis', laborRequired: true },
  { code: '12', label: 'Haushaltsnahe Dienstleistung', laborRequired: true },
  { code: '13', label: 'Handwerkerleistung', laborRequired: true },
] as const satisfies CodeTable<{ code: string; label: string; laborRequired: boolean }>;

export type TaxServiceTypeCode = (typeof TAX_SERVICE_TYPES)[number]['code'];
export const TAX_SERVICE_TYPE_CODES = codesOf(TAX_SERVICE_TYPES);

/** How a cost type is allocated: heating and/or hot water, cold water, or other operating costs. */
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
