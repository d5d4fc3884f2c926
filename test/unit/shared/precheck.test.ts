import { describe, expect, it } from 'vitest';
import { formatGermanDate } from '@shared/domain/dates';
import type { DraftContent } from '@shared/domain/workspace';
import { PRECHECK_CODES, precheck, type PrecheckMessage } from '@shared/domain/precheck/index';
import { carryTemplatePresets } from '@shared/domain/precheck/presets';
import { MISTAKE_RULES } from '@main/sandbox/rules/catalog-mistakes';
import { checkSubmission } from '@main/sandbox/rules/index';
import { baseSubmission, baseTemplate, ruleCases } from '@test/fixtures/billing-input';

type Draft = DraftContent & ReturnType<typeof baseSubmission>;
const template = baseTemplate();
const draft = (change: (d: Draft) => void = () => undefined): DraftContent => {
  const d = baseSubmission();
  change(d);
  return d;
};
const messages = (change: (d: Draft) => void): PrecheckMessage[] => precheck(draft(change), template);
const codes = (change: (d: Draft) => void): string[] => messages(change).map((m) => `${m.code} ${m.path}`);

/** The base submission as a clerk types it: German numbers and dates everywhere. */
function typedGerman(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => typedGerman(v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typedGerman(v, k)]));
  if (typeof value !== 'string' || ['key', 'source', 'taxservicetype', 'fuel'].includes(key)) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatGermanDate(value);
  if (/^-?\d+\.\d+$/.test(value)) {
    const [int = '', frac = ''] = value.split('.');
    return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
  }
  return value;
}

describe('precheck of a complete draft', () => {
  it('finds nothing in the realistic demo draft, typed in ISO or in German', () => {
    expect(precheck(baseSubmission(), template)).toEqual([]);
    const german = typedGerman(baseSubmission()) as DraftContent;
    expect(german.energysources?.[0]?.deliveries?.[0]?.amounts?.grossamount).toBe('8.568,00');
    expect(precheck(german, template)).toEqual([]);
  });

  it('finds nothing in an empty draft (nothing typed is nothing wrong, except what the period needs)', () => {
    const out = precheck({}, template);
    expect(out.every((m) => m.code === 'RECIPIENT_GAP' && m.path === 'billingrecipients')).toBe(true);
    expect(out.map((m) => m.params.unit)).toEqual(['0001', '0002', '0003', '0004', '0005', '0006']);
  });
});

describe('precheck agrees with the demo MSC', () => {
  const shared = ruleCases.filter((c) => (PRECHECK_CODES as readonly string[]).includes(c.code));

  it('covers the MSC rules it mirrors', () => {
    expect(shared.map((c) => c.code).sort()).toEqual(
      [
        'ALLOCATION_MISSING',
        'DATE_OUTSIDE_PERIOD',
        'ENERGYMIX_SUM',
        'NET_EXCEEDS_GROSS',
        'RECIPIENT_GAP',
        'RECIPIENT_OVERLAP',
        'STOCK_REQUIRED',
        'FUEL_AS_INVOICE',
        'COSTTYPE_WRONG_LIST',
        'CALORIFIC_VALUE_REQUIRED',
        'STOCK_DATE',
        'CLOSINGSTOCK_EXCEEDS',
        'CO2_KG_MISMATCH',
        'CO2_FACTOR_IMPLAUSIBLE',
        'CO2_COST_EXCEEDS',
        'CO2_AREA_REQUIRED',
        'VAT_RATIO',
        'DUPLICATE_DELIVERY',
        'ALLOCATION_ZERO_SUM',
        'VACANCY_AREA_MISSING',
        'RECIPIENT_DATES_DIFFER',
        // Issue 20 item 3: every rule of the mistakes' catalog is mirrored.
        ...MISTAKE_RULES.map((r) => r.code),
        'HOTWATER_FIGURES_REQUIRED',
        'HOTWATER_TEMPERATURE',
        'HOTWATER_METER',
        'SUPPLY_PERIOD',
        'USERCHANGE_WITHOUT_CHANGE',
        'VAT_INDICATOR_CONDOMINIUM',
        'CONDOMINIUM_DIFFERS',
        'USAGEGROUP_UNKNOWN',
        'CO2_NET_EXCEEDS_GROSS',
      ].sort(),
    );
  });

  it.each(shared)('$code: same severity and path as the MSC, and silent where the MSC is', (c) => {
    const mine = precheck(c.trigger(), template).filter((m) => m.code === c.code);
    const msc = checkSubmission(template, c.trigger()).filter((m) => m.shortmessage === c.code);
    expect(mine.map((m) => [m.severity, m.path])).toEqual(msc.map((m) => [m.type, m.path]));
    expect(mine.map((m) => m.path)).toContain(c.path);
    expect(precheck(c.pass(), template).filter((m) => m.code === c.code)).toEqual([]);
  });
});

