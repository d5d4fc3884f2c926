/**
 * What CO2KostAufG needs to know about a fuel: whether its CO2 costs are split at all, and the emission factor a
 * delivery of it typically has. The factors are the BEHG standard values (EBeV 2030, Anlage 1: heating oil
 * 0,266 t CO2/MWh, natural gas 0,201 t/MWh, LPG 0,239 t/MWh) converted to the fuel's unit with the usual calorific
 * values (oil 10 kWh/l, LPG 6,6 kWh/l or 12,8 kWh/kg, gas 10 kWh/m³). District and local heat depend on the
 * supplier and biomass counts zero, so they have no typical factor: only the arithmetic is checked there.
 */
import { FUELS } from '@shared/domain/codes';

/** District heating (144) and local heat (142) are CO2-relevant although nothing burns on site. */
const DISTRICT_HEAT = new Set(['142', '144']);

type FuelFacts = { code: string; label: string; unit: string; fossil: boolean; co2Relevant?: boolean };

function factsOf(code: string): FuelFacts | undefined {
  const found: FuelFacts | undefined = FUELS.find((f) => f.code === code);
  return found;
}

/** Whether CO2KostAufG splits this fuel's CO2 costs; the code table's `co2Relevant` decides where it has one. */
export function isCo2Relevant(code: string): boolean {
  const f = factsOf(code);
  if (!f) return DISTRICT_HEAT.has(code);
  return typeof f.co2Relevant === 'boolean' ? f.co2Relevant : f.fossil || DISTRICT_HEAT.has(code);
}

type Kind = 'oil' | 'gas' | 'lpg';

/** kg CO2 per unit of quantity, by kind of fuel and unit. */
const TYPICAL: Readonly<Record<Kind, Readonly<Record<string, string>>>> = {
  oil: { L: '2.66', KG: '3.17', KWH: '0.266', MWH: '266' },
  gas: { KWH: '0.201', MWH: '201', M3: '2.01' },
  lpg: { L: '1.58', KG: '3.06', KWH: '0.239', MWH: '239' },
};

function kindOf(label: string): Kind | undefined {
  if (/bio|holz|pellet/i.test(label)) return undefined;
  if (/flüssiggas|propan|lpg/i.test(label)) return 'lpg';
  if (/heizöl/i.test(label)) return 'oil';
  if (/erdgas/i.test(label)) return 'gas';
  return undefined;
}

/** The typical emission factor (kg CO2 per unit, ISO decimal) of a fuel, or undefined when it has none. */
export function typicalEmissionFactor(code: string): string | undefined {
  const f = factsOf(code);
  if (!f) return undefined;
  const kind = kindOf(f.label);
  return kind ? TYPICAL[kind][f.unit] : undefined;
}

/** A non-negative ISO decimal with any number of places as an exact fraction `num / den`. */
export type Ratio = { num: bigint; den: bigint };

export function ratioOf(text: string): Ratio | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const frac = m[2] ?? '';
  return { num: BigInt((m[1] ?? '0') + frac), den: 10n ** BigInt(frac.length) };
}

/**
 * The BEHG's fixed CO2 price per tonne (§10 (2) BEHG) by the year a fuel was bought: 25 € in 2021, 30 € in 2022
 * and 2023, 45 € in 2024, 55 € in 2025 and the floor of 2026's corridor (55–65 €). Before 2021 no CO2 price was
 * charged. Net of VAT.
 */
const BEHG_PRICE_PER_TONNE: Readonly<Record<number, bigint>> = {
  2021: 25n,
  2022: 30n,
  2023: 30n,
  2024: 45n,
  2025: 55n,
  2026: 55n,
};

/** € per tonne CO2 for fuel bought in `year`; 0 before the BEHG, undefined after the last price it fixes. */
export function behgPricePerTonne(year: number): bigint | undefined {
  if (year < 2021) return 0n;
  return BEHG_PRICE_PER_TONNE[year];
}

/**
 * Gross over net calorific value (Hs/Hi) of a fuel billed by energy (kWh, MWh), as an exact ratio. Suppliers bill
 * gas by kWh Hs, while the BEHG factors refer to Hi, so a correct invoice may state kg = kWh Hs / (Hs/Hi) × factor.
 * Natural gas 1,11 (HeizkostenV §9 (3) converts Hs to Hi with this ratio; DVGW G 685), LPG 1,09 (propane
 * 50,4 / 46,4 MJ/kg), heating oil 1,06 (EL: 45,4 / 42,6 MJ/kg). Fuels billed by volume or mass have their factor per
 * litre, m³ or kg already, and district heat is delivered heat with no calorific basis: no alternative there.
 */
const HS_HI: Readonly<Record<Kind, Ratio>> = {
  gas: { num: 111n, den: 100n },
  lpg: { num: 109n, den: 100n },
  oil: { num: 106n, den: 100n },
};

export function hsHiRatio(code: string): Ratio | undefined {
  const f = factsOf(code);
  if (!f || (f.unit !== 'KWH' && f.unit !== 'MWH')) return undefined;
  const kind = kindOf(f.label);
  return kind ? HS_HI[kind] : undefined;
}
