/**
 * A billing result flattened to one row per billing recipient, in the amount kind the result was billed in (gross,
 * or net where the template expects net). The results table, the bookkeeping export and anything else that lists
 * recipients read these rows, so "which amount" and "which way the balance goes" are decided in one place.
 */
import { amountKindOf } from '@shared/domain/reconciliation';
import type { Amounts } from '@shared/msc/primitives';
import type { BillingResult } from '@shared/msc/billing-result';

/** Which way the balance goes: the recipient pays (Nachzahlung), gets money back (Guthaben), or neither. */
export type BalanceSide = 'pays' | 'refund' | 'even';

export type RecipientRow = {
  residentialunitMscnumber: string;
  residentialunitPmnumber: string | undefined;
  partnerPmnumber: string;
  name: string | undefined;
  validfrom: string;
  validto: string;
  vacancy: boolean;
  /** Decimal strings (`1234.56`, `-12.30`); an amount the MSC left out of this kind reads as `0.00`. */
  totalcost: string;
  co2landlordshare: string;
  prepayment: string;
  balance: string;
  side: BalanceSide;
  /** The suggested monthly prepayment; absent when the MSC made no suggestion in this amount kind. */
  newmonthlyprepayment: string | undefined;
  /** Positions whose consumption was estimated (§9a HeizkostenV), by their text, each once. */
  estimated: string[];
};

/** The side of a decimal balance string; `-0.00` and `0` are even. */
export function balanceSide(balance: string): BalanceSide {
  if (!/[1-9]/.test(balance)) return 'even';
  return balance.trimStart().startsWith('-') ? 'refund' : 'pays';
}

/** The balance without its sign, for showing next to its word ("Nachzahlung 34,56 €"). */
export const magnitude = (balance: string): string => balance.replace(/^-/, '');

export function recipientRows(result: BillingResult): RecipientRow[] {
  const kind = amountKindOf(result.expectedvat);
  const a = (x: Amounts) => x[kind] ?? '0.00';
  return result.results.map((r) => ({
    residentialunitMscnumber: r.residentialunitMscnumber,
    residentialunitPmnumber: r.residentialunitPmnumber,
    partnerPmnumber: r.partnerPmnumber,
    name: r.name,
    validfrom: r.validfrom,
    validto: r.validto,
    vacancy: r.vacancy,
    totalcost: a(r.totalcost),
    co2landlordshare: a(r.co2landlordshare),
    prepayment: a(r.prepayment),
    balance: a(r.balance),
    side: balanceSide(a(r.balance)),
    newmonthlyprepayment: r.newmonthlyprepayment[kind],
    estimated: [...new Set(r.positions.filter((p) => p.consumption?.source === 'ESTIMATED').map((p) => p.text))],
  }));
}
