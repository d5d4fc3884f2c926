/**
 * The screens and the English report take code labels from the `codes` locale files (renderer/lib/codes.ts), the
 * Excel files and German texts from shared/domain/codes.ts: every code of every table has a label in both
 * languages, so an English clerk never meets a German label (or a bare code) where the table knows one.
 */
import { describe, expect, it } from 'vitest';
import de from '@renderer/locales/de/codes.json' with { type: 'json' };
import en from '@renderer/locales/en/codes.json' with { type: 'json' };
import {
  ALLOCATIONS,
  COST_TYPES,
  DISTRIBUTION_UNITS,
  ENERGY_SOURCES,
  FUELS,
  HOT_WATER_METHODS,
  MSC_COMPANIES,
  QUANTITY_UNITS,
  TAX_SERVICE_TYPES,
} from '@shared/domain/codes';
import { CODE_TABLES, type CodeTableName } from '@renderer/lib/codes';

const TABLES: Record<CodeTableName, readonly { code: string }[]> = {
  fuel: FUELS,
  quantityUnit: QUANTITY_UNITS,
  costType: COST_TYPES,
  distribution: DISTRIBUTION_UNITS,
  energySource: ENERGY_SOURCES,
  mscCompany: MSC_COMPANIES,
  taxServiceType: TAX_SERVICE_TYPES,
  allocation: ALLOCATIONS,
  hotWaterMethod: HOT_WATER_METHODS,
};

const labels = (locale: Record<string, unknown>, table: string): Record<string, string> =>
  (locale[table] ?? {}) as Record<string, string>;

describe.each(CODE_TABLES)('code table %s', (table) => {
  it('has a label in German and English for every code', () => {
    const codes = TABLES[table].map((e) => e.code);
    const missing = (locale: Record<string, unknown>) => codes.filter((c) => !(labels(locale, table)[c] ?? '').trim());
    expect(missing(de)).toEqual([]);
    expect(missing(en)).toEqual([]);
  });
});

it('names the hot-water methods in English words, with English decimals in the formulas', () => {
  expect(labels(en, 'hotWaterMethod')['322']).toBe('Flat rate as stated by the property manager');
  expect(labels(en, 'hotWaterMethod')['371']).toBe('2.5 kWh/(m³·K) × V × (tw − 10 °C) × 1.11');
  expect(labels(de, 'hotWaterMethod')['371']).toBe('2,5 kWh/(m³·K) × V × (tw − 10 °C) × 1,11');
});
