import { describe, expect, it } from 'vitest';
import { co2Consumption } from '@shared/domain/co2-consumption';
import { co2Split } from '@shared/domain/co2-split';
import { formatIso, optionalDecimal } from '@shared/domain/decimal';

const delivery = (invoicedate: string, quantity: string, emissionkg: string, costgross: string) => ({
  invoicedate,
  quantity,
  co2: { emissionfactor: '2.66', emissionkg, costgross },
});

describe('co2Consumption: the fuel burnt, first in first out', () => {
  it('values the oil example of issue 20: 3.850 l + 2.000 l − 500 l = 5.350 l, 14.231 kg', () => {
    const c = co2Consumption({
      fuel: '111',
      openingstock: { date: '2025-01-01', quantity: '3850.000' },
      closingstock: { date: '2025-12-31', quantity: '500.000' },
      deliveries: [delivery('2025-10-01', '2000.000', '5320.000', '348.50')],
    });
    // Stock 3.850 l × 2,66 = 10.241 kg at 45 €/t (2024) + 19 % = 548,41 €; of the delivery 1.500 of 2.000 l:
    // 3.990 kg, 261,38 €.
    expect([formatIso(c.burnt), formatIso(c.kg), formatIso(c.cost)]).toEqual(['5350.000', '14231.000', '809.79']);
  });

  it('burns the stock first, then deliveries by date, whatever their order in the list', () => {
    const c = co2Consumption({
      fuel: '111',
      closingstock: { date: '2025-12-31', quantity: '1000.000' },
      deliveries: [
        delivery('2025-11-01', '1000.000', '2660.000', '200.00'),
        delivery('2025-02-01', '1000.000', '2000.000', '100.00'),
      ],
    });
    // The closing 1.000 l are November's: only February's delivery was burnt.
    expect([formatIso(c.kg), formatIso(c.cost)]).toEqual(['2000.000', '100.00']);
  });

  it('gives figures for a year burnt only from stock', () => {
    const c = co2Consumption({
      fuel: '111',
      openingstock: { date: '2024-12-31', quantity: '3000.000' },
      closingstock: { date: '2025-12-31', quantity: '1000.000' },
      deliveries: [],
    });
    // 2.000 l × 2,66 kg/l (BEHG standard value for oil) = 5.320 kg; 45 €/t + 19 %.
    expect([c.hasFigures, formatIso(c.kg), formatIso(c.cost)]).toEqual([true, '5320.000', '284.89']);
  });

  it('counts piped fuel (no stocks) and deliveries without a quantity whole', () => {
    const c = co2Consumption({
      fuel: '194',
      deliveries: [
        {
          invoicedate: '2025-06-01',
          quantity: '52000.000',
          co2: { emissionfactor: '0.201', emissionkg: '10452.000', costgross: '684.08' },
        },
        { invoicedate: '2025-07-01', co2: { emissionfactor: '0.201', emissionkg: '-100.000', costgross: '-6.54' } },
      ],
    });
    expect([formatIso(c.kg), formatIso(c.cost)]).toEqual(['10352.000', '677.54']);
  });
});

describe('numbers are read by the shared decimal reader', () => {
  it('reads every CO2 figure as decimal.ts reads a contract string, and an unreadable one as nothing', () => {
    const texts = ['5320.000', '5320', '-100.5', '+12.000', '−3.25', ' 7.1 ', '348.500', '12.3456', '1,5', 'x', ''];
    for (const text of texts) {
      const c = co2Consumption({
        fuel: '194',
        deliveries: [{ invoicedate: '2025-06-01', co2: { emissionfactor: '0.201', emissionkg: text, costgross: text } }],
      });
      const read = (scale: 2 | 3, zero: string) => {
        const d = optionalDecimal(text, scale);
        return d ? formatIso(d) : zero;
      };
      expect([text, formatIso(c.kg), formatIso(c.cost)]).toEqual([text, read(3, '0.000'), read(2, '0.00')]);
    }
  });
});

describe('the oil example in the split', () => {
  it('from stock and delivery to tier 3: 14,231 kg, 18.09 kg/m²a, 20 % for the landlord', () => {
    const c = co2Consumption({
      fuel: '111',
      openingstock: { date: '2025-01-01', quantity: '3850.000' },
      closingstock: { date: '2025-12-31', quantity: '500.000' },
      deliveries: [delivery('2025-10-01', '2000.000', '5320.000', '348.50')],
    });
    const s = co2Split({ kg: formatIso(c.kg), cost: formatIso(c.cost), area: '786.50', from: '2025-01-01', to: '2025-12-31' });
    expect([formatIso(c.kg), formatIso(s!.intensity), s?.tier.tier, formatIso(s!.landlordPercent)]).toEqual([
      '14231.000',
      '18.09',
      3,
      '20.0',
    ]);
  });

  it('is tier 3 with 20 % for the landlord on the 786,50 m² of the demo property’s dwellings', () => {
    const s = co2Split({ kg: '14231.000', cost: '809.79', area: '786.50', from: '2025-01-01', to: '2025-12-31' });
    expect([formatIso(s!.intensity), s?.tier.tier, formatIso(s!.landlordPercent)]).toEqual(['18.09', 3, '20.0']);
  });
});
