import { describe, expect, it } from 'vitest';
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { createOpenPeriodsReader, type OpenPeriodsSource } from '@main/app/handlers/overview';

const unit = (n: number): BillingUnitSummary => ({
  billingunitMscnumber: String(100000000 + n),
  customerMscnumber: '0000012345',
  address: { street: `Straße ${String(n)}`, postalcode: '04229', city: 'Leipzig' },
  setupstatus: 'OPEN',
  lastupdate: '2026-01-01T00:00:00Z',
});

const open = (deadline: string | undefined): BillingPeriod => ({
  from: '2025-01-01',
  to: '2025-12-31',
  status: 'OPEN',
  ...(deadline === undefined ? {} : { deadline }),
});
const commissioned: BillingPeriod = { from: '2024-01-01', to: '2024-12-31', status: 'COMMISSIONED', deadline: '2025-04-30' };

/** A fake MSC that counts calls and how many run at the same time. */
function fakeSource(units: BillingUnitSummary[], periodsOf: (billingunit: string) => BillingPeriod[], worked: string[] = []) {
  const stats = { calls: 0, running: 0, maxRunning: 0 };
  const source: OpenPeriodsSource = {
    units: () => Promise.resolve(units),
    periods: async (_connectionId, billingunit) => {
      stats.calls++;
      stats.running++;
      stats.maxRunning = Math.max(stats.maxRunning, stats.running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      stats.running--;
      if (billingunit.endsWith('13')) throw new Error('403');
      return periodsOf(billingunit);
    },
    workedOn: () => Promise.resolve(new Set(worked)),
  };
  return { source, stats };
}

describe('open periods of all units of a connection', () => {
  it('lists only open periods, nearest deadline first, with at most four calls at a time', async () => {
    const units = Array.from({ length: 12 }, (_, i) => unit(i + 1));
    const deadlines: Record<string, string | undefined> = { '100000003': '2026-01-31', '100000007': '2025-11-30' };
    const { source, stats } = fakeSource(units, (b) => [
      commissioned,
      open(deadlines[b] ?? (b === '100000005' ? undefined : '2026-04-30')),
    ]);

    const answer = await createOpenPeriodsReader(source).read('demo');

    expect(stats.calls).toBe(12);
    expect(stats.maxRunning).toBe(4);
    expect(answer.periods).toHaveLength(12);
    expect(answer.periods.every((p) => p.period.status === 'OPEN')).toBe(true);
    expect(answer.periods.slice(0, 3).map((p) => p.billingunit)).toEqual(['100000007', '100000003', '100000001']);
    expect(answer.periods.at(-1)?.billingunit).toBe('100000005');
    expect(answer.periods[0]?.address.street).toBe('Straße 7');
    expect(answer).toMatchObject({ unitsTotal: 12, unitsRead: 12, unreadable: [] });
    // The submitted periods come along for the statements' deadlines (§556 BGB), oldest end first.
    expect(answer.submitted).toHaveLength(12);
    expect(answer.submitted.every((p) => p.period.status === 'COMMISSIONED')).toBe(true);
    expect(answer.submitted.map((p) => p.billingunit).slice(0, 2)).toEqual(['100000001', '100000002']);
  });

  it('reuses its answer for a minute unless told that something changed', async () => {
    let now = 0;
    const { source, stats } = fakeSource([unit(1), unit(2)], () => [open('2026-04-30')]);
    const reader = createOpenPeriodsReader(source, { clock: { monotonic: () => now } });

    await Promise.all([reader.read('demo'), reader.read('demo')]);
    now = 59_000;
    await reader.read('demo');
    expect(stats.calls).toBe(2);

    now = 61_000;
    await reader.read('demo');
    expect(stats.calls).toBe(4);

    reader.invalidate('demo');
    await reader.read('demo');
    expect(stats.calls).toBe(6);
  });

  it('keeps its answer a minute of monotonic time, whatever the wall clock does (set back an hour)', async () => {
    // Arrange: the system clock, as the app's clock reads it, goes back an hour right after the first read
    let wall = Date.parse('2026-03-01T10:00:00Z');
    let monotonic = 1_000;
    const clock = { now: () => wall, monotonic: () => monotonic };
    const { source, stats } = fakeSource([unit(1)], () => [open('2026-04-30')]);
    const reader = createOpenPeriodsReader(source, { clock });
    await reader.read('demo');

    // Act
    wall -= 3_600_000;
    monotonic += 61_000;
    await reader.read('demo');

    // Assert: read again after the minute, not an hour and a minute later
    expect(stats.calls).toBe(2);
  });

  it('reads a large connection only for the units worked on here', async () => {
    const units = Array.from({ length: 600 }, (_, i) => unit(i + 1));
    const { source, stats } = fakeSource(units, () => [open('2026-04-30')], ['100000002', '100000450']);

    const answer = await createOpenPeriodsReader(source).read('big');

    expect(stats.calls).toBe(2);
    expect(answer).toMatchObject({ unitsTotal: 600, unitsRead: 2 });
    expect(answer.periods.map((p) => p.billingunit)).toEqual(['100000002', '100000450']);
  });

  it('names the units it could not read and shows the rest', async () => {
    const { source } = fakeSource([unit(12), unit(13)], () => [open('2026-04-30')]);

    const answer = await createOpenPeriodsReader(source).read('demo');

    expect(answer.unreadable).toEqual(['100000013']);
    expect(answer.periods.map((p) => p.billingunit)).toEqual(['100000012']);
  });

  it('fails when no unit could be read at all, and tries again on the next read', async () => {
    const { source, stats } = fakeSource([unit(13)], () => [open('2026-04-30')]);
    const reader = createOpenPeriodsReader(source);

    await expect(reader.read('demo')).rejects.toThrow('403');
    await expect(reader.read('demo')).rejects.toThrow('403');
    expect(stats.calls).toBe(2);
  });
});
