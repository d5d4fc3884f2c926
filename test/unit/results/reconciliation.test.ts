import { describe, expect, it } from 'vitest';
import { co2Preview } from '@shared/domain/co2-split';
import { formatIso, money, sub } from '@shared/domain/decimal';
import { distributableCost, reconcile, splitByWeights } from '@shared/domain/reconciliation';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import type { BillingResult, RecipientResult } from '@shared/msc/billing-result';
import { templateExample } from '@test/fixtures/msc-examples';

const fill: FilledTemplate = {
  currency: 'EUR',
  expectedvat: 'GROSS',
  energysources: [
    {
      slot: 1,
      fuel: '111',
      openingstock: { date: '2025-01-01', quantity: '1000.000', amounts: { grossamount: '1000.00' } },
      closingstock: { date: '2025-12-31', quantity: '500.000', amounts: { grossamount: '500.00' } },
      deliveries: [
        {
          invoicedate: '2025-03-01',
          quantity: '3000.000',
          amounts: { grossamount: '3000.00' },
          co2: { emissionfactor: '2.66', emissionkg: '7980.000', costgross: '400.00' },
        },
      ],
    },
  ],
  heatingsysteminvoices: [{ cost: { key: '220' }, invoicedate: '2025-12-31', amounts: { grossamount: '100.00' } }],
  ancillaryinvoices: [
    { cost: { key: '400' }, allocationkey: '010', invoicedate: '2025-12-31', amounts: { grossamount: '200.00' } },
  ],
  billingrecipients: [
    recipient('0001', 'P-1', '2025-01-01', '600.00'),
    recipient('0002', 'P-2', '2025-01-01', '900.00'),
    { ...recipient('0003', 'P-9', '2025-01-01', undefined), vacancy: true },
  ],
  co2configuration: { heatedarea: '300.00' },
};

function recipient(unit: string, partner: string, validfrom: string, heating: string | undefined) {
  return {
    residentialunitMscnumber: unit,
    partnerPmnumber: partner,
    validfrom,
    validto: '2025-12-31',
    vacancy: false,
    ...(heating ? { prepayments: { heating: { grossamount: heating } } } : {}),
    allocations: [],
  };
}

const template: Template = {
  ...templateExample,
  expectedvat: 'GROSS',
  co2configuration: { applicable: true, nonresidential: false, heatedarea: '300.00' },
};

function res(
  unit: string,
  partner: string,
  name: string,
  heat: string,
  other: string,
  co2: string,
  prepayment: string,
  over: Partial<RecipientResult> = {},
): RecipientResult {
  // Charged: heating minus the landlord's CO2 share, plus the other costs.
  const charged = formatIso(sub(sub(money(heat), money(co2)), money(`-${other}`)));
  return {
    residentialunitMscnumber: unit,
    partnerPmnumber: partner,
    name,
    validfrom: '2025-01-01',
    validto: '2025-12-31',
    vacancy: false,
    totalcost: { grossamount: charged },
    co2landlordshare: { grossamount: co2 },
    prepayment: { grossamount: prepayment },
    balance: { grossamount: formatIso(sub(money(charged), money(prepayment))) },
    newmonthlyprepayment: { grossamount: '70.00' },
    positions: [
      { costtype: '201', text: 'Heizung', allocation: 'H', basis: 'CONSUMPTION', cost: { grossamount: heat } },
      { costtype: '202', text: 'CO2-Kosten Vermieteranteil', allocation: 'H', basis: 'KEY', cost: { grossamount: `-${co2}` } },
      { costtype: '400', text: 'Allgemeinstrom', allocation: 'B', basis: 'KEY', cost: { grossamount: other } },
    ],
    ...over,
  };
}

/** Distributable: 1000 + 3000 − 500 + 100 + 200 = 3800.00; heating 3600 split 1200/1800/600, other 200 as 80/100/20. */
function billed(landlord: readonly [string, string, string]): BillingResult {
  const results = [
    res('0001', 'P-1', 'Anna Müller', '1200.00', '80.00', landlord[0], '600.00'),
    res('0002', 'P-2', 'Łukasz Nowak', '1800.00', '100.00', landlord[1], '900.00'),
    res('0003', 'P-9', 'Leerstand', '600.00', '20.00', landlord[2], '0.00', { vacancy: true }),
  ];
  return {
    billingunitMscnumber: '100200300',
    billingperiod: { from: '2025-01-01', to: '2025-12-31' },
    currency: 'EUR',
    expectedvat: 'GROSS',
    billingdate: '2026-02-15',
    transactionid: 't-1',
    createdat: '2026-02-15T10:00:00Z',
    totals: {
      distributablecost: { grossamount: '3800.00' },
      heating: { grossamount: '3600.00' },
      hotwater: { grossamount: '0.00' },
      coldwater: { grossamount: '0.00' },
      operating: { grossamount: '200.00' },
      totalcost: { grossamount: '0.00' },
      co2landlordshare: { grossamount: '0.00' },
      prepayment: { grossamount: '1500.00' },
      balance: { grossamount: '0.00' },
    },
    results,
    documents: [
      {
        documentid: 'HKA-0001-P-1',
        type: 'HKA',
        residentialunitMscnumber: '0001',
        partnerPmnumber: 'P-1',
        title: 'HKA',
        mediatype: 'application/pdf',
      },
      {
        documentid: 'HKA-0002-P-2',
        type: 'HKA',
        residentialunitMscnumber: '0002',
        partnerPmnumber: 'P-2',
        title: 'HKA',
        mediatype: 'application/pdf',
      },
    ],
  };
}

