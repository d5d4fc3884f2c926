/**
 * The demo MSC's heating-cost billing of one submission (docs/msc-results.md): readings per usage unit, the pots of
 * money, each divided on integer cents by the largest-remainder method, the CO2 landlord share from the shared
 * CO2 split, prepayments, balances and a new prepayment. Pure: the same input gives the same result.
 */
import { co2Preview } from '@shared/domain/co2-split';
import { formatIso } from '@shared/domain/decimal';
import { allocateLargestRemainder, mulDivRound } from '@shared/domain/largest-remainder';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import type { BillingResult, Co2Outcome, RecipientResult, ResultPosition } from '@shared/msc/billing-result';
import { amountsOf, centsOf, distributableCost, kindsOf, plus, zero, type Cents, type Kind } from '@main/sandbox/billing/costs';
import { buildPots, occupancyOf, RESULT_KEYS, type Pot } from '@main/sandbox/billing/pots';
import { unitReadings, type Reading } from '@main/sandbox/billing/readings';
import { documentsOf } from '@main/sandbox/billing/documents';
import { isCo2Relevant } from '@shared/domain/co2-factors';

export type BillingInput = {
  billingunit: string;
  template: Template;
  filled: FilledTemplate;
  transactionid: string;
  /** When the MSC bills: `billingdate` is its day. */
  at: Date;
};

/** Readings for every recipient, drawn per usage unit (all recipients of a unit together, for §9b). */
function readingsOf(input: BillingInput): { readings: Reading[]; changesplit: Map<string, 'READINGS' | 'DEGREE_DAYS'> } {
  const { template, filled } = input;
  const { from, to } = template.billingperiod;
  const byUnit = new Map<string, number[]>();
  filled.billingrecipients.forEach((r, i) => {
    const list = byUnit.get(r.residentialunitMscnumber) ?? [];
    list.push(i);
    byUnit.set(r.residentialunitMscnumber, list);
  });
  const readings: Reading[] = new Array<Reading>(filled.billingrecipients.length);
  const changesplit = new Map<string, 'READINGS' | 'DEGREE_DAYS'>();
  for (const [unit, idx] of byUnit) {
    const spans = idx.map((i) => {
      const r = filled.billingrecipients[i];
      const area = Number(r?.allocations.find((a) => a.key === '010' || a.key === '011')?.value ?? '60');
      return {
        validfrom: r && r.validfrom > from ? r.validfrom : from,
        validto: r && r.validto < to ? r.validto : to,
        vacancy: r?.vacancy ?? false,
        area: Number.isFinite(area) && area > 0 ? area : 60,
      };
    });
    const u = unitReadings(`${input.billingunit}/${to}/${unit}`, from, to, spans);
    idx.forEach((i, j) => {
      const reading = u.readings[j];
      if (reading) readings[i] = reading;
    });
    if (u.changesplit) changesplit.set(unit, u.changesplit);
  }
  return { readings, changesplit };
}

/** The landlord's CO2 share per kind: gross from the shared split, net in the ratio net : gross of the CO2 deliveries. */
function co2Landlord(input: BillingInput, kinds: readonly Kind[]): { cents: Cents; outcome?: Co2Outcome } {
  const preview = co2Preview(input.filled, input.template);
  if (preview.status !== 'split') return { cents: zero(kinds) };
  const { split } = preview;
  const deliveries = input.filled.energysources.filter((s) => isCo2Relevant(s.fuel)).flatMap((s) => s.deliveries);
  const gross = deliveries.reduce((a, d) => a + (centsOf(d.amounts, ['grossamount']).grossamount ?? 0n), 0n);
  const net = deliveries.reduce((a, d) => a + (centsOf(d.amounts, ['netamount']).netamount ?? 0n), 0n);
  const toNet = (c: bigint): bigint => (gross > 0n && net > 0n ? mulDivRound(c, net, gross) : mulDivRound(c, 100n, 119n));
  const pick = (c: bigint): Cents => Object.fromEntries(kinds.map((k) => [k, k === 'grossamount' ? c : toNet(c)]));
  const cents = pick(split.landlord.units);
  return {
    cents,
    outcome: {
      emissionkg: formatIso(split.kg),
      cost: amountsOf(pick(split.cost.units), kinds),
      intensity: formatIso(split.intensity),
      tier: split.tier.tier,
      basis: split.basis === 'nonresidential' ? 'NONRESIDENTIAL' : 'TIERS',
      restriction: split.restriction === 'none' ? 'NONE' : split.restriction === 'halved' ? 'HALVED' : 'WAIVED',
      landlordpercent: formatIso(split.landlordPercent),
      landlordshare: amountsOf(cents, kinds),
    },
  };
}

type Part = { pot: Pot; cents: Cents[] };

function divide(pot: Pot, kinds: readonly Kind[]): Part {
  const n = pot.weights.length;
  const cents: Cents[] = Array.from({ length: n }, () => ({}));
  for (const k of kinds) {
    const parts = allocateLargestRemainder(pot.cents[k] ?? 0n, pot.weights);
    parts.forEach((p, i) => {
      const c = cents[i];
      if (c) c[k] = p;
    });
  }
  return { pot, cents };
}

const sumValues = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);
const q = (th: bigint): string => formatIso({ units: th, scale: 3 });

/** Charge ÷ 12, rounded up to a whole euro, for a recipient still in the unit at the end (else 0). */
function newMonthly(total: Cents, kinds: readonly Kind[], staying: boolean): Cents {
  const out: Cents = {};
  for (const k of kinds) {
    const t = total[k] ?? 0n;
    out[k] = staying && t > 0n ? ((t + 1199n) / 1200n) * 100n : 0n;
  }
  return out;
}