describe('number formats', () => {
  it('NOT_A_NUMBER: text where money is expected', () => {
    expect(messages((d) => (d.heatingsysteminvoices[0]!.amounts.grossamount = '48O,00'))).toEqual([
      {
        severity: 'ERROR',
        code: 'NOT_A_NUMBER',
        path: 'heatingsysteminvoices[0].amounts.grossamount',
        params: { value: '48O,00' },
      },
    ]);
    expect(codes((d) => (d.heatingsysteminvoices[0]!.amounts.grossamount = '1.480,00'))).toEqual([]);
  });

  it('TOO_MANY_PLACES: money 2, quantity 3, share 1, allocation 3, emission factor 6', () => {
    const out = messages((d) => {
      const oil = d.energysources[0]!;
      oil.deliveries[0]!.amounts.grossamount = '8568,001';
      oil.deliveries[0]!.quantity = '8000,0001';
      oil.deliveries[0]!.co2!.emissionfactor = '2,6500001';
      d.energysources[1]!.deliveries[0]!.energymix = [{ source: '04', share: '100,00' }];
      d.billingrecipients[1]!.allocations[0]!.value = '58,2501';
    });
    expect(out.map((m) => [m.code, m.path, m.params.places])).toEqual([
      ['TOO_MANY_PLACES', 'billingrecipients[1].allocations[0].value', 3],
      ['TOO_MANY_PLACES', 'energysources[0].deliveries[0].amounts.grossamount', 2],
      ['TOO_MANY_PLACES', 'energysources[0].deliveries[0].co2.emissionfactor', 6],
      ['TOO_MANY_PLACES', 'energysources[0].deliveries[0].quantity', 3],
    ]);
    // 100,00 has a zero in the extra place: exact, so accepted (and the mix sums to 100 %).
    expect(
      codes((d) => {
        d.energysources[0]!.deliveries[0]!.amounts.grossamount = '8.568';
        d.energysources[0]!.deliveries[0]!.co2!.emissionfactor = '2,650001';
        d.energysources[1]!.deliveries[0]!.energymix = [{ source: '04', share: '100,0' }];
      }),
    ).toEqual([]);
  });

  it('NOT_A_DATE: an impossible day; empty cells are not judged', () => {
    expect(codes((d) => (d.ancillaryinvoices[0]!.invoicedate = '31.02.2025'))).toEqual([
      'NOT_A_DATE ancillaryinvoices[0].invoicedate',
    ]);
    expect(codes((d) => (d.ancillaryinvoices[0]!.invoicedate = '28.02.2025'))).toEqual([]);
    expect(codes((d) => (d.ancillaryinvoices[0]!.invoicedate = ''))).toEqual([]);
  });
});

