/**
 * The results table's rows: one per billing recipient with the amounts of the result's amount kind, the balance's
 * direction in words, whether any value was estimated, and the recipient's HKA document.
 */
import type { BillingResult } from '@shared/msc/billing-result';
import type { StoredDocument } from '@shared/domain/results';

export type BalanceSide = 'pays' | 'refund' | 'even';

export type ResultRow = {
  key: string;
  residentialunitMscnumber: string;
  residentialunitPmnumber: string | undefined;
  partnerPmnumber: string;
  name: string | undefined;
  validfrom: string;
  validto: string;
  vacancy: boolean;
  totalcost: string;
  co2landlordshare: string;
  prepayment: string;
  balance: string;
  side: BalanceSide;
  newmonthlyprepayment: string;
  /** Positions whose consumption was estimated (§9a HeizkostenV), by their text. */
  estimated: string[];
  /** The recipient's heating-cost statement, when the MSC delivered one. */
  document: StoredDocument | undefined;
};

export function sideOf(balance: string): BalanceSide {
  if (/^-/.test(balance) && /[1-9]/.test(balance)) return 'refund';
  return /[1-9]/.test(balance) ? 'pays' : 'even';
}

export function resultRows(result: BillingResult, documents: readonly StoredDocument[]): ResultRow[] {
  const kind = result.expectedvat === 'NET' ? 'netamount' : 'grossamount';
  const a = (x: { grossamount?: string | undefined; netamount?: string | undefined }) => x[kind] ?? '0.00';
  const hka = new Map(
    documents.filter((d) => d.type === 'HKA').map((d) => [`${d.residentialunitMscnumber ?? ''}|${d.partnerPmnumber ?? ''}`, d]),
  );
  return result.results.map((r, i) => ({
    key: `${r.residentialunitMscnumber}|${r.partnerPmnumber}|${r.validfrom}|${String(i)}`,
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
    side: sideOf(a(r.balance)),
    newmonthlyprepayment: a(r.newmonthlyprepayment),
    estimated: [...new Set(r.positions.filter((p) => p.consumption?.source === 'ESTIMATED').map((p) => p.text))],
    document: hka.get(`${r.residentialunitMscnumber}|${r.partnerPmnumber}`),
  }));
}

/** The balance without its sign, for showing next to its word ("Nachzahlung 34,56 €"). */
export const magnitude = (balance: string): string => balance.replace(/^-/, '');
