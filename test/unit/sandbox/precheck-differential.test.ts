/**
 * The local pre-check and the demo MSC walk the same fill (shared/domain/fill-walk) and must judge it alike: over
 * every demo template's plausible fill and a set of fills with one real-world mistake each, both report the same
 * codes with the same severity at the same paths, for every rule the pre-check implements.
 */
import { describe, expect, it } from 'vitest';
import { PRECHECK_CODES, precheck } from '@shared/domain/precheck/index';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { RULE_CODES, checkSubmission } from '@main/sandbox/rules/index';
import { demoWorld } from '@main/sandbox/seed';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';

const SHARED = new Set<string>(PRECHECK_CODES.filter((c) => RULE_CODES.includes(c)));
const COMPARED_BY_RULE_CASES = new Set<string>([
  ...['STOCK_NEGATIVE', 'PREPAYMENT_NEGATIVE', 'CALORIFIC_VALUE_UNIT', 'VAT_RATE_COSTTYPE', 'INVOICE_ZERO'],
  ...['UNIT_PRICE_IMPLAUSIBLE', 'PERSONS_ZERO', 'AREA_CHANGED', 'CO2_FACTOR_ZERO_MIX', 'PREPAYMENT_HIGH'],
  ...['HOTWATER_FIGURES_REQUIRED', 'HOTWATER_TEMPERATURE', 'HOTWATER_METER', 'SUPPLY_PERIOD', 'USERCHANGE_WITHOUT_CHANGE'],
  ...['VAT_INDICATOR_CONDOMINIUM', 'CONDOMINIUM_DIFFERS', 'USAGEGROUP_UNKNOWN', 'CO2_NET_EXCEEDS_GROSS'],
]);

const templates: Template[] = demoWorld().billingunits.flatMap((bu) =>
  bu.periods.flatMap((p) => (p.template ? [p.template] : [])),
);

type Mutation = [name: string, change: (s: FilledTemplate) => void];

const firstDelivery = (s: FilledTemplate) => s.energysources[0]?.deliveries[0];
const firstInvoice = (s: FilledTemplate) => s.heatingsysteminvoices[0] ?? s.ancillaryinvoices[0];