describe('figures', () => {
  it('NET_EXCEEDS_GROSS also on prepayments, with both amounts as params', () => {
    const out = messages(
      (d) => (d.billingrecipients[0]!.prepayments!.heating = { grossamount: '1200.00', netamount: '1.300,00' }),
    );
    expect(out).toEqual([
      {
        severity: 'ERROR',
        code: 'NET_EXCEEDS_GROSS',
        path: 'billingrecipients[0].prepayments.heating.netamount',
        params: { net: '1300.00', gross: '1200.00' },
      },
    ]);
    expect(
      codes((d) => (d.billingrecipients[0]!.prepayments!.heating = { grossamount: '1200.00', netamount: '1008,40' })),
    ).toEqual([]);
  });

  it('ENERGYMIX_SUM: 95 % is an error at the mix, exact decimals (33,3 + 33,3 + 33,4)', () => {
    expect(messages((d) => (d.energysources[1]!.deliveries[0]!.energymix = [{ source: '04', share: '95' }]))).toEqual([
      { severity: 'ERROR', code: 'ENERGYMIX_SUM', path: 'energysources[1].deliveries[0].energymix', params: { total: '95.0' } },
    ]);
    const thirds = [
      { source: '04', share: '33,3' },
      { source: '06', share: '33,3' },
      { source: '01', share: '33,4' },
    ];
    expect(codes((d) => (d.energysources[1]!.deliveries[0]!.energymix = thirds))).toEqual([]);
  });

  it('STOCK_REQUIRED for a stored fuel without closing quantity, not for the unstored one', () => {
    expect(messages((d) => (d.energysources[0]!.closingstock!.quantity = ''))).toEqual([
      { severity: 'ERROR', code: 'STOCK_REQUIRED', path: 'energysources[0].closingstock', params: { date: '2025-12-31' } },
    ]);
    expect(codes((d) => delete d.energysources[1]!.openingstock)).toEqual([]);
  });

  it('DATE_OUTSIDE_PERIOD: a warning nearby, an error more than a year off, nothing inside or up to six months after', () => {
    expect(codes((d) => (d.heatingsysteminvoices[0]!.invoicedate = '15.01.2026'))).toEqual([]);
    expect(codes((d) => (d.heatingsysteminvoices[0]!.invoicedate = '30.06.2026'))).toEqual([]);
    expect(messages((d) => (d.heatingsysteminvoices[0]!.invoicedate = '01.07.2026'))).toEqual([
      {
        severity: 'WARNING',
        code: 'DATE_OUTSIDE_PERIOD',
        path: 'heatingsysteminvoices[0].invoicedate',
        params: { date: '2026-07-01', from: '2025-01-01', to: '2025-12-31', days: 182 },
      },
    ]);
    expect(
      messages((d) => {
        d.heatingsysteminvoices[0]!.invoicedate = '20.01.2026';
        d.heatingsysteminvoices[0]!.servicefrom = '15.12.2024';
        d.heatingsysteminvoices[0]!.serviceto = '14.12.2025';
      }),
    ).toEqual([
      {
        severity: 'WARNING',
        code: 'DATE_OUTSIDE_PERIOD',
        path: 'heatingsysteminvoices[0].servicefrom',
        params: { date: '2024-12-15', from: '2025-01-01', to: '2025-12-31', days: 17 },
      },
    ]);
    expect(messages((d) => (d.heatingsysteminvoices[0]!.invoicedate = '2027-03-01')).map((m) => m.severity)).toEqual(['ERROR']);
    expect(codes((d) => (d.heatingsysteminvoices[0]!.invoicedate = '31.12.2025'))).toEqual([]);
  });
});

