/**
 * Layout of the template workbook (Erfassungsmappe): sheet names, columns and dropdown lists. Export
 * and import both read from here, so a column exists in one place and the round trip stays lossless.
 * Hidden `_Nr` columns carry each row's position in the draft; they let the import restore the
 * draft's order after the clerk re-sorted rows.
 */
import {
  DISTRIBUTION_UNITS,
  ENERGY_SOURCES,
  FUELS,
  TAX_SERVICE_TYPES,
  USER_CHANGE_SPLITS,
  VAT_INDICATORS,
  costTypeOf,
  labelOf,
  COST_TYPES,
} from '@shared/domain/codes';
import type { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';

export const SHEET = {
  notes: 'Hinweise',
  fuels: 'Brennstoffe und Bestände',
  deliveries: 'Lieferungen',
  co2: 'CO2-Angaben',
  heating: 'Heizungsbetriebskosten',
  ancillary: 'Nebenkosten',
  hotwater: 'Warmwasser und Liegenschaft',
  recipients: 'Nutzer und Verteilwerte',
  prepayments: 'Vorauszahlungen',
  lists: 'Listen',
} as const;

export const FORMAT_TAG = 'kostenbruecke-erfassung v1';
export const NOTE_KEYS = {
  billingunit: 'Liegenschaft (Messdienst)',
  periodTo: 'Zeitraum bis (technisch)',
  format: 'Format',
} as const;

export type ColKind =
  'id' | 'text' | 'money' | 'quantity' | 'share' | 'factor' | 'calorific' | 'area' | 'alloc' | 'date' | 'bool' | 'int' | 'order';
export type ListName =
  | 'heatingCosts'
  | 'ancillaryCosts'
  | 'fuelSlots'
  | 'distribution'
  | 'taxService'
  | 'energySources'
  | 'yesNo'
  | 'usageGroups'
  | 'vatIndicators'
  | 'changeSplits';

export type Col = {
  key: string;
  header: string;
  kind: ColKind;
  width: number;
  locked?: boolean;
  list?: ListName;
  /** Headers this column had in older workbooks, still found on import. */
  former?: readonly string[];
};

const id: Col = { key: 'id', header: '_Nr (technisch, nicht ändern)', kind: 'id', width: 6 };
const money = (key: string, header: string): Col => ({ key, header, kind: 'money', width: 14 });

/** The supply periods of a fuel (draft `supply.<part>`), with their words in the workbook. */
export const SUPPLY_PARTS = [
  ['heating1', 'Heizung 1'],
  ['heating2', 'Heizung 2'],
  ['hotwater1', 'Warmwasser 1'],
  ['hotwater2', 'Warmwasser 2'],
] as const;

export const FUEL_COLS: readonly Col[] = [
  id,
  { key: 'slot', header: 'Brennstoffplatz', kind: 'int', width: 15, locked: true, former: ['Slot'] },
  { key: 'fuel', header: 'Brennstoff', kind: 'text', width: 26, locked: true },
  { key: 'unit', header: 'Einheit', kind: 'text', width: 16, locked: true },
  { key: 'stored', header: 'Bevorratet', kind: 'bool', width: 11, locked: true },
  { key: 'osDate', header: 'Anfangsbestand Datum', kind: 'date', width: 14 },
  { key: 'osQty', header: 'Anfangsbestand Menge', kind: 'quantity', width: 15 },
  money('osGross', 'Anfangsbestand brutto €'),
  money('osNet', 'Anfangsbestand netto €'),
  { key: 'csDate', header: 'Endbestand Datum', kind: 'date', width: 14 },
  { key: 'csQty', header: 'Endbestand Menge', kind: 'quantity', width: 15 },
  money('csGross', 'Endbestand brutto €'),
  money('csNet', 'Endbestand netto €'),
  // Last, so the columns before it keep their letters; preset by the MSC, the clerk may correct it.
  { key: 'calorific', header: 'Heizwert kWh je Einheit', kind: 'calorific', width: 14 },
  // The supply periods of the fuel (ARGE B 24–27), after the older columns.
  ...SUPPLY_PARTS.flatMap(([part, label]): Col[] => [
    { key: `${part}From`, header: `Versorgung ${label} von`, kind: 'date', width: 14 },
    { key: `${part}To`, header: `Versorgung ${label} bis`, kind: 'date', width: 14 },
  ]),
];
export const SUPPLY_COL_KEYS = SUPPLY_PARTS.flatMap(([part]) => [`${part}From`, `${part}To`]);

/** The CO2 property facts (CO2KostAufG), one row; preset by the MSC, the clerk may correct them. */
export const CO2_COLS: readonly Col[] = [
  { key: 'heatedarea', header: 'Wohnfläche m² (CO2KostAufG)', kind: 'area', width: 16, former: ['Beheizte Wohnfläche m²'] },
  { key: 'nonresidentialshare', header: 'Anteil Nichtwohnnutzung %', kind: 'share', width: 16 },
  {
    key: 'restrictionbuilding',
    header: '§ 9 CO2KostAufG: Sanierung des Gebäudes rechtlich ausgeschlossen',
    kind: 'bool',
    width: 30,
    list: 'yesNo',
  },
  {
    key: 'restrictionsupply',
    header: '§ 9 CO2KostAufG: Modernisierung der Wärmeversorgung rechtlich ausgeschlossen',
    kind: 'bool',
    width: 30,
    list: 'yesNo',
  },
];
export const CO2_FACTS = ['heatedarea', 'nonresidentialshare', 'restrictionbuilding', 'restrictionsupply'] as const;

/**
 * The service period (Leistungszeitraum) of a delivery or an invoice: last in its sheet, so the columns before keep
 * their letters, and optional on import (workbooks made before it have no such columns).
 */
export const SERVICE_PERIOD_COLS: readonly Col[] = [
  { key: 'servicefrom', header: 'Leistungszeitraum von', kind: 'date', width: 14 },
  { key: 'serviceto', header: 'Leistungszeitraum bis', kind: 'date', width: 14 },
];
export const SERVICE_PERIOD_KEYS = SERVICE_PERIOD_COLS.map((c) => c.key);
/** Hot water under HeizkostenV §9 (ARGE B 18–22) and the condominium flag, one row. */
export const HOTWATER_COLS: readonly Col[] = [
  { key: 'temperature', header: 'Mittlere Warmwassertemperatur °C', kind: 'area', width: 16 },
  { key: 'volume', header: 'Warmwassermenge m³', kind: 'quantity', width: 16 },
  { key: 'flatrate', header: 'Pauschaler Warmwasseranteil %', kind: 'share', width: 16 },
  { key: 'meterstart', header: 'Warmwasserzähler Anfangsstand m³', kind: 'quantity', width: 18 },
  { key: 'meterend', header: 'Warmwasserzähler Endstand m³', kind: 'quantity', width: 18 },
  { key: 'condominium', header: 'Eigentümergemeinschaft (WEG)', kind: 'bool', width: 16, list: 'yesNo' },
];
export const HOTWATER_FIGURES = ['temperature', 'volume', 'flatrate', 'meterstart', 'meterend'] as const;

export const MIX_PARTS = 6;
export const DELIVERY_COLS: readonly Col[] = [
  id,
  { key: 'fuel', header: 'Brennstoff', kind: 'text', width: 26, list: 'fuelSlots' },
  { key: 'invoicedate', header: 'Rechnungsdatum', kind: 'date', width: 14 },
  { key: 'quantity', header: 'Menge', kind: 'quantity', width: 14 },
  money('gross', 'Brutto €'),
  money('net', 'Netto €'),
  { key: 'co2Factor', header: 'CO2-Emissionsfaktor kg je Einheit', kind: 'factor', width: 16 },
  { key: 'co2Kg', header: 'CO2-Menge kg', kind: 'quantity', width: 14 },
  money('co2Cost', 'CO2-Kosten brutto €'),
  ...Array.from({ length: MIX_PARTS }, (_, i): Col[] => [
    {
      key: `mix${String(i + 1)}Source`,
      header: `Energiemix ${String(i + 1)} Träger`,
      kind: 'text',
      width: 20,
      list: 'energySources',
    },
    { key: `mix${String(i + 1)}Share`, header: `Energiemix ${String(i + 1)} Anteil %`, kind: 'share', width: 12 },
  ]).flat(),
  ...SERVICE_PERIOD_COLS,
  money('co2Net', 'CO2-Kosten netto €'),
];

export const invoiceCols = (list: ListName): readonly Col[] => [
  id,
  { key: 'cost', header: 'Kostenart', kind: 'text', width: 34, list },
  { key: 'text', header: 'Text', kind: 'text', width: 30 },
  { key: 'allocationkey', header: 'Verteilerschlüssel', kind: 'text', width: 24, list: 'distribution' },
  { key: 'invoicedate', header: 'Rechnungsdatum', kind: 'date', width: 14 },
  { key: 'quantity', header: 'Menge', kind: 'quantity', width: 12 },
  money('gross', 'Brutto €'),
  money('net', 'Netto €'),
  { key: 'taxservicetype', header: 'Leistungsart §35a', kind: 'text', width: 30, list: 'taxService' },
  money('laborgross', 'Lohnanteil brutto €'),
  ...SERVICE_PERIOD_COLS,
  { key: 'usagegroup', header: 'Verwendungsgruppe', kind: 'text', width: 22, list: 'usageGroups' },
];

const who: readonly Col[] = [
  { key: 'msc', header: 'Nutzer-Nr.', kind: 'text', width: 10, locked: true },
  { key: 'pm', header: 'Ordnungsbegriff', kind: 'text', width: 20, locked: true },
  { key: 'partner', header: 'Partner-Nr.', kind: 'text', width: 14, locked: true },
  { key: 'name', header: 'Name', kind: 'text', width: 26, locked: true },
  { key: 'validfrom', header: 'gültig ab', kind: 'date', width: 12, locked: true },
  { key: 'validto', header: 'gültig bis', kind: 'date', width: 12, locked: true },
];

export const allocKey = (code: string): string => `alloc:${code}`;

export const recipientCols = (distributionKeys: readonly string[]): readonly Col[] => [
  id,
  { key: 'order', header: '_Reihenfolge (technisch)', kind: 'order', width: 8 },
  ...who,
  { key: 'vacancy', header: 'Leerstand', kind: 'bool', width: 10, locked: true },
  ...distributionKeys.map((k): Col => ({
    key: allocKey(k),
    header: `${k} ${labelOf(DISTRIBUTION_UNITS, k)}`,
    kind: 'alloc',
    width: 16,
  })),
  ...RECIPIENT_FLAG_COLS,
];

/** Per user what a tenant change and the bill need (M 25, table S, M 68); after the distribution values. */
export const RECIPIENT_FLAG_COLS: readonly Col[] = [
  { key: 'vatindicator', header: 'Umsatzsteuer-Ausweis', kind: 'text', width: 30, list: 'vatIndicators' },
  { key: 'changesplit', header: 'Nutzerwechsel: Aufteilung', kind: 'text', width: 26, list: 'changeSplits' },
  { key: 'changefee', header: 'Nutzerwechselgebühr trägt der Nutzer', kind: 'bool', width: 16, list: 'yesNo' },
];

export const PREPAYMENT_GROUPS = [
  ['heating', 'Heizung'],
  ['hotwater', 'Warmwasser'],
  ['coldwater', 'Kaltwasser'],
] as const;

export const PREPAYMENT_COLS: readonly Col[] = [
  id,
  ...who,
  ...PREPAYMENT_GROUPS.flatMap(([k, label]) => [money(`${k}Gross`, `${label} brutto €`), money(`${k}Net`, `${label} netto €`)]),
];

/** Dropdown entry `221 – Wartung Heizungsanlage`; the import reads the leading code. */
export const entry = (code: string, label: string): string => `${code} – ${label}`;

export function fuelEntry(slot: number, fuel: string): string {
  return `${String(slot)} – ${fuel} ${labelOf(FUELS, fuel)}`;
}

/** Distribution keys the recipients sheet shows: the template's, then any further ones the draft uses. */
export function distributionKeysOf(template: Template, draft?: DraftContent): string[] {
  const keys = template.distributionkeys.map((d) => d.key);
  for (const r of draft?.billingrecipients ?? []) {
    for (const a of r.allocations ?? []) if (a.key !== undefined && a.key !== '' && !keys.includes(a.key)) keys.push(a.key);
  }
  return keys;
}

/** Values of each dropdown list, in the order the hidden list sheet holds them. */
export function listValues(template: Template, draft?: DraftContent): Record<ListName, string[]> {
  const agreed = (section: 'heating' | 'ancillary'): string[] => {
    const own = template.costtypes.filter((c) => costTypeOf(c.key)?.section === section).map((c) => entry(c.key, c.text));
    return own.length > 0
      ? own
      : COST_TYPES.filter((c) => c.section === section && !c.forbidden).map((c) => entry(c.code, c.label));
  };
  const slots = new Map<number, string>();
  for (const f of template.fuels) slots.set(f.slot, f.fuel);
  for (const s of draft?.energysources ?? []) {
    if (s.slot !== undefined && s.fuel !== undefined && !slots.has(s.slot)) slots.set(s.slot, s.fuel);
  }
  return {
    heatingCosts: agreed('heating'),
    ancillaryCosts: agreed('ancillary'),
    fuelSlots: [...slots].sort((a, b) => a[0] - b[0]).map(([slot, fuel]) => fuelEntry(slot, fuel)),
    distribution: distributionKeysOf(template, draft).map((k) => entry(k, labelOf(DISTRIBUTION_UNITS, k))),
    taxService: TAX_SERVICE_TYPES.map((t) => entry(t.code, t.label)),
    energySources: ENERGY_SOURCES.map((e) => entry(e.code, e.label)),
    yesNo: ['Ja', 'Nein'],
    usageGroups: (template.usagegroups ?? []).map((g) => entry(g.key, g.text)),
    vatIndicators: VAT_INDICATORS.map((v) => entry(v.code, v.label)),
    changeSplits: USER_CHANGE_SPLITS.map((v) => entry(v.code, v.label)),
  };
}
