/** The pure parts of the Übersicht and the Archiv: counts, recent activity, archive filters, request sums. */
import { describe, expect, it } from 'vitest';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { UNIT_FILTERS, matchesFilter, unitCategory } from '@shared/domain/unit-category';
import { countCategories, nothingDoneYet, recentActivity } from '@renderer/features/dashboard/dashboard-model';
import { matches, parseFilter, type ArchiveRow } from '@renderer/features/archive/archive-filter';
import { summarize } from '@renderer/features/archive/request-summary';
import { filledTemplateExample } from '@test/fixtures/msc-examples';

const unit = (n: string): BillingUnitSummary => ({
  billingunitMscnumber: n,
  customerMscnumber: '0000012345',
  address: { street: 'Dorfstraße 12', postalcode: '34399', city: 'Oberweser' },
  setupstatus: 'OPEN',
  lastupdate: '2026-01-01T00:00:00Z',
});

const base = {
  request: {
    billingunitMscnumber: '1',
    customerMscnumber: '1',
    ordercriteriafor: 'USAGEUNIT' as const,
    residentialunits: [{ residentialunitPmnumber: 'A' }],
  },
};
const sent = (seq: number, billingunit: string, sentAt: string): OutboxItem => ({
  ...base,
  id: `o${String(seq)}`,
  seq,
  billingunit,
  createdAt: sentAt,
  updatedAt: sentAt,
  attempts: 1,
  state: 'sent',
  transactionid: `tx${String(seq)}`,
  sentAt,
});
const failed = (seq: number, billingunit: string, at: string): OutboxItem => ({
  ...base,
  id: `o${String(seq)}`,
  seq,
  billingunit,
  createdAt: at,
  updatedAt: at,
  attempts: 1,
  state: 'failed',
  failure: { code: 'NETWORK', message: 'weg', retryable: true },
});
const completed = (billingunit: string, transactionid: string, at: string, ambiguous = false): TrackedSetup => ({
  billingunit,
  transactionid,
  sentAt: at,
  watching: false,
  delayMs: 0,
  checkedAt: at,
  status: {
    billingunitMscnumber: billingunit,
    billingunitPmnumber: 'X',
    customerMscnumber: '0000012345',
    address: { street: 'Dorfstraße 12', postalcode: '34399', city: 'Oberweser' },
    setupstatus: 'COMPLETED',
    lastupdate: at,
    transactionid,
    matched: [],
    additional: [],
    unmatched: ambiguous ? [{ residentialunitPmnumber: 'A', reason: 'AMBIGUOUS' }] : [],
  },
});

describe('Übersicht counts', () => {
  const units = ['1', '2', '3', '4', '5'].map(unit);
  const outbox = [
    sent(1, '2', '2026-01-02T10:00:00Z'),
    failed(2, '3', '2026-01-03T10:00:00Z'),
    sent(3, '4', '2026-01-04T10:00:00Z'),
  ];
  const setups = [completed('2', 'tx1', '2026-01-02T11:00:00Z', true), completed('4', 'tx3', '2026-01-04T11:00:00Z')];

  it('counts each category exactly as many units as the list filtered by it shows', () => {
    const counts = countCategories(units, setups, outbox);
    const setupOf = (n: string) => setups.find((s) => s.billingunit === n);
    for (const filter of UNIT_FILTERS.filter((f) => f !== 'all')) {
      const listed = units.filter((u) => matchesFilter(unitCategory(u, setupOf(u.billingunitMscnumber), outbox), filter));
      expect(counts[filter], filter).toBe(listed.length);
    }
    expect(counts).toMatchObject({ 'needs-action': 2, ambiguous: 1, 'send-failed': 1, matched: 1, 'not-sent': 2 });
  });

  it('lists the newest activity first and knows when nothing has been done', () => {
    const items = recentActivity([{ connectionId: 'demo', outbox, setups, archive: [] }], 3);
    expect(items.map((i) => [i.kind, i.billingunit])).toEqual([
      ['matched', '4'],
      ['sent', '4'],
      ['send-failed', '3'],
    ]);
    expect(items[0]?.to).toBe('/liegenschaften/demo/4');
    expect(nothingDoneYet([{ connectionId: 'demo', outbox: [], setups: [], archive: [] }])).toBe(true);
    expect(nothingDoneYet([{ connectionId: 'demo', outbox, setups: [], archive: [] }])).toBe(false);
  });
});

describe('Archiv filters', () => {
  const row: ArchiveRow = {
    id: 'a',
    seq: 1,
    at: '2026-03-12T12:00:00Z',
    action: 'VALIDATE',
    billingunit: '100200302',
    periodTo: '2025-12-31',
    result: 'messages',
    connectionId: 'demo',
  };

  it('reads the URL, dropping values that cannot be meant', () => {
    const filter = parseFilter(new URLSearchParams('action=VALIDATE&result=nope&from=2026-03-01&to=12.03.2026&unit=100200302'));
    expect(filter).toEqual({ action: 'VALIDATE', from: '2026-03-01', unit: '100200302' });
  });

  it('matches by every field and by the day range', () => {
    expect(matches(row, { action: 'VALIDATE', unit: '100200302', period: '2025-12-31', connection: 'demo' })).toBe(true);
    expect(matches(row, { action: 'SEND' })).toBe(false);
    expect(matches(row, { from: '2026-03-12', to: '2026-03-12' })).toBe(true);
    expect(matches(row, { from: '2026-03-13' })).toBe(false);
  });
});

describe('submitted data at a glance', () => {
  it('adds up every section exactly, per gross and net', () => {
    const lines = summarize(filledTemplateExample);
    const costs = lines.find((l) => l.key === 'costs');
    const parts = lines.filter((l) => l.key === 'deliveries' || l.key === 'heating' || l.key === 'ancillary');
    const cents = (s: string | undefined) => BigInt((s ?? '0').replace('.', ''));
    expect(cents(costs?.gross)).toBe(parts.reduce((n, l) => n + cents(l.gross), 0n));
    expect(costs?.entries).toBe(parts.reduce((n, l) => n + l.entries, 0));
    expect(lines.find((l) => l.key === 'recipients')?.entries).toBe(filledTemplateExample.billingrecipients.length);
  });
});
