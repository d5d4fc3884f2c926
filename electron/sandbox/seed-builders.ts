/**
 * Builds self-consistent billing units of the demo world from compact specs: MSC units, billing periods
 * (last year commissioned, this year open) and a template per period whose cost types, distribution keys
 * and billing recipients follow from the building's heating and its occupancies.
 */
import { COST_TYPES, DISTRIBUTION_UNITS, FUELS } from '@shared/domain/codes';
import type { ExpectedVat, Stock, Template, TemplateRecipient } from '@shared/msc/billing-input';
import type { Address, MscUnit, WorldBillingUnit, WorldPeriod } from '@main/sandbox/world-types';

export type Occupancy = { partnerPmnumber: string; name: string; from: string; to?: string; vacancy?: boolean };

export type UnitSpec = {
  msc: string;
  /** The PM's order criterion for this unit (what OSR delivered); the MSC knows it only when `known`. */
  pm: string;
  floor: string;
  position: string;
  positiontext?: string;
  livingarea: string;
  known: boolean;
  manual?: boolean;
  meternumbers: string[];
  occupancies: Occupancy[];
};

export type HeatingKind = 'gas' | 'oil' | 'district';

export type BuildingSpec = {
  billingunitMscnumber: string;
  billingunitPmnumber: string;
  customerMscnumber: string;
  address: Address;
  heating: HeatingKind;
  expectedvat: ExpectedVat;
  ratio: { heating: [string, string]; hotwater: [string, string] };
  units: UnitSpec[];
  /** Units used commercially (MSC numbers): their area counts as non-residential for CO2KostAufG. */
  nonresidential?: readonly string[];
  /** How hot-water heat is separated (table T, HeizkostenV §9), with the MSC's presets. */
  hotwater: NonNullable<Template['hotwater']>;
  /** Usage groups for mixed use (ARGE K 16) and, per MSC unit number, the group of a unit. */
  usagegroups?: { groups: NonNullable<Template['usagegroups']>; of: Record<string, string> };
  /** A condominium (WEG). */
  condominium?: boolean;
  /** Opening stock per AZ year for stored fuels: the closing stock of the year before. */
  openingStock?: Record<number, Stock>;
  lastSubmission: { transactionid: string; at: string };
};

export const DEMO_YEARS = { commissioned: 2024, open: 2025 } as const;

const FUEL_OF: Record<HeatingKind, (typeof FUELS)[number]['code']> = { gas: '194', oil: '111', district: '144' };

/** Heating-system cost types; fuel costs (table K 200–202) are never among them: they go under energysources. */
const HEATING_COSTS: Record<HeatingKind, string[]> = {
  gas: ['220', '221', '225', '227', '300'],
  oil: ['220', '221', '225', '227', '229', '300'],
  // Base and volume prices and network losses of the district heat supplier (table K); its work price with the kWh
  // is the delivery. 050/059 would count the energy twice and are not agreed.
  district: ['051', '052', '053', '060', '061', '220', '221', '227', '300'],
};

/** Calorific values (kWh per unit, ARGE B record field 9) the MSC presets: oil 10,08 kWh/l, pellets 4,8 kWh/kg … */
const CALORIFIC_BY_FUEL: Record<string, string> = { '111': '10.0800', '123': '4.8000', '151': '6.5700' };
const CALORIFIC_BY_UNIT: Record<string, string> = { KWH: '1.0000', MWH: '1000.0000', M3: '10.0000', L: '10.0000', KG: '4.8000' };

export function calorificValueOf(fuel: string, unit: string): string {
  return CALORIFIC_BY_FUEL[fuel] ?? CALORIFIC_BY_UNIT[unit] ?? '1.0000';
}

