/**
 * Issue 20 item 3 in the local pre-check and the arithmetic it shares with the demo MSC: each rule fires on the
 * mistake and stays silent on the correct figure next to it, also where only the pre-check sees the case (district
 * heat against the base template, the credit note of a delivery, a service period, German typing).
 */
import { describe, expect, it } from 'vitest';
import { decimal, money, quantity } from '@shared/domain/decimal';
import { precheck } from '@shared/domain/precheck/index';
import { deliverySignsDisagree, invoiceCreditUnmarked } from '@shared/domain/precheck/credit-notes';
import { areaSumOff, prepaymentFarAbove } from '@shared/domain/precheck/occupancy';
import {
  calorificOff,
  co2PriceOff,
  costVatRates,
  datedBeforePeriod,
  fuelVatRates,
  supplyYears,
  unitPriceOff,
  vatRateOf,
} from '@shared/domain/precheck/prices';
import type { DraftContent } from '@shared/domain/workspace';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

type Draft = DraftContent & ReturnType<typeof baseSubmission>;
const template = baseTemplate();
const codes = (change: (d: Draft) => void): string[] => {
  const d = baseSubmission();
  change(d);
  return precheck(d, template).map((m) => `${m.code} ${m.path}`);
};

describe('shared arithmetic', () => {
  it('calorific value: 1 for kWh, 1,000 for MWh, free for other units', () => {
    expect(calorificOff('KWH', '1.0000')).toBeUndefined();
    expect(calorificOff('KWH', '10.0000')).toBe('1');
    expect(calorificOff('MWH', '1000.0000')).toBeUndefined();
    expect(calorificOff('MWH', '1.0000')).toBe('1000');
    expect(calorificOff('L', '10.0800')).toBeUndefined();
  });

  it('unit price: 1,05 €/kWh gas and 0,12 €/m³ gas are outside, 13 ct/kWh and 1,07 €/l oil inside', () => {
    expect(unitPriceOff('194', 'KWH', money('6890.00'), quantity('6562.000'))).toMatchObject({ low: '0.02', high: '0.50' });
    expect(unitPriceOff('193', 'M3', money('6000.00'), quantity('50000.000'))).toBeDefined();
    expect(unitPriceOff('194', 'KWH', money('6890.00'), quantity('52000.000'))).toBeUndefined();
    expect(unitPriceOff('111', 'L', money('8568.00'), quantity('8000.000'))).toBeUndefined();
    // A credit note or an unknown band is not judged.
    expect(unitPriceOff('194', 'KWH', money('-624.75'), quantity('-5000.000'))).toBeUndefined();
    expect(unitPriceOff('209', 'KWH', money('1000.00'), quantity('1.000'))).toBeUndefined();
  });

  it('CO2 price: the BEHG price of the supply year, net or with 7 % / 19 % VAT', () => {
    const kg = quantity('10452.000');
    expect(co2PriceOff(money('574.86'), kg, [2025])).toBeUndefined(); // 55 € net
    expect(co2PriceOff(money('684.08'), kg, [2025])).toBeUndefined(); // 55 € + 19 %
    expect(co2PriceOff(money('559.70'), kg, [2025])).toMatchObject({ low: 55, high: 55 }); // 2024's 45 € + 19 %
    expect(co2PriceOff(money('559.70'), kg, [2024, 2025])).toBeUndefined();
    expect(co2PriceOff(money('679.38'), kg, [2026])).toBeUndefined(); // 65 € net, top of the 2026 corridor
    expect(co2PriceOff(money('100.00'), kg, [2030])).toBeUndefined(); // not judged after 2026
    expect(co2PriceOff(money('-65.79'), quantity('-1005.000'), [2025])).toBeUndefined(); // credit note, 55 € + 19 %
  });

  it('supply years: from the service period, else the invoice year and, in the first half year, the one before', () => {
    expect(supplyYears('2025-01-20')).toEqual([2024, 2025]);
    expect(supplyYears('2025-07-01')).toEqual([2025]);
    expect(supplyYears('2026-01-20', { from: '2025-01-01', to: '2025-12-31' })).toEqual([2025]);
    expect(supplyYears('2025-03-01', { from: '2024-10-01', to: '2025-09-30' })).toEqual([2024, 2025]);
  });

  it('VAT: the rate gross and net fit, and what the cost type and date allow', () => {
    expect(vatRateOf(11900n, 10000n)).toBe(19n);
    expect(vatRateOf(10700n, 10000n)).toBe(7n);
    expect(vatRateOf(10000n, 10000n)).toBe(0n);
    expect(vatRateOf(11300n, 10000n)).toBeUndefined();
    expect(costVatRates('237')).toEqual([7n]);
    expect(costVatRates('238')).toEqual([0n]);
    expect(costVatRates('236')).toBeUndefined(); // fresh and waste water together: mixed
    expect(fuelVatRates('194', '2025-12-15')).toEqual([19n]);
    expect(fuelVatRates('194', '2023-06-01')).toEqual([7n, 19n]);
    expect(fuelVatRates('144', '2024-08-15')).toEqual([7n, 19n]); // an annual bill for a supply inside the window
    expect(fuelVatRates('144', '2024-12-15')).toEqual([19n]);
    expect(fuelVatRates('144', '2025-02-01', { from: '2023-01-01', to: '2023-12-31' })).toEqual([7n, 19n]);
    expect(fuelVatRates('111', '2023-06-01')).toEqual([19n]);
    expect(fuelVatRates('124', '2023-06-01')).toBeUndefined();
  });

  it('credit notes: negative throughout passes; mixed signs and unmarked negative invoices are asked about', () => {
    expect(deliverySignsDisagree(money('-624.75'), quantity('-5000.000'), quantity('-1005.000'), money('-65.79'))).toBe(false);
    expect(deliverySignsDisagree(money('-624.75'), quantity('0.000'))).toBe(false); // a price-only correction
    expect(deliverySignsDisagree(money('-624.75'), quantity('5000.000'))).toBe(true);
    expect(deliverySignsDisagree(money('624.75'), quantity('-5000.000'))).toBe(true);
    expect(invoiceCreditUnmarked('236', money('-150.00'))).toBe(true);
    expect(invoiceCreditUnmarked('236', money('-150.00'), 'Gutschrift Stadtwerke')).toBe(false);
    expect(invoiceCreditUnmarked('236', money('-150.00'), undefined, quantity('-30.000'))).toBe(false);
    expect(invoiceCreditUnmarked('901', money('-150.00'))).toBe(false); // price brake: a relief
    expect(invoiceCreditUnmarked('236', money('150.00'))).toBe(false);
  });

  it('CO2 area: within 10 % of the units, less the non-residential share', () => {
    const sum = decimal('415.5', 3);
    expect(areaSumOff(money('415.50'), sum)).toBeUndefined();
    expect(areaSumOff(money('4155.00'), sum)).toMatchObject({ low: { units: 37395n }, high: { units: 45705n } });
    expect(areaSumOff(money('300.00'), sum)).toBeDefined();
    expect(areaSumOff(money('300.00'), sum, decimal('25.0', 1))).toBeUndefined(); // a shop takes a quarter
  });

  it('prepayment: more than three times the likely share', () => {
    const w = { num: 725n * 365n, den: 10n };
    const total = { num: 4155n * 365n, den: 10n };
    expect(prepaymentFarAbove(180_000n, 3_306_846n, w, total)).toBeUndefined();
    expect(prepaymentFarAbove(12_060_000n, 3_306_846n, w, total)).toBe(577_007n);
  });

  it('invoice before the period: by date, or by its service period where it has one', () => {
    expect(datedBeforePeriod('2024-12-20', '2025-01-01')).toBe(true);
    expect(datedBeforePeriod('2024-12-20', '2025-01-01', { from: '2025-01-01', to: '2025-12-31' })).toBe(false);
    expect(datedBeforePeriod('2024-12-20', '2025-01-01', { from: '2024-01-01', to: '2024-12-31' })).toBe(true);
    expect(datedBeforePeriod('2025-01-01', '2025-01-01')).toBe(false);
  });
});

