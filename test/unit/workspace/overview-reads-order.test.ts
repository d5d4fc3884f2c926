/**
 * The overview read asks the MSC for several pages at once (electron/app/overview-reads.ts); whatever order their
 * answers arrive in, the list is served in the MSC's order, and a page that comes back short ends the read there.
 */
import { describe, expect, it } from 'vitest';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { MscClient } from '@main/services/msc-client/index';
import { createOverviewReads } from '@main/app/overview-reads';

const unit = (i: number): BillingUnitSummary => ({
  billingunitMscnumber: String(500_000_000 + i),
  customerMscnumber: '1000',
  address: { street: `Weg ${String(i)}`, postalcode: '10115', city: 'Berlin' },
  setupstatus: 'OPEN',
  lastupdate: '2025-01-02T06:00:00.000Z',
});

/** An MSC of `total` units in pages of `size` that answers later pages sooner, and whose `shortAt` page lost 5. */
function fakeClient(total: number, size: number, shortAt?: number) {
  const asked: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const client = {
    listBillingUnits: async ({ offset = 0 }: { offset?: number }) => {
      asked.push(offset);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((r) => setTimeout(r, Math.max(1, 40 - offset / size)));
      inFlight--;
      const end = Math.min(total, offset + size) - (offset === shortAt ? 5 : 0);
      const billingunits = [];
      for (let i = offset; i < end; i++) billingunits.push(unit(i));
      return { totalentries: total, offset, limit: size, billingunits };
    },
  } as unknown as MscClient;
  return { client, asked, mostInFlight: () => mostInFlight };
}

describe('overview read with pages in parallel', () => {
  it('serves every unit once in the MSC order although later pages answer first', async () => {
    const msc = fakeClient(1003, 100);
    const reads = createOverviewReads({ client: () => Promise.resolve(msc.client), parallel: 4 });

    const first = await reads.page('c', 0, 100);
    const rest = await reads.page('c', 100, 2000);

    const numbers = [...first.billingunits, ...rest.billingunits].map((u) => u.billingunitMscnumber);
    expect(numbers).toEqual(Array.from({ length: 1003 }, (_, i) => String(500_000_000 + i)));
    expect([...msc.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i * 100));
    expect(msc.mostInFlight()).toBe(4);
  });

  it('ends the read at a page that came back short, without gaps or doubles', async () => {
    const msc = fakeClient(1000, 100, 300);
    const reads = createOverviewReads({ client: () => Promise.resolve(msc.client), parallel: 3 });

    await reads.page('c', 0, 100);
    const rest = await reads.page('c', 100, 2000);
    const after = await reads.page('c', 100 + rest.billingunits.length, 2000);

    expect(rest.billingunits.map((u) => u.billingunitMscnumber)).toEqual(
      Array.from({ length: 295 }, (_, i) => String(500_000_100 + i)),
    );
    expect(after.billingunits).toEqual([]);
  });
});
