/**
 * A billing result as an MSC delivers it in files (docs/arge.md, "D, E835, E898 files"): D records per user and
 * cost type, E835 for the §35a shares where the billed invoices name a service type, and E898 naming each
 * per-user PDF. The demo MSC writes these; tests read them back through the importer.
 */
import { formatIso, fromUnits, money } from '@shared/domain/decimal';
import { allocateLargestRemainder, mulDivRound } from '@shared/domain/largest-remainder';
import { D_CO2_KEY, D_GROUP_ORDER, D_TOTAL_KEY, dGroupOf, S_FLAG } from '@shared/arge/result-groups';
import { argeFileName } from '@shared/arge/tables';
import { writeArgeFile, type ArgeRecord } from '@shared/arge/write';
import type { BillingResult, RecipientResult, ResultDocument, ResultPosition } from '@shared/msc/billing-result';
import type { Amounts } from '@shared/msc/primitives';

/** A §35a invoice total of one cost type (the demo takes them from the billed submission). */
export type TaxInvoice = { costKey: string; costText?: string; taxServiceType: string; gross: string; laborGross: string };

export type ResultFilesOptions = {
  customerNumber: string;
  mscKey?: string;
  /** The PM's order criterion of a recipient; default its partner number. */
  orderCriterion?: (r: RecipientResult) => string;
  taxInvoices?: readonly TaxInvoice[];
  at: Date;
};

export type ResultPdf = { name: string; document: ResultDocument };
export type ResultFiles = {
  files: { name: string; bytes: Uint8Array; records: number; kind: 'D' | 'E835' | 'E898' }[];
  /** The PDFs the E898 index names, to be written beside the files. */
  pdfs: ResultPdf[];
};

/** The keys E835 may carry (restricted range of the standard). */
const E835_KEYS = /^(054|062|22[1-9]|24[23]|254)$/;

const cents = (s: string | undefined): bigint => (s === undefined ? 0n : money(s).units);
const iso = (c: bigint): string => formatIso(fromUnits(c, 2));
const sumAmounts = (xs: readonly Amounts[], k: keyof Amounts): bigint => xs.reduce((a, x) => a + cents(x[k]), 0n);

/** The recipient's sequence within its usage unit (1, 2, …), as E835/E898 references and PDF names carry it. */
function sequences(results: readonly RecipientResult[]): number[] {
  const seen = new Map<string, number>();
  return results.map((r) => {
    const n = (seen.get(r.residentialunitMscnumber) ?? 0) + 1;
    seen.set(r.residentialunitMscnumber, n);
    return n;
  });
}

/** The file name of a recipient's PDF as the E898 index names it (at most 56 characters). */
export function resultPdfName(result: BillingResult, r: RecipientResult, seq: number, doc: ResultDocument): string {
  return `${doc.type}_${result.billingunitMscnumber}_${r.residentialunitMscnumber}_${String(seq)}_${result.billingperiod.to.replaceAll('-', '')}.pdf`;
}

function consumptionOf(positions: readonly ResultPosition[]): Record<string, string> {
  const measured = positions.filter((p) => p.basis === 'CONSUMPTION' && p.consumption);
  const units = new Set(measured.map((p) => p.consumption?.unit));
  const out: Record<string, string> = {};
  const first = measured[0]?.consumption;
  if (first && units.size === 1) {
    const th = measured.reduce((a, p) => a + BigInt((p.consumption?.value ?? '0').replace('.', '')), 0n);
    out.consumptionShares = formatIso(fromUnits(th, 3));
    out.consumptionUnit = first.unit;
  }
  if (positions.some((p) => p.consumption?.source === 'ESTIMATED')) out.estimationFlag = S_FLAG.estimated;
  else if (positions.some((p) => p.consumption?.source === 'READ')) out.estimationFlag = S_FLAG.read;
  return out;
}

function dRecords(result: BillingResult, r: RecipientResult, opts: ResultFilesOptions): ArgeRecord[] {
  const head = {
    customerNumber: opts.customerNumber,
    mscKey: opts.mscKey,
    mscReference: `${result.billingunitMscnumber.padStart(9, '0')}${r.residentialunitMscnumber}`,
    pmReference: opts.orderCriterion?.(r) ?? r.partnerPmnumber,
    lastDayOfUse: r.validto < result.billingperiod.to ? r.validto : result.billingperiod.to,
    name1: (r.name ?? '').slice(0, 35).trimEnd() || undefined,
    currency: result.currency,
  };
  const total: ArgeRecord = {
    type: 'D',
    values: {
      ...head,
      costKey: D_TOTAL_KEY,
      totalGross: r.totalcost.grossamount,
      totalNet: r.totalcost.netamount,
      prepaymentGross: r.prepayment.grossamount,
      prepaymentNet: r.prepayment.netamount,
      newMonthlyPrepaymentGross: r.newmonthlyprepayment.grossamount,
      newMonthlyPrepaymentNet: r.newmonthlyprepayment.netamount,
      balanceGross: r.balance.grossamount,
      balanceNet: r.balance.netamount,
      estimationFlag:
        r.changesplit === 'READINGS' ? S_FLAG.readings : r.changesplit === 'DEGREE_DAYS' ? S_FLAG.degreeDays : undefined,
    },
  };
  const parts: ArgeRecord[] = [];
  for (const key of D_GROUP_ORDER) {
    const group = r.positions.filter((p) => dGroupOf(p) === key);
    if (group.length === 0) continue;
    const costs = group.map((p) => p.cost);
    const has = (k: keyof Amounts) => costs.some((c) => c[k] !== undefined);
    parts.push({
      type: 'D',
      values: {
        ...head,
        costKey: key,
        totalGross: has('grossamount') ? iso(sumAmounts(costs, 'grossamount')) : undefined,
        totalNet: has('netamount') ? iso(sumAmounts(costs, 'netamount')) : undefined,
        ...(key === D_CO2_KEY ? {} : consumptionOf(group)),
      },
    });
  }
  return [...parts, total];
}