describe('pre-check: cases only the draft shows', () => {
  it('a district heat with factor 0 warns beside a 70 % gas mix, not beside a renewable one', () => {
    const heat = (mix: { source: string; share: string }[]) => (d: Draft) => {
      d.energysources[1]!.fuel = '144';
      d.energysources[1]!.deliveries[0]!.co2 = { emissionfactor: '0', emissionkg: '0,000', costgross: '0,00' };
      d.energysources[1]!.deliveries[0]!.energymix = mix;
    };
    expect(
      codes(
        heat([
          { source: '04', share: '70,0' },
          { source: '06', share: '30,0' },
        ]),
      ),
    ).toEqual(['CO2_FACTOR_ZERO_MIX energysources[1].deliveries[0].co2.emissionfactor']);
    expect(codes(heat([{ source: '06', share: '100,0' }]))).toEqual([]);
  });

  it('the credit note of a delivery (every figure negative) passes; a negative amount with a positive quantity is asked about', () => {
    const credit = (qty: string) => (d: Draft) => {
      d.energysources[1]!.deliveries.push({
        invoicedate: '2025-12-20',
        quantity: qty,
        amounts: { grossamount: '-624,75' },
        co2: { emissionfactor: '0,201', emissionkg: qty === '-5000' ? '-1005' : '1005', costgross: '-65,79' },
      });
    };
    const mine = (list: string[]) => list.filter((c) => /CREDIT_NOTE|UNIT_PRICE|CO2_PRICE/.test(c));
    expect(mine(codes(credit('-5000')))).toEqual([]);
    expect(mine(codes(credit('5000')))).toEqual(['CREDIT_NOTE_UNCLEAR energysources[1].deliveries[1].amounts']);
  });

  it('a January annual bill with the previous year’s CO2 price passes; in July it is asked about', () => {
    const bill = (date: string) => (d: Draft) => {
      d.energysources[1]!.deliveries[0]!.invoicedate = date;
      d.energysources[1]!.deliveries[0]!.co2!.costgross = '559,70'; // 45 € + 19 %
    };
    // The period's own dates are DATE_OUTSIDE_PERIOD's; only the CO2 price matters here.
    const co2 = (list: string[]) => list.filter((c) => c.startsWith('CO2_PRICE_YEAR'));
    expect(co2(codes(bill('20.01.2025')))).toEqual([]);
    expect(co2(codes(bill('15.07.2025')))).toEqual(['CO2_PRICE_YEAR energysources[1].deliveries[0].co2.costgross']);
  });

  it('reads German typing: a prepayment of −240,00 is an error, 0 € and −150 € invoices are remarks at their row', () => {
    expect(
      codes((d) => {
        d.billingrecipients[0]!.prepayments!.coldwater = { grossamount: '−240,00' };
        d.heatingsysteminvoices[0]!.amounts.grossamount = '0,00';
        d.ancillaryinvoices[4]!.amounts.grossamount = '-150,00';
      }),
    ).toEqual([
      'CREDIT_NOTE_UNCLEAR ancillaryinvoices[4].amounts',
      'PREPAYMENT_NEGATIVE billingrecipients[0].prepayments.coldwater.grossamount',
      'INVOICE_ZERO heatingsysteminvoices[0].amounts',
    ]);
  });
});
