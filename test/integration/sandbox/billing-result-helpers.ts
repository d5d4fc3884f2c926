/**
 * Independent arithmetic for the billing result tests: the distributable costs of a submission computed straight from
 * docs/msc-results.md invariant 2 (not through the engine's code), and sums over a result in cents.
 */
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { BillingResult } from '@shared/msc/billing-result';
import type { Amounts } from '@shared/msc/primitives';

export type Kind = 'grossamount' | 'netamount';

export const cents = (a: Amounts | undefined, k: Kind): number => Math.round(Number(a?.[k] ?? '0') * 100);

export function distributable(filled: FilledTemplate, k: Kind): number {
  let total = 0;
  for (const s of filled.energysources) {
    total += cents(s.openingstock?.amounts, k) - cents(s.closingstock?.amounts, k);
    for (const d of s.deliveries) total += cents(d.amounts, k);
  }
  for (const inv of [...filled.heatingsysteminvoices, ...filled.ancillaryinvoices]) total += cents(inv.amounts, k);
  return total;
}

export function kindsOf(result: BillingResult): Kind[] {
  return result.expectedvat === 'BOTH'
    ? ['grossamount', 'netamount']
    : result.expectedvat === 'NET'
      ? ['netamount']
      : ['grossamount'];
}

export function charged(result: BillingResult, k: Kind): number {
  return result.results.reduce((a, r) => a + cents(r.totalcost, k) + cents(r.co2landlordshare, k), 0);
}

/** Prepayments a test adds to a fill: 1,10 € heating, 0,30 € hot water and 0,25 € cold water per m² and month. */
export function withPrepayments(filled: FilledTemplate): FilledTemplate {
  const money = (x: number): string => (Math.round(x * 100) / 100).toFixed(2);
  return {
    ...filled,
    billingrecipients: filled.billingrecipients.map((r) => {
      if (r.vacancy) return r;
      const area = Number(r.allocations.find((a) => a.key === '010')?.value ?? '60');
      const amounts = (perM2: number) => {
        const v = money(area * perM2 * 12);
        return filled.expectedvat === 'GROSS'
          ? { grossamount: v }
          : filled.expectedvat === 'NET'
            ? { netamount: v }
            : { grossamount: v, netamount: money((area * perM2 * 12) / 1.19) };
      };
      return { ...r, prepayments: { heating: amounts(1.1), hotwater: amounts(0.3), coldwater: amounts(0.25) } };
    }),
  };
}