const centi = (area: string): bigint => {
  const [int = '0', frac = ''] = area.split('.');
  return BigInt(int) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const fromCenti = (c: bigint): string => `${(c / 100n).toString()}.${(c % 100n).toString().padStart(2, '0')}`;

/** CO2KostAufG facts of the building: heated living area and the share of commercially used area. */
function co2Facts(spec: BuildingSpec): Pick<Template['co2configuration'], 'heatedarea' | 'nonresidentialshare'> {
  let living = 0n;
  let other = 0n;
  for (const u of spec.units) {
    if (spec.nonresidential?.includes(u.msc)) other += centi(u.livingarea);
    else living += centi(u.livingarea);
  }
  const total = living + other;
  // Tenths of a percent, rounded half up.
  const tenths = total === 0n ? 0n : (other * 2000n + total) / (2n * total);
  return { heatedarea: fromCenti(living), nonresidentialshare: `${(tenths / 10n).toString()}.${(tenths % 10n).toString()}` };
}

/**
 * Ancillary cost types and the key each is distributed by. The units have rented cold-water meters (303), so cold
 * water is distributed by the measured m³ (table E 003), not by persons. Fresh and waste water come on one bill
 * (236); 237 (fresh water alone) is not agreed beside it, or the fresh water would be counted twice.
 */
const ANCILLARY_COSTS: [string, 'K' | 'B', string][] = [
  ['236', 'K', '003'],
  ['303', 'K', '003'],
  ['310', 'B', '046'],
  ['400', 'B', '010'],
];

const DISTRIBUTION_KEYS = ['010', '011', '003', '046'];

function costText(code: string): string {
  return COST_TYPES.find((c) => c.code === code)?.label ?? code;
}

function costTypesFor(heating: HeatingKind): Template['costtypes'] {
  return [
    ...HEATING_COSTS[heating].map((key) => ({ key, text: costText(key), allocation: 'E' as const, allocationkey: '011' })),
    ...ANCILLARY_COSTS.map(([key, allocation, allocationkey]) => ({ key, text: costText(key), allocation, allocationkey })),
  ];
}

const distributionKeys: Template['distributionkeys'] = DISTRIBUTION_KEYS.map((key) => ({
  key,
  text: DISTRIBUTION_UNITS.find((d) => d.code === key)?.label ?? key,
}));

function recipientsFor(
  units: readonly UnitSpec[],
  from: string,
  to: string,
  groupOf: Record<string, string> = {},
): TemplateRecipient[] {
  const out: TemplateRecipient[] = [];
  for (const u of units) {
    for (const o of u.occupancies) {
      if (o.from > to || (o.to !== undefined && o.to < from)) continue;
      const r: TemplateRecipient = {
        residentialunitMscnumber: u.msc,
        residentialunitPmnumber: u.pm,
        partnerPmnumber: o.partnerPmnumber,
        name: o.name,
        validfrom: o.from < from ? from : o.from,
        vacancy: o.vacancy ?? false,
      };
      if (o.to !== undefined && o.to < to) r.validto = o.to;
      const group = groupOf[u.msc];
      if (group !== undefined) r.usagegroup = group;
      out.push(r);
    }
  }
  return out;
}

export function templateFor(spec: BuildingSpec, year: number): Template {
  const from = `${String(year)}-01-01`;
  const to = `${String(year)}-12-31`;
  const fuelCode = FUEL_OF[spec.heating];
  const fuel = FUELS.find((f) => f.code === fuelCode) ?? FUELS[0];
  const slot: Template['fuels'][number] = {
    slot: 1,
    fuel: fuel.code,
    unit: fuel.unit,
    stored: fuel.stored,
    calorificvalue: calorificValueOf(fuel.code, fuel.unit),
  };
  const preset = spec.openingStock?.[year];
  if (fuel.stored && preset) slot.openingstockpreset = preset;
  return {
    billingunitMscnumber: spec.billingunitMscnumber,
    billingperiod: { from, to },
    currency: 'EUR',
    expectedvat: spec.expectedvat,
    fuels: [slot],
    costtypes: costTypesFor(spec.heating),
    distributionkeys: distributionKeys,
    billingrecipients: recipientsFor(spec.units, from, to, spec.usagegroups?.of),
    distributionratio: {
      heating: { base: spec.ratio.heating[0], consumption: spec.ratio.heating[1] },
      hotwater: { base: spec.ratio.hotwater[0], consumption: spec.ratio.hotwater[1] },
    },
    co2configuration: {
      applicable: year >= 2023,
      nonresidential: false,
      ...co2Facts(spec),
      restrictionbuilding: false,
      restrictionsupply: false,
    },
    hotwater: { ...spec.hotwater },
    ...(spec.usagegroups ? { usagegroups: spec.usagegroups.groups.map((g) => ({ ...g })) } : {}),
    condominium: spec.condominium ?? false,
  };
}

function mscUnitOf(u: UnitSpec): MscUnit {
  const unit: MscUnit = {
    residentialunitMscnumber: u.msc,
    positiontext: u.positiontext ?? `${u.floor} ${u.position}`,
    floor: u.floor,
    position: u.position,
    livingarea: u.livingarea,
    meternumbers: u.meternumbers,
    partnerPmnumbers: u.occupancies.filter((o) => !o.vacancy).map((o) => o.partnerPmnumber),
  };
  if (u.known) unit.knownPmnumber = u.pm;
  if (u.manual) unit.manual = true;
  return unit;
}

export function buildBillingUnit(spec: BuildingSpec): WorldBillingUnit {
  const { commissioned, open } = DEMO_YEARS;
  const periods: WorldPeriod[] = [
    {
      period: {
        from: `${String(commissioned)}-01-01`,
        to: `${String(commissioned)}-12-31`,
        status: 'COMMISSIONED',
        deadline: `${String(commissioned + 1)}-04-30`,
        lastsubmission: spec.lastSubmission,
      },
      template: templateFor(spec, commissioned),
    },
    {
      period: {
        from: `${String(open)}-01-01`,
        to: `${String(open)}-12-31`,
        status: 'OPEN',
        deadline: `${String(open + 1)}-04-30`,
      },
      template: templateFor(spec, open),
    },
  ];
  return {
    billingunitMscnumber: spec.billingunitMscnumber,
    billingunitPmnumber: spec.billingunitPmnumber,
    customerMscnumber: spec.customerMscnumber,
    address: spec.address,
    units: spec.units.map(mscUnitOf),
    periods,
  };
}

/** Two meter numbers per unit (heat cost allocator, hot-water meter), unique per building. */
export function metersOf(buildingTag: string, msc: string): string[] {
  return [`HKV-${buildingTag}${msc}1`, `WWZ-${buildingTag}${msc}2`];
}
