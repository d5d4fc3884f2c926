import { describe, expect, it } from 'vitest';
import { balanceSide, magnitude, recipientRows } from '@shared/domain/result-rows';
import type { BillingResult, RecipientResult, ResultPosition, ValueSource } from '@shared/msc/billing-result';

const both = (gross: string, net: string) => ({ grossamount: gross, netamount: net });

function recipient(over: Partial<RecipientResult>): RecipientResult {
  return {
    residentialunitMscnumber: '0001',
    residentialunitPmnumber: 'WE 1/01',
    partnerPmnumber: 'P-100',
    name: 'Ayşe Öztürk',
    validfrom: '2025-01-01',
    validto: '2025-12-31',
    vacancy: false,
    totalcost: both('1190.00', '1000.00'),
    co2landlordshare: both('59.50', '50.00'),
    prepayment: both('1309.00', '1100.00'),
    balance: both('-119.00', '-100.00'),
    newmonthlyprepayment: both('100.00', '84.03'),
    positions: [
      position('230', 'Heizung', 'ESTIMATED'),
      position('230', 'Heizung', 'ESTIMATED'),
      position('240', 'Warmwasser', 'READ'),
    ],
    ...over,
  };
}

function position(costtype: string, text: string, source: ValueSource): ResultPosition {
  return {
    costtype,
    text,
    allocation: 'E',
    basis: 'CONSUMPTION',
    cost: both('100.00', '84.03'),
    consumption: { value: '12.000', unit: '030', total: '100.000', source },
  };
}

function result(expectedvat: BillingResult['expectedvat'], results: RecipientResult[]): BillingResult {
  return { expectedvat, results } as unknown as BillingResult;
}

describe('one row per billing recipient of a billing result', () => {
  it('takes the net amounts where the template expects net, else the gross ones', () => {
    const r = [recipient({})];
    expect(recipientRows(result('NET', r))[0]).toMatchObject({
      totalcost: '1000.00',
      co2landlordshare: '50.00',
      prepayment: '1100.00',
      balance: '-100.00',
      side: 'refund',
      newmonthlyprepayment: '84.03',
    });
    for (const vat of ['GROSS', 'BOTH'] as const)
      expect(recipientRows(result(vat, r))[0]).toMatchObject({
        totalcost: '1190.00',
        balance: '-119.00',
        newmonthlyprepayment: '100.00',
      });
  });

  it('reads an amount the MSC left out as 0.00 but keeps a missing prepayment suggestion missing', () => {
    const [row] = recipientRows(
      result('NET', [recipient({ co2landlordshare: { grossamount: '5.00' }, newmonthlyprepayment: { grossamount: '9.00' } })]),
    );
    expect(row?.co2landlordshare).toBe('0.00');
    expect(row?.newmonthlyprepayment).toBeUndefined();
  });

  it('lists each estimated position once, by its text', () => {
    expect(recipientRows(result('GROSS', [recipient({})]))[0]?.estimated).toEqual(['Heizung']);
  });

  it('says which way a balance goes; a signed zero is even', () => {
    expect(['34.56', '-80.25', '0.00', '-0.00', '0', '0.01', '-0.01'].map(balanceSide)).toEqual([
      'pays',
      'refund',
      'even',
      'even',
      'even',
      'pays',
      'refund',
    ]);
    expect(magnitude('-80.25')).toBe('80.25');
  });
});
