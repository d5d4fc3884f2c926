import { describe, expect, it } from 'vitest';
import {
  ALLOCATIONS,
  ALLOCATION_CODES,
  COST_TYPES,
  COST_TYPE_CODES,
  DISTRIBUTION_UNITS,
  DISTRIBUTION_UNIT_CODES,
  ENERGY_SOURCES,
  ENERGY_SOURCE_CODES,
  FUELS,
  FUEL_CODES,
  MSC_COMPANIES,
  MSC_COMPANY_CODES,
  QUANTITY_UNITS,
  QUANTITY_UNIT_CODES,
  TAX_SERVICE_TYPES,
  TAX_SERVICE_TYPE_CODES,
  costTypeOf,
  fuelOf,
  labelOf,
} from '@shared/domain/codes';

const TABLES: readonly [string, readonly { code: string; label: string }[], readonly string[]][] = [
  ['B fuels', FUELS, FUEL_CODES],
  ['quantity units', QUANTITY_UNITS, QUANTITY_UNIT_CODES],
  ['K cost types', COST_TYPES, COST_TYPE_CODES],
  ['E distribution units', DISTRIBUTION_UNITS, DISTRIBUTION_UNIT_CODES],
  ['M energy sources', ENERGY_SOURCES, ENERGY_SOURCE_CODES],
  ['U MSC companies', MSC_COMPANIES, MSC_COMPANY_CODES],
  ['L tax service types', TAX_SERVICE_TYPES, TAX_SERVICE_TYPE_CODES],
  ['allocations', ALLOCATIONS, ALLOCATION_CODES],
];

// `gas` is German too ("Bio-Gas"), so it is not on the list.
const ENGLISH = /\b(the|and|of|fuel|cost|water|heating|oil|service|other|total|rent)\b/i;

describe.each(TABLES)('table %s', (_name, table, codes) => {
  it('has unique, trimmed codes and exposes exactly them', () => {
    expect(table.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(table.map((e) => e.code));
    for (const c of codes) expect(c).toMatch(/^[0-9A-Z]+$/);
  });

  it('has a non-empty German label for every code', () => {
    for (const e of table) {
      expect(e.label.trim(), e.code).toBe(e.label);
      expect(e.label.length, e.code).toBeGreaterThan(0);
      expect(e.label, e.code).not.toMatch(ENGLISH);
    }
    expect(new Set(table.map((e) => e.label)).size).toBe(table.length);
  });
});

describe('flags', () => {
  it('codes of one table have one width', () => {
    const widths = (codes: readonly string[]) => new Set(codes.map((c) => c.length));
    expect(widths(FUEL_CODES)).toEqual(new Set([3]));
    expect(widths(COST_TYPE_CODES)).toEqual(new Set([3]));
    expect(widths(DISTRIBUTION_UNIT_CODES)).toEqual(new Set([3]));
    expect(widths(ENERGY_SOURCE_CODES)).toEqual(new Set([2]));
    expect(widths(TAX_SERVICE_TYPE_CODES)).toEqual(new Set([2]));
  });

  it('200 and 202 are the forbidden cost types', () => {
    expect(COST_TYPES.filter((c) => c.forbidden).map((c) => c.code)).toEqual(['200', '202']);
  });

  it('228 and 242 need a free text', () => {
    expect(COST_TYPES.filter((c) => c.textRequired).map((c) => c.code)).toEqual(['228', '242']);
  });

  it('tax service types 11–13 need the labour share', () => {
    expect(TAX_SERVICE_TYPES.filter((t) => t.laborRequired).map((t) => t.code)).toEqual(['11', '12', '13']);
  });

  it('oil, LPG, solid fuels and wood are stored; gas, heat networks and electricity are not', () => {
    const stored = (code: string) => fuelOf(code)?.stored;
    for (const code of ['111', '119', '122', '123', '151', '152', '197', '199', '201', '203', '211'])
      expect(stored(code), code).toBe(true);
    for (const code of ['133', '134', '142', '144', '164', '194', '204', '206']) expect(stored(code), code).toBe(false);
  });

  it('fuel units come from the quantity units; every fossil fuel is CO2-relevant, and so are local and district heating', () => {
    for (const f of FUELS) expect(QUANTITY_UNIT_CODES).toContain(f.unit);
    for (const f of FUELS.filter((x) => x.fossil)) expect(f.co2Relevant, f.code).toBe(true);
    expect(FUELS.filter((f) => f.co2Relevant && !f.fossil).map((f) => f.code)).toEqual([
      '142',
      '143',
      '144',
      '145',
      '146',
      '147',
      '148',
    ]);
    for (const code of ['123', '164', '199', '204', '206', '209']) expect(fuelOf(code)?.co2Relevant, code).toBe(false);
  });

  it('201 is the only fuel cost type that may be sent', () => {
    expect(COST_TYPES.filter((c) => c.section === 'fuel' && !c.forbidden).map((c) => c.code)).toEqual(['201']);
  });
});

describe('lookups', () => {
  it('labelOf returns the label, or the code when unknown', () => {
    expect(labelOf(FUELS, '111')).toBe('Leichtes Heizöl in Liter');
    expect(labelOf(DISTRIBUTION_UNITS, '035')).toBe('Personen');
    expect(labelOf(COST_TYPES, '999')).toBe('999');
  });

  it('fuelOf and costTypeOf', () => {
    expect(fuelOf('123')).toMatchObject({ label: 'Holzpellets in kg', unit: 'KG', stored: true });
    expect(fuelOf('999')).toBeUndefined();
    expect(costTypeOf('242')).toMatchObject({ section: 'ancillary', textRequired: true });
    expect(costTypeOf('1')).toBeUndefined();
  });
});