describe('recipients', () => {
  it('RECIPIENT_OVERLAP names the other entry', () => {
    const only = (code: string, change: (d: Draft) => void) => messages(change).filter((m) => m.code === code);
    expect(only('RECIPIENT_OVERLAP', (d) => (d.billingrecipients[3]!.validfrom = '15.06.2025'))).toEqual([
      {
        severity: 'ERROR',
        code: 'RECIPIENT_OVERLAP',
        path: 'billingrecipients[3].validfrom',
        params: { unit: '0003', otherFrom: '2025-01-01', otherTo: '2025-06-30' },
      },
    ]);
    expect(codes((d) => (d.billingrecipients[3]!.validfrom = '01.07.2025'))).toEqual([]);
  });

  it('RECIPIENT_GAP is a warning; a vacancy covers its days', () => {
    const gaps = messages((d) => (d.billingrecipients[2]!.validto = '2025-06-15')).filter((m) => m.code === 'RECIPIENT_GAP');
    expect(gaps).toEqual([
      {
        severity: 'WARNING',
        code: 'RECIPIENT_GAP',
        path: 'billingrecipients[3].validfrom',
        params: { unit: '0003', first: '2025-06-16', last: '2025-06-30', days: 15 },
      },
    ]);
    expect(codes((d) => (d.billingrecipients[5]!.vacancy = true)).filter((c) => c.startsWith('RECIPIENT_GAP'))).toEqual([]);
    expect(codes((d) => d.billingrecipients.splice(5, 1))).toEqual(['RECIPIENT_GAP billingrecipients[5].validfrom']);
  });

  it('ALLOCATION_MISSING per key: a missing entry or an empty value; vacancies need none', () => {
    const out = messages((d) => {
      d.billingrecipients[1]!.allocations = [
        { key: '010', value: '58,25' },
        { key: '022', value: ' ' },
      ];
    });
    expect(out.map((m) => [m.path, m.params.key])).toEqual([
      ['billingrecipients[1].allocations', '035'],
      ['billingrecipients[1].allocations[1].value', '022'],
    ]);
    expect(out.every((m) => m.code === 'ALLOCATION_MISSING' && m.severity === 'ERROR')).toBe(true);
    expect(codes((d) => (d.billingrecipients[5]!.allocations = [{ key: '010', value: '64' }]))).toEqual([]);
    expect(codes((d) => (d.billingrecipients[5]!.allocations = []))).toEqual([
      'VACANCY_AREA_MISSING billingrecipients[5].allocations',
    ]);
  });

  it('carries the template’s presets into a draft that lacks them, keeping what the clerk typed', () => {
    const d = draft((x) => {
      delete x.energysources[0]!.calorificvalue;
      x.energysources[1]!.calorificvalue = '1,0';
      delete x.co2configuration;
    });
    expect(precheck(d, template).map((m) => m.code)).toEqual(['CO2_AREA_REQUIRED', 'CALORIFIC_VALUE_REQUIRED']);
    const carried = carryTemplatePresets(d, template);
    expect(carried.energysources?.map((s) => s['calorificvalue'])).toEqual(['10.0800', '1,0']);
    expect(carried['co2configuration']).toEqual({
      heatedarea: '415.50',
      nonresidentialshare: '0.0',
      restrictionbuilding: false,
      restrictionsupply: false,
    });
    expect(precheck(carried, template)).toEqual([]);
    expect(carryTemplatePresets(carried, template)).toBe(carried);
  });

  // Its speed is measured by `npm run bench` (the rules of a large property), not here.
  it('judges each of 2,000 recipients × 5 keys', () => {
    const d = baseSubmission();
    const one = d.billingrecipients[0]!;
    d.billingrecipients = Array.from({ length: 2000 }, (_, i) => ({
      ...one,
      residentialunitMscnumber: String(i + 1).padStart(4, '0'),
      allocations: ['010', '022', '035', '040', '050'].map((key) => ({ key, value: '12,5' })),
    }));
    // 2,000 copies of one flat: their areas far exceed the CO2 area, and each pays a year's advance for a 2,000th.
    const messages = precheck(d, template);
    expect([...new Set(messages.map((m) => m.code))].sort()).toEqual(['CO2_AREA_SUM', 'PREPAYMENT_HIGH']);
    expect(messages.filter((m) => m.code === 'PREPAYMENT_HIGH')).toHaveLength(2000);
  });
});
