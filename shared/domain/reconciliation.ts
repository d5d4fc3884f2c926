/**
 * The reconciliation ("Abgleich") of an MSC's billing result with what we submitted (docs/results.md): prepayments
 * sent vs used per recipient, the distributable costs submitted vs billed, a result for every recipient and an HKA
 * document for every occupied one, the balance arithmetic, estimated readings, high balances, and the CO2 landlord
 * share per recipient against our own CO2 split. Pure: every difference becomes a message with a code, parameters
 * and the recipient it concerns, which the screen and the reports put in the clerk's words.
 */
import { co2Preview } from '@shared/domain/co2-split';
import { allocateLargestRemainder } from '@shared/domain/largest-remainder';
import { compare, formatIso, fromUnits, money, sub, sum, type Decimal } from '@shared/domain/decimal';
import type { Amounts } from '@shared/msc/primitives';
import type { ExpectedVat, FilledTemplate, RecipientEntry, Template } from '@shared/msc/billing-input';
import type { BillingResult, RecipientResult } from '@shared/msc/billing-result';

export type ReconSeverity = 'error' | 'warning' | 'info';

export const RECON_CODES = [
  'TOTAL_DIFFERS',
  'RESULT_MISSING',
  'RESULT_UNEXPECTED',
  'PREPAYMENT_DIFFERS',
  'BALANCE_ARITHMETIC',
  'DOCUMENT_MISSING',
  'BALANCE_HIGH',
  'ESTIMATED',
  'CO2_TOTAL_DIFFERS',
  'CO2_DIFFERS',
  'CO2_NOT_CHECKED',
] as const;
export type ReconCode = (typeof RECON_CODES)[number];

/** Which recipient a message is about (absent: the whole property). */
export type ReconPlace = {
  residentialunitMscnumber: string;
  residentialunitPmnumber?: string | undefined;
  partnerPmnumber: string;
  name?: string | undefined;
  validfrom: string;
};

export type ReconMessage = {
  code: ReconCode;
  severity: ReconSeverity;
  /** Amounts as ISO decimal strings, counts as numbers, cost types as text. */
  params: Record<string, string | number>;
  place?: ReconPlace;
};

export type ReconOptions = {
  /** A balance at or above this (either sign) is flagged, ISO decimal (default 500.00). */
  balanceThreshold?: string;
};

export type Reconciliation = {
  /** The amount kind compared: gross where the template asks for gross (or both), else net. */
  amountKind: 'grossamount' | 'netamount';
  submitted: string;
  billed: string;
  recipients: number;
  messages: ReconMessage[];
  counts: Record<ReconSeverity, number>;
};

export const DEFAULT_BALANCE_THRESHOLD = '500.00';
/** Per recipient, our CO2 split and the MSC's may round a cent apart (largest remainder vs its tie order). */
const CO2_TOLERANCE = fromUnits(1, 2);

const ZERO = fromUnits(0, 2);
const SEVERITY: Record<ReconCode, ReconSeverity> = {
  TOTAL_DIFFERS: 'error',
  RESULT_MISSING: 'error',
  RESULT_UNEXPECTED: 'warning',
  PREPAYMENT_DIFFERS: 'error',
  BALANCE_ARITHMETIC: 'error',
  DOCUMENT_MISSING: 'error',
  BALANCE_HIGH: 'warning',
  ESTIMATED: 'info',
  CO2_TOTAL_DIFFERS: 'warning',
  CO2_DIFFERS: 'warning',
  CO2_NOT_CHECKED: 'info',
};

export function amountKindOf(vat: ExpectedVat): 'grossamount' | 'netamount' {
  return vat === 'NET' ? 'netamount' : 'grossamount';
}

const keyOf = (r: { residentialunitMscnumber: string; partnerPmnumber: string; validfrom: string }) =>
  `${r.residentialunitMscnumber}|${r.partnerPmnumber}|${r.validfrom}`;

const placeOf = (r: RecipientEntry | RecipientResult): ReconPlace => ({
  residentialunitMscnumber: r.residentialunitMscnumber,
  residentialunitPmnumber: r.residentialunitPmnumber,
  partnerPmnumber: r.partnerPmnumber,
  name: 'name' in r ? r.name : undefined,
  validfrom: r.validfrom,
});

/** The distributable costs of a submission: per fuel opening stock + deliveries − closing stock, plus every invoice. */
export function distributableCost(fill: FilledTemplate, kind: 'grossamount' | 'netamount'): Decimal {
  const of = (a: Amounts | undefined) => money(a?.[kind] ?? '0');
  const fuels = fill.energysources.map((s) =>
    sub(sum([of(s.openingstock?.amounts), ...s.deliveries.map((d) => of(d.amounts))], 2), of(s.closingstock?.amounts)),
  );
  const invoices = [...fill.heatingsysteminvoices, ...fill.ancillaryinvoices].map((i) => of(i.amounts));
  return sum([...fuels, ...invoices], 2);
}

function prepaymentSent(r: RecipientEntry, kind: 'grossamount' | 'netamount'): Decimal {
  const p = r.prepayments;
  return sum(
    [p?.heating, p?.hotwater, p?.coldwater].map((a) => money(a?.[kind] ?? '0')),
    2,
  );
}

/** Splits `total` in proportion to `weights` by largest remainder, the way the MSC divides every pot. */
export function splitByWeights(total: Decimal, weights: readonly Decimal[]): Decimal[] {
  const w = weights.map((x) => (x.units > 0n ? x.units : 0n));
  return allocateLargestRemainder(total.units, w).map((u) => fromUnits(u, total.scale));
}

/** Heating and hot water after the energy cost was split between them (§9 HeizkostenV). */
const HEAT = new Set(['H', 'W']);