export function billSubmission(input: BillingInput): BillingResult {
  const { template, filled } = input;
  const kinds = kindsOf(template.expectedvat);
  const { from, to } = template.billingperiod;
  const { readings, changesplit } = readingsOf(input);
  const occupancy = filled.billingrecipients.map((r) => occupancyOf(r, template));
  const parts = buildPots({ template, filled, kinds, readings, occupancy }).map((p) => divide(p, kinds));

  // The landlord's CO2 share follows each recipient's heating and hot-water costs.
  const co2 = co2Landlord(input, kinds);
  const heatParts = parts.filter((p) => p.pot.allocation === 'H' || p.pot.allocation === 'W');
  const landlord: Cents[] = filled.billingrecipients.map(() => ({}));
  for (const k of kinds) {
    const weights = filled.billingrecipients.map((_, i) => {
      const s = heatParts.reduce((a, p) => a + (p.cents[i]?.[k] ?? 0n), 0n);
      return s > 0n ? s : 0n;
    });
    allocateLargestRemainder(co2.cents[k] ?? 0n, weights).forEach((c, i) => {
      const l = landlord[i];
      if (l) l[k] = c;
    });
  }

  const potTotals = parts.map((p) => q(sumValues(p.pot.values)));
  const names = new Map(template.billingrecipients.map((r) => [`${r.residentialunitMscnumber}/${r.partnerPmnumber}`, r.name]));
  const results: RecipientResult[] = filled.billingrecipients.map((r, i) => {
    const positions: ResultPosition[] = [];
    let total = zero(kinds);
    for (const [j, { pot, cents }] of parts.entries()) {
      const c = cents[i] ?? {};
      const value = pot.values[i] ?? 0n;
      if (kinds.every((k) => (c[k] ?? 0n) === 0n) && value === 0n) continue;
      total = plus(total, c, kinds);
      positions.push({
        costtype: pot.costtype,
        text: pot.text,
        allocation: pot.allocation,
        basis: pot.basis,
        cost: amountsOf(c, kinds),
        consumption: {
          value: q(value),
          unit: pot.unit,
          total: potTotals[j] ?? '0.000',
          source: pot.sources[i] ?? 'ALLOCATION',
        },
      });
    }
    const l = landlord[i] ?? zero(kinds);
    if (kinds.some((k) => (l[k] ?? 0n) !== 0n)) {
      const minus = plus(zero(kinds), l, kinds, -1n);
      total = plus(total, minus, kinds);
      positions.push({
        costtype: RESULT_KEYS.co2Landlord,
        text: 'CO2-Kosten: Anteil des Vermieters',
        allocation: 'E',
        basis: 'KEY',
        cost: amountsOf(minus, kinds),
      });
    }
    const pp = r.prepayments;
    const prepayment = plus(
      plus(centsOf(pp?.heating, kinds), centsOf(pp?.hotwater, kinds), kinds),
      centsOf(pp?.coldwater, kinds),
      kinds,
    );
    const balance = plus(total, prepayment, kinds, -1n);
    const name = names.get(`${r.residentialunitMscnumber}/${r.partnerPmnumber}`);
    const split = changesplit.get(r.residentialunitMscnumber);
    return {
      residentialunitMscnumber: r.residentialunitMscnumber,
      ...(r.residentialunitPmnumber === undefined ? {} : { residentialunitPmnumber: r.residentialunitPmnumber }),
      partnerPmnumber: r.partnerPmnumber,
      ...(name === undefined ? {} : { name }),
      validfrom: r.validfrom,
      validto: r.validto,
      vacancy: r.vacancy,
      totalcost: amountsOf(total, kinds),
      co2landlordshare: amountsOf(l, kinds),
      prepayment: amountsOf(prepayment, kinds),
      balance: amountsOf(balance, kinds),
      newmonthlyprepayment: amountsOf(newMonthly(total, kinds, !r.vacancy && r.validto >= to), kinds),
      ...(split === undefined ? {} : { changesplit: split }),
      positions,
    };
  });

  const sumOver = (pick: (p: Part) => boolean): Cents =>
    parts.filter(pick).reduce((acc, p) => plus(acc, p.pot.cents, kinds), zero(kinds));
  const sumResults = (field: 'totalcost' | 'co2landlordshare' | 'prepayment' | 'balance'): Cents =>
    results.reduce((acc, r) => plus(acc, centsOf(r[field], kinds), kinds), zero(kinds));
  const result: BillingResult = {
    billingunitMscnumber: input.billingunit,
    billingperiod: { from, to },
    currency: template.currency,
    expectedvat: template.expectedvat,
    billingdate: input.at.toISOString().slice(0, 10),
    transactionid: input.transactionid,
    createdat: input.at.toISOString(),
    totals: {
      distributablecost: amountsOf(distributableCost(filled, kinds), kinds),
      heating: amountsOf(
        sumOver((p) => p.pot.allocation === 'H'),
        kinds,
      ),
      hotwater: amountsOf(
        sumOver((p) => p.pot.allocation === 'W'),
        kinds,
      ),
      coldwater: amountsOf(
        sumOver((p) => p.pot.allocation === 'K' || p.pot.allocation === 'A'),
        kinds,
      ),
      operating: amountsOf(
        sumOver((p) => p.pot.allocation === 'B'),
        kinds,
      ),
      totalcost: amountsOf(sumResults('totalcost'), kinds),
      co2landlordshare: amountsOf(sumResults('co2landlordshare'), kinds),
      prepayment: amountsOf(sumResults('prepayment'), kinds),
      balance: amountsOf(sumResults('balance'), kinds),
    },
    ...(co2.outcome ? { co2: co2.outcome } : {}),
    results,
    documents: [],
  };
  result.documents = documentsOf(result);
  return result;
}