const MUTATIONS: Mutation[] = [
  ['as built', () => undefined],
  [
    'net above gross',
    (s) => {
      const a = firstInvoice(s)?.amounts;
      if (a) Object.assign(a, { grossamount: '10.00', netamount: '20.00' });
    },
  ],
  [
    'energy mix not 100 %',
    (s) => {
      const d = firstDelivery(s);
      if (d) d.energymix = [{ source: '04', share: '60.0' }];
    },
  ],
  [
    'no closing stock',
    (s) => {
      s.energysources.forEach((src) => delete src.closingstock);
    },
  ],
  [
    'invoice two years off',
    (s) => {
      const inv = firstInvoice(s);
      if (inv) inv.invoicedate = '2019-05-05';
    },
  ],
  [
    'invoice dated in January after the period, service period inside',
    (s) => {
      const inv = firstInvoice(s);
      if (!inv) return;
      inv.invoicedate = '2026-01-20';
      inv.servicefrom = '2025-01-01';
      inv.serviceto = '2025-12-31';
    },
  ],
  [
    'service period starting before the period',
    (s) => {
      const d = firstDelivery(s);
      if (d) Object.assign(d, { servicefrom: '2024-12-01', serviceto: '2025-11-30' });
    },
  ],
  [
    'invoice dated eight months after the period',
    (s) => {
      s.ancillaryinvoices.forEach((inv) => (inv.invoicedate = '2026-08-31'));
    },
  ],
  [
    'fuel cost as invoice, cost type in the wrong list',
    (s) => {
      s.heatingsysteminvoices.push({ cost: { key: '201' }, invoicedate: '2025-03-01', amounts: { grossamount: '10.00' } });
      const moved = s.ancillaryinvoices.shift();
      if (moved) s.heatingsysteminvoices.push(moved);
    },
  ],
  [
    'no calorific value',
    (s) => {
      s.energysources.forEach((src) => delete src.calorificvalue);
    },
  ],
  [
    'stocks misdated and closing stock too large',
    (s) => {
      for (const src of s.energysources) {
        if (src.openingstock) src.openingstock.date = '2024-06-30';
        if (src.closingstock) Object.assign(src.closingstock, { date: '2025-12-30', quantity: '999999.000' });
      }
    },
  ],
  [
    'CO2 kg, factor and cost off',
    (s) => {
      for (const src of s.energysources) {
        const c = src.deliveries[0]?.co2;
        if (c) Object.assign(c, { emissionkg: '1.000', emissionfactor: '9.9', costgross: '9999999.00' });
      }
    },
  ],
  [
    'credit note with CO2 cost of the other sign',
    (s) => {
      const d = firstDelivery(s);
      if (d?.co2 && d.amounts.grossamount !== undefined) {
        d.amounts = { ...d.amounts, grossamount: '-624.75', ...(d.amounts.netamount ? { netamount: '-525.00' } : {}) };
        d.co2.costgross = '65.79';
      }
    },
  ],
  ['no CO2 area', (s) => delete s.co2configuration],
  [
    'VAT 25 %',
    (s) => {
      const a = s.ancillaryinvoices[0]?.amounts;
      if (a) Object.assign(a, { grossamount: '125.00', netamount: '100.00' });
    },
  ],
  [
    'delivery entered twice',
    (s) => {
      const src = s.energysources[0];
      const d = src?.deliveries[0];
      if (src && d) src.deliveries.push(structuredClone(d));
    },
  ],
  [
    'allocation values all 0 and a vacancy without area',
    (s) => {
      // A persons key where the template has one, else the first key of the first let unit.
      const keys = s.billingrecipients.flatMap((r) => r.allocations.map((a) => a.key));
      const key = ['035', '034'].find((k) => keys.includes(k)) ?? keys[0];
      for (const r of s.billingrecipients) for (const a of r.allocations) if (a.key === key || r.vacancy) a.value = '0';
    },
  ],
  [
    'a recipient without a value for one key',
    (s) => {
      const r = s.billingrecipients.find((x) => !x.vacancy);
      r?.allocations.shift();
    },
  ],
  [
    'tenant dates differ from OSR, overlap and gap',
    (s) => {
      const [a, b] = s.billingrecipients;
      if (a) a.validto = '2025-06-30';
      if (b) b.validfrom = '2025-02-01';
      const c = s.billingrecipients[2];
      if (c) s.billingrecipients.push({ ...structuredClone(c), validfrom: '2025-03-01', validto: '2025-04-30' });
    },
  ],
];

const cases = templates.flatMap((t) =>
  MUTATIONS.map(([name, change]) => ({ name: `${t.billingunitMscnumber} ${t.billingperiod.to}: ${name}`, t, change })),
);

describe('pre-check and demo MSC judge the same fills alike', () => {
  it('covers the demo templates and every shared rule', () => {
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const seen = new Set<string>();
    for (const c of cases) {
      const fill = demoSubmission(c.t);
      c.change(fill);
      for (const m of checkSubmission(c.t, fill)) seen.add(m.shortmessage);
    }
    // The mutations reach every rule both checks implemented when this test was written. The rules of issue 20's
    // items 3 and 4 are compared rule by rule, each triggered and passed, in test/unit/shared/precheck.test.ts
    // ("precheck agrees with the demo MSC"); here they only have to agree wherever the mutations reach them.
    const missed = [...SHARED].filter((code) => !seen.has(code) && !COMPARED_BY_RULE_CASES.has(code));
    expect(missed).toEqual([]);
  });

  it.each(cases)('$name', ({ t, change }) => {
    const fill = demoSubmission(t);
    change(fill);
    const msc = checkSubmission(t, fill)
      .filter((m) => SHARED.has(m.shortmessage))
      .map((m) => `${m.shortmessage} ${m.type} ${m.path}`)
      .sort();
    const local = precheck(fill, t)
      .filter((m) => SHARED.has(m.code))
      .map((m) => `${m.code} ${m.severity} ${m.path}`)
      .sort();
    expect(local).toEqual(msc);
  });
});
