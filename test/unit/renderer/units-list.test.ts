/** The Liegenschaften list's rules: URL parameters, categories per unit, search, filter and sort. */
import { describe, expect, it } from 'vitest';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import {
  countByFilter,
  listSearch,
  matchesQuery,
  parseListParams,
  toRows,
  visibleRows,
} from '@renderer/features/units/unit-list';

const unit = (
  n: string,
  street: string,
  postalcode: string,
  city: string,
  lastupdate = '2025-01-02T06:00:00Z',
): BillingUnitSummary => ({
  billingunitMscnumber: n,
  billingunitPmnumber: `PM-${n}`,
  customerMscnumber: '0000012345',
  address: { street, postalcode, city },
  setupstatus: 'OPEN',
  lastupdate,
});

const leipzig = unit('100200301', 'Karl-Heine-Straße 42', '04229', 'Leipzig', '2025-03-01T06:00:00Z');
const oberweser = unit('100200302', 'Dorfstraße 12', '34399', 'Oberweser');
const koeln = unit('100200303', 'Lindenallee 5', '50968', 'Köln', '2025-02-01T06:00:00Z');
const big = unit('9', 'Ringstraße 1', '10115', 'Berlin');

const failed: OutboxItem = {
  id: 'a',
  seq: 1,
  billingunit: '100200302',
  request: {
    billingunitMscnumber: '100200302',
    customerMscnumber: '0000012345',
    ordercriteriafor: 'USAGEUNIT',
    residentialunits: [{ residentialunitPmnumber: 'X' }],
  },
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:05.000Z',
  attempts: 1,
  state: 'failed',
  failure: { code: 'NETWORK', message: 'weg', retryable: true },
};

describe('list parameters in the URL', () => {
  it('reads status, search and sort, and falls back to the plain list for anything unknown', () => {
    expect(parseListParams(new URLSearchParams('status=ambiguous&q=Köln&sort=-lastupdate'))).toEqual({
      status: 'ambiguous',
      q: 'Köln',
      sort: { key: 'lastupdate', dir: 'desc' },
    });
    expect(parseListParams(new URLSearchParams('status=kaputt&sort=farbe'))).toEqual({
      status: 'all',
      q: '',
      sort: { key: 'number', dir: 'asc' },
    });
  });

  it('leaves defaults out, so the plain list keeps the plain address', () => {
    expect(listSearch({ status: 'all', q: ' ', sort: { key: 'number', dir: 'asc' } }).toString()).toBe('');
    expect(listSearch({ status: 'needs-action', q: 'Linden', sort: { key: 'address', dir: 'desc' } }).toString()).toBe(
      'status=needs-action&q=Linden&sort=-address',
    );
  });
});

describe('rows of the list', () => {
  const rows = toRows([leipzig, oberweser, koeln], [], [failed]);

  it('gives every unit its category from its own outbox items only', () => {
    expect(rows.map((r) => r.category)).toEqual(['not-sent', 'send-failed', 'not-sent']);
    expect(countByFilter(rows)).toMatchObject({ all: 3, 'needs-action': 1, 'send-failed': 1, 'not-sent': 2, matched: 0 });
  });

  it('searches every word in number, PM number, street, postcode and city, without regard to case', () => {
    expect(matchesQuery(koeln, 'KÖLN linden')).toBe(true);
    expect(matchesQuery(koeln, '50968')).toBe(true);
    expect(matchesQuery(koeln, 'pm-100200303')).toBe(true);
    expect(matchesQuery(koeln, 'köln dorf')).toBe(false);
  });

  it('filters, then sorts; numbers sort as numbers and ties keep the number order', () => {
    const all = toRows([koeln, big, leipzig, oberweser], [], [failed]);
    const numbers = (sort: Parameters<typeof visibleRows>[1]['sort'], status: 'all' | 'not-sent' = 'all') =>
      visibleRows(all, { status, q: '', sort }).map((r) => r.unit.billingunitMscnumber);
    expect(numbers({ key: 'number', dir: 'asc' })).toEqual(['9', '100200301', '100200302', '100200303']);
    expect(numbers({ key: 'address', dir: 'asc' })).toEqual(['9', '100200303', '100200301', '100200302']);
    expect(numbers({ key: 'status', dir: 'asc' })).toEqual(['100200302', '9', '100200301', '100200303']);
    expect(numbers({ key: 'lastupdate', dir: 'desc' })).toEqual(['100200301', '100200303', '9', '100200302']);
    expect(numbers({ key: 'number', dir: 'desc' }, 'not-sent')).toEqual(['100200303', '100200301', '9']);
  });
});