export function reconcile(
  result: BillingResult,
  fill: FilledTemplate,
  template: Template | undefined,
  options: ReconOptions = {},
): Reconciliation {
  const kind = amountKindOf(result.expectedvat);
  const amt = (a: Amounts) => money(a[kind] ?? '0');
  const messages: ReconMessage[] = [];
  const say = (code: ReconCode, params: ReconMessage['params'], place?: ReconPlace) =>
    messages.push({ code, severity: SEVERITY[code], params, ...(place ? { place } : {}) });

  const submitted = distributableCost(fill, kind);
  const billed = sum(
    result.results.map((r) => sum([amt(r.totalcost), amt(r.co2landlordshare)], 2)),
    2,
  );
  if (compare(submitted, billed) !== 0) {
    say('TOTAL_DIFFERS', {
      submitted: formatIso(submitted),
      billed: formatIso(billed),
      difference: formatIso(sub(billed, submitted)),
    });
  }

  const results = new Map(result.results.map((r) => [keyOf(r), r]));
  const sent = new Set(fill.billingrecipients.map(keyOf));
  for (const r of fill.billingrecipients) {
    const got = results.get(keyOf(r));
    if (!got) {
      say('RESULT_MISSING', {}, placeOf(r));
      continue;
    }
    const before = prepaymentSent(r, kind);
    const used = amt(got.prepayment);
    if (compare(before, used) !== 0) {
      say(
        'PREPAYMENT_DIFFERS',
        { sent: formatIso(before), used: formatIso(used), difference: formatIso(sub(used, before)) },
        placeOf(got),
      );
    }
  }
  for (const r of result.results) if (!sent.has(keyOf(r))) say('RESULT_UNEXPECTED', {}, placeOf(r));

  const hka = new Set(
    result.documents.filter((d) => d.type === 'HKA').map((d) => `${d.residentialunitMscnumber ?? ''}|${d.partnerPmnumber ?? ''}`),
  );
  const threshold = money(options.balanceThreshold ?? DEFAULT_BALANCE_THRESHOLD);
  for (const r of result.results) {
    const place = placeOf(r);
    const balance = amt(r.balance);
    const expected = sub(amt(r.totalcost), amt(r.prepayment));
    if (compare(balance, expected) !== 0) {
      say('BALANCE_ARITHMETIC', { balance: formatIso(balance), expected: formatIso(expected) }, place);
    }
    if (!r.vacancy && !hka.has(`${r.residentialunitMscnumber}|${r.partnerPmnumber}`))
      say('DOCUMENT_MISSING', { type: 'HKA' }, place);
    const abs = balance.units < 0n ? fromUnits(-balance.units, balance.scale) : balance;
    if (compare(abs, threshold) >= 0)
      say('BALANCE_HIGH', { balance: formatIso(balance), threshold: formatIso(threshold) }, place);
    const estimated = r.positions.filter((p) => p.consumption?.source === 'ESTIMATED');
    if (estimated.length > 0) {
      say('ESTIMATED', { positions: [...new Set(estimated.map((p) => p.text))].join(', '), count: estimated.length }, place);
    }
  }

  checkCo2(result, fill, template, amt, say);

  const counts = { error: 0, warning: 0, info: 0 };
  for (const m of messages) counts[m.severity]++;
  return {
    amountKind: kind,
    submitted: formatIso(submitted),
    billed: formatIso(billed),
    recipients: result.results.length,
    messages,
    counts,
  };
}

/**
 * Our own CO2 split of the submission (the preview the clerk saw before submitting), its landlord share divided
 * among the recipients by their heating and hot-water costs, against the MSC's share per recipient. Only gross
 * amounts are ours to compute (the law's figures are gross), so a net-only result is not checked.
 */
function checkCo2(
  result: BillingResult,
  fill: FilledTemplate,
  template: Template | undefined,
  amt: (a: Amounts) => Decimal,
  say: (code: ReconCode, params: ReconMessage['params'], place?: ReconPlace) => void,
): void {
  const billedTotal = sum(
    result.results.map((r) => amt(r.co2landlordshare)),
    2,
  );
  if (template === undefined || result.expectedvat === 'NET') {
    if (billedTotal.units !== 0n) say('CO2_NOT_CHECKED', { reason: template === undefined ? 'no-template' : 'net' });
    return;
  }
  const preview = co2Preview(fill, template);
  const ours = preview.status === 'split' ? preview.split.landlord : ZERO;
  if (preview.status === 'no-area' || preview.status === 'no-figures') {
    if (billedTotal.units !== 0n) say('CO2_NOT_CHECKED', { reason: preview.status });
    return;
  }
  if (compare(ours, billedTotal) !== 0) {
    say('CO2_TOTAL_DIFFERS', {
      ours: formatIso(ours),
      billed: formatIso(billedTotal),
      difference: formatIso(sub(billedTotal, ours)),
    });
    return;
  }
  // Heating and hot-water costs before the CO2 deduction (the deduction is a negative position of its own).
  const weights = result.results.map((r) =>
    sum(
      r.positions.filter((p) => HEAT.has(p.allocation) && amt(p.cost).units > 0n).map((p) => amt(p.cost)),
      2,
    ),
  );
  const expected = splitByWeights(ours, weights);
  result.results.forEach((r, i) => {
    const theirs = amt(r.co2landlordshare);
    const mine = expected[i] ?? ZERO;
    const diff = sub(theirs, mine);
    const abs = diff.units < 0n ? fromUnits(-diff.units, 2) : diff;
    if (compare(abs, CO2_TOLERANCE) > 0) {
      say('CO2_DIFFERS', { ours: formatIso(mine), billed: formatIso(theirs), difference: formatIso(diff) }, placeOf(r));
    }
  });
}