/**
 * The tenants' shares of a §35a invoice: by their position of its cost type where the result has one (ancillary
 * costs), else by their heating and hot-water costs (a heating-system invoice is part of those); divided on cents by
 * the largest remainder, so the shares add up to the invoice.
 */
function e835Records(result: BillingResult, seqs: number[], opts: ResultFilesOptions): ArgeRecord[] {
  const out: ArgeRecord[] = [];
  const invoices = (opts.taxInvoices ?? []).filter((t) => E835_KEYS.test(t.costKey) && t.taxServiceType !== '00');
  const amount = (p: ResultPosition): bigint => cents(p.cost.grossamount ?? p.cost.netamount);
  for (const inv of invoices) {
    const own = result.results.some((r) => r.positions.some((p) => p.costtype === inv.costKey));
    const weights = result.results.map((r) => {
      const ps = own
        ? r.positions.filter((p) => p.costtype === inv.costKey)
        : r.positions.filter((p) => (p.allocation === 'H' || p.allocation === 'W') && dGroupOf(p) !== D_CO2_KEY);
      const w = ps.reduce((a, p) => a + amount(p), 0n);
      return w > 0n ? w : 0n;
    });
    const total = cents(inv.gross);
    const labor = cents(inv.laborGross);
    if (total <= 0n || weights.every((w) => w === 0n)) continue;
    const shares = allocateLargestRemainder(total, weights);
    const laborShares = allocateLargestRemainder(labor, weights);
    result.results.forEach((r, i) => {
      const share = shares[i] ?? 0n;
      if (share === 0n) return;
      out.push({
        type: 'E835',
        values: {
          sequenceNumber: String(out.length + 1),
          mscKey: opts.mscKey,
          mscReference: refOf(result, r, seqs[i] ?? 1),
          pmReference: opts.orderCriterion?.(r) ?? r.partnerPmnumber,
          costKey: inv.costKey,
          costText: inv.costText?.slice(0, 25),
          taxServiceType: inv.taxServiceType,
          invoiceTotalGross: inv.gross,
          userShareAmount: iso(share),
          userSharePercent: iso(mulDivRound(share * 100n, 100n, total)),
          laborTotal: iso(labor),
          userLaborShare: iso(laborShares[i] ?? 0n),
          lastDayOfUse: r.validto < result.billingperiod.to ? r.validto : result.billingperiod.to,
        },
      });
    });
  }
  return out;
}

/** 9 property, 4 user group (none: 0000), 4 user, 1 user sequence within the unit (its last digit beyond 9). */
function refOf(result: BillingResult, r: RecipientResult, seq: number): string {
  return `${result.billingunitMscnumber.padStart(9, '0')}0000${r.residentialunitMscnumber}${String(seq % 10)}`;
}

export function resultToArgeFiles(result: BillingResult, opts: ResultFilesOptions): ResultFiles {
  const seqs = sequences(result.results);
  const d = result.results.flatMap((r) => dRecords(result, r, opts));
  const e835 = e835Records(result, seqs, opts);
  const e898: ArgeRecord[] = [];
  const pdfs: ResultPdf[] = [];
  result.results.forEach((r, i) => {
    const seq = seqs[i] ?? 1;
    const docs = result.documents.filter(
      (doc) =>
        doc.type !== 'LGA' &&
        doc.residentialunitMscnumber === r.residentialunitMscnumber &&
        doc.partnerPmnumber === r.partnerPmnumber,
    );
    for (const doc of docs) {
      const name = resultPdfName(result, r, seq, doc);
      pdfs.push({ name, document: doc });
      e898.push({
        type: 'E898',
        values: {
          sequenceNumber: String(e898.length + 1),
          mscKey: opts.mscKey,
          mscReference: refOf(result, r, seq),
          pmReference: opts.orderCriterion?.(r) ?? r.partnerPmnumber,
          imagePath: name,
          imageSequence: '1',
          lastDayOfUse: r.validto < result.billingperiod.to ? r.validto : result.billingperiod.to,
          documentType: doc.type,
        },
      });
    }
  });
  const files: ResultFiles['files'] = [
    { name: argeFileName('D', opts.at), bytes: writeArgeFile(d), records: d.length, kind: 'D' },
  ];
  if (e835.length > 0)
    files.push({ name: argeFileName('E835', opts.at), bytes: writeArgeFile(e835), records: e835.length, kind: 'E835' });
  files.push({ name: argeFileName('E898', opts.at), bytes: writeArgeFile(e898), records: e898.length, kind: 'E898' });
  return { files, pdfs };
}
