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
  /** Opening stock per AZ year for stored fuels: the closing stock of the year before. */
  openingStock?: Record<number, Stock>;
  lastSubmission: { transactionid: string; at: string };
};

export const DEMO_YEARS = { commissioned: 2024, open: 2025 } as const;

const FUEL_OF: Record<HeatingKind, (typeof FUELS)[number]['code']> = { gas: '194', oil: '111', district: '144' };

const HEATING_COSTS: Record<HeatingKind, string[]> = {
  gas: ['201', '220', '221', '225', '227', '300'],
  oil: ['201', '220', '221', '225', '227', '229', '300'],
  district: ['201', '220', '221', '227', '300'],
};

/** Ancillary cost types and the key each is distributed by. */
const ANCILLARY_COSTS: [string, 'K' | 'B', string][] = [
  ['236', 'K', '035'],
  ['237', 'K', '035'],
  ['303', 'K', '035'],
  ['310', 'B', '046'],
  ['400', 'B', '010'],
];

const DISTRIBUTION_KEYS = ['010', '011', '035', '046'];

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

function recipientsFor(units: readonly UnitSpec[], from: string, to: string): TemplateRecipient[] {
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
  const slot: Template['fuels'][number] = { slot: 1, fuel: fuel.code, unit: fuel.unit, stored: fuel.stored };
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
    billingrecipients: recipientsFor(spec.units, from, to),
    distributionratio: {
      heating: { base: spec.ratio.heating[0], consumption: spec.ratio.heating[1] },
      hotwater: { base: spec.ratio.hotwater[0], consumption: spec.ratio.hotwater[1] },
    },
    co2configuration: { applicable: year >= 2023, nonresidential: false },
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