/**
 * Our CO2 split of the fill, on the fuel burnt (first in, first out): the opening stock's 1000 l (2660 kg at 2024's
 * 45 €/t + 19 % = 142.44 €) and 2500 l of the delivery (6650 kg, 333.33 €) = 9310 kg over 300 m² = 31.0 kg/m²:
 * tier 5, landlord 40 % of 475.77 € = 190.31 €, by heating cost.
 */
function ourShares(): [string, string, string] {
  const preview = co2Preview(fill, template);
  if (preview.status !== 'split') throw new Error(preview.status);
  const parts = splitByWeights(preview.split.landlord, [money('1200.00'), money('1800.00'), money('600.00')]);
  return parts.map(formatIso) as [string, string, string];
}

/** Above every balance of the example, so only the check under test speaks. */
const HIGH = { balanceThreshold: '1000.00' };

describe('reconciliation of a billing result with the submission', () => {
  it('computes the distributable costs of the fill: fuel consumed plus every invoice', () => {
    expect(formatIso(distributableCost(fill, 'grossamount'))).toBe('3800.00');
  });

  it('finds nothing to complain about in a result that matches the submission', () => {
    const shares = ourShares();
    expect(shares).toEqual(['63.44', '95.15', '31.72']);
    const recon = reconcile(billed(shares), fill, template, HIGH);
    expect(recon.messages.map((m) => [m.code, m.params])).toEqual([]);
    expect(recon).toMatchObject({
      submitted: '3800.00',
      billed: '3800.00',
      recipients: 3,
      counts: { error: 0, warning: 0, info: 0 },
    });
  });

  it('locates a prepayment the MSC used differently, and the balance arithmetic that goes with it', () => {
    const result = billed(ourShares());
    const second = result.results[1] as RecipientResult;
    second.prepayment = { grossamount: '950.00' };
    second.balance = { grossamount: formatIso(sub(money(second.totalcost.grossamount ?? '0'), money('950.00'))) };
    const recon = reconcile(result, fill, template, HIGH);
    expect(recon.messages).toEqual([
      {
        code: 'PREPAYMENT_DIFFERS',
        severity: 'error',
        params: { sent: '900.00', used: '950.00', difference: '50.00' },
        place: {
          residentialunitMscnumber: '0002',
          residentialunitPmnumber: undefined,
          partnerPmnumber: 'P-2',
          name: 'Łukasz Nowak',
          validfrom: '2025-01-01',
        },
      },
    ]);
  });

  it('flags a total that does not add up, a missing result, a missing HKA, a wrong balance, a high balance and estimates', () => {
    const result = billed(ourShares());
    const first = result.results[0] as RecipientResult;
    first.totalcost = { grossamount: '1300.00' };
    first.positions[0] = {
      ...(first.positions[0] as RecipientResult['positions'][number]),
      consumption: { value: '120.000', unit: '030', total: '400.000', source: 'ESTIMATED' },
    };
    result.results.splice(2, 1);
    result.documents.splice(1, 1);
    const recon = reconcile(result, fill, template, { balanceThreshold: '600.00' });
    const codes = recon.messages.map((m) => `${m.code}:${m.place?.partnerPmnumber ?? '-'}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'TOTAL_DIFFERS:-',
        'RESULT_MISSING:P-9',
        'BALANCE_ARITHMETIC:P-1',
        'DOCUMENT_MISSING:P-2',
        'ESTIMATED:P-1',
        'BALANCE_HIGH:P-1',
      ]),
    );
    expect(recon.messages.find((m) => m.code === 'TOTAL_DIFFERS')?.params).toMatchObject({ submitted: '3800.00' });
    expect(recon.counts.error).toBeGreaterThanOrEqual(4);
  });

  it('checks the CO2 landlord share per recipient against our own split', () => {
    const [a, b, c] = ourShares();
    const shifted = billed([formatIso(sub(money(a), money('5.00'))), formatIso(sub(money(b), money('-5.00'))), c]);
    const recon = reconcile(shifted, fill, template, HIGH);
    expect(
      recon.messages
        .filter((m) => m.code === 'CO2_DIFFERS')
        .map((m) => [m.place?.partnerPmnumber, m.params.ours, m.params.billed]),
    ).toEqual([
      ['P-1', '63.44', '58.44'],
      ['P-2', '95.15', '100.15'],
    ]);
    const wrongTotal = reconcile(billed(['73.44', '95.15', '31.72']), fill, template, HIGH);
    expect(wrongTotal.messages.map((m) => m.code)).toContain('CO2_TOTAL_DIFFERS');
    expect(reconcile(billed(ourShares()), fill, undefined, HIGH).messages.map((m) => m.code)).toEqual(['CO2_NOT_CHECKED']);
  });

  it('splits by largest remainder so the parts add up to the whole', () => {
    const parts = splitByWeights(money('100.00'), [money('1'), money('1'), money('1')]);
    expect(parts.map(formatIso)).toEqual(['33.34', '33.33', '33.33']);
  });
});
