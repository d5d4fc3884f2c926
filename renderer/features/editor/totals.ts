/**
 * Running totals of what has been typed, exact (bigint cents via shared/domain/decimal, never floats). Values that
 * cannot be read are counted, not guessed, so a total never silently leaves out a typo unmentioned.
 */
import { formatIso, parseDecimal, parseGermanNumber, sum } from '@shared/domain/decimal';
import type { Decimal } from '@shared/domain/decimal';
import type { DraftContent } from '@shared/domain/workspace';
import { getField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';

export type Total = { sum: string; count: number; unreadable: number };

export function moneyTotal(rows: readonly Row[], field: string): Total {
  const values: Decimal[] = [];
  let unreadable = 0;
  for (const row of rows) {
    const v = getField(row, field);
    if (typeof v !== 'string' || v.trim() === '') continue;
    const parsed = parseGermanNumber(v, 2);
    if (parsed.ok) values.push(parsed.value);
    else unreadable += 1;
  }
  return { sum: formatIso(sum(values, 2)), count: values.length, unreadable };
}

/** The amount field a clerk compares with the books: gross unless only net amounts were agreed. */
export const amountField = (expectedvat: string | undefined): string =>
  expectedvat === 'NET' ? 'amounts.netamount' : 'amounts.grossamount';

export type DraftTotals = { energy: Total; heating: Total; ancillary: Total; prepayments: Total };

const merge = (parts: readonly Total[]): Total => {
  const values = parts.map((p) => parseDecimal(p.sum, 2, 'iso')).flatMap((p) => (p.ok ? [p.value] : []));
  return {
    sum: formatIso(sum(values, 2)),
    count: parts.reduce((n, p) => n + p.count, 0),
    unreadable: parts.reduce((n, p) => n + p.unreadable, 0),
  };
};

export function draftTotals(content: DraftContent): DraftTotals {
  const field = amountField(content.expectedvat);
  const side = field === 'amounts.netamount' ? 'netamount' : 'grossamount';
  const deliveries = (content.energysources ?? []).flatMap((s) => (s.deliveries ?? []) as Row[]);
  const recipients = (content.billingrecipients ?? []) as Row[];
  return {
    energy: moneyTotal(deliveries, field),
    heating: moneyTotal(content.heatingsysteminvoices ?? [], field),
    ancillary: moneyTotal(content.ancillaryinvoices ?? [], field),
    prepayments: merge(['heating', 'hotwater', 'coldwater'].map((k) => moneyTotal(recipients, `prepayments.${k}.${side}`))),
  };
}
