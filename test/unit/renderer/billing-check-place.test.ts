/**
 * The billing screen says where a check message points in the clerk's language; in German it must read exactly
 * like the check report (shared/domain/check-path.ts), so the clerk finds the same words on screen and on paper.
 */
import { describe, expect, it } from 'vitest';
import { describeCheckPath } from '@shared/domain/check-path';
import { i18n } from '@renderer/i18n/index';
import { createFormatters } from '@renderer/lib/format';
import { describePlace } from '@shared/domain/check-place';
import type { BillingText } from '@renderer/features/billing/useBillingText';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';

/** The parts of useBillingText that describePlace uses, without React. */
function textIn(language: 'de' | 'en'): BillingText {
  const t = i18n.getFixedT(language, 'billing');
  const format = createFormatters(language);
  const codes = i18n.getFixedT(language, 'codes');
  const code = (group: string, value: string) => codes(`${group}.${value}`, { defaultValue: value });
  return {
    t,
    format,
    period: () => '',
    unit: () => '',
    fuel: (v: string) => code('fuel', v),
    quantityUnit: (v: string) => code('quantityUnit', v),
    allocation: (v: string) => code('allocation', v),
    distribution: (v: string) => code('distribution', v),
    money: (amount: string | undefined, currency?: string) => (amount === undefined ? '–' : format.money(amount, currency)),
  };
}

const PATHS = [
  '',
  'currency',
  'expectedvat',
  'heatingsysteminvoices',
  'heatingsysteminvoices[0].amounts',
  'heatingsysteminvoices[9].amounts',
  'ancillaryinvoices[1].invoicedate',
  'energysources',
  'energysources[0].deliveries[1].energymix',
  'energysources[1].deliveries[0]',
  'energysources[0].closingstock.quantity',
  'energysources[1].openingstock',
  'billingrecipients[2].allocations[0]',
  'billingrecipients[0].prepayments.heating',
  'energysources[0].deliveries[0].amounts.grossamount',
  'co2configuration.heatedarea',
  'something.else',
];

// Intl separates number and currency with a non-breaking space; the report uses a plain one.
const plain = (s: string): string => s.replace(/\u00a0/g, ' ');

describe('where a check message points, on the billing screen', () => {
  it.each(PATHS)('German reads like the check report: %s', (path) => {
    expect(plain(describePlace(path, textIn('de'), DRAFT, TEMPLATE))).toBe(describeCheckPath(path, DRAFT, TEMPLATE));
  });

  it('English names the same entry in English words', () => {
    const en = textIn('en');
    expect(plain(describePlace('energysources[0].deliveries[1].energymix', en, DRAFT, TEMPLATE))).toBe(
      'Fuel 1 (111 Light heating oil in litres), delivery 2, energy mix: 02/10/2025, 2,500.000 l, €2,612.50',
    );
    expect(describePlace('billingrecipients[1]', en)).toBe('Occupants and distribution values, entry 2');
    expect(describePlace('', en)).toBe('Whole submission');
  });
});
