import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@shared/domain/workspace';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { sentUnits } from '@main/app/handlers/units';

const request = (units: SetupRequest['residentialunits']): SetupRequest => ({
  billingunitMscnumber: '100200303',
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: units,
});

let seq = 0;
const item = (state: 'sent' | 'failed', billingunit: string, units: SetupRequest['residentialunits']): OutboxItem => {
  seq++;
  const base = {
    id: `i${String(seq)}`,
    seq,
    billingunit,
    request: request(units),
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    attempts: 1,
  };
  return state === 'sent'
    ? { ...base, state, transactionid: `tx${String(seq)}`, sentAt: '2025-03-01T08:00:01.000Z' }
    : { ...base, state, failure: { code: 'NETWORK', message: 'weg', retryable: true } };
};

describe('units sent for matching', () => {
  it('keeps every unit ever sent for the billing unit, the newest version of a re-sent one winning', () => {
    const items = [
      item('sent', '100200303', [{ residentialunitPmnumber: 'A' }, { residentialunitPmnumber: 'B' }]),
      item('sent', '100200301', [{ residentialunitPmnumber: 'X' }]),
      item('failed', '100200303', [{ residentialunitPmnumber: 'C' }]),
      item('sent', '100200303', [{ residentialunitPmnumber: 'B', auxiliarycriteria: { position: 'links' } }]),
    ];

    const units = sentUnits(items, '100200303');

    expect(units.map((u) => u.residentialunitPmnumber).sort()).toEqual(['A', 'B']);
    expect(units.find((u) => u.residentialunitPmnumber === 'B')?.auxiliarycriteria).toEqual({ position: 'links' });
  });

  it('is empty when nothing was sent from this computer', () => {
    expect(sentUnits([], '100200303')).toEqual([]);
  });
});
