/**
 * D, E835 and E898 files back into the billing result the API gives (docs/arge.md, "D, E835, E898 files"): one
 * result per user found in D, matched to the period's recipients by usage unit, last day of use and order
 * criterion, with the PDFs the E898 index names when they were picked with the files. Whatever does not fit is
 * named with file and line; a malformed D record refuses the whole import, so no half result is stored.
 */
import { addDays } from '@shared/domain/dates';
import { formatIso, fromUnits, money } from '@shared/domain/decimal';
import { readArgeFile, type ReadIssue, type ReadRecord } from '@shared/arge/read';
import { allocationOfDKey, D_CO2_KEY, D_KEY_TEXT, D_TOTAL_KEY, S_FLAG } from '@shared/arge/result-groups';
import type { ExpectedVat } from '@shared/msc/billing-input';
import type { BillingResult, RecipientResult, ResultPosition } from '@shared/msc/billing-result';
import type { Amounts } from '@shared/msc/primitives';

export type {
  ImportFile,
  PeriodRecipient,
  PeriodFacts,
  ImportIssue,
  TaxShare,
  ImportedDocument,
  ResultImport,
} from '@shared/arge/result-import-types';
import type {
  ImportFile,
  PeriodRecipient,
  PeriodFacts,
  ImportIssue,
  TaxShare,
  ImportedDocument,
  ResultImport,
} from '@shared/arge/result-import-types';

type Kind = 'grossamount' | 'netamount';
const kindsOf = (vat: ExpectedVat): Kind[] =>
  vat === 'GROSS' ? ['grossamount'] : vat === 'NET' ? ['netamount'] : ['grossamount', 'netamount'];
const FIELD: Record<Kind, string> = { grossamount: 'Gross', netamount: 'Net' };
const cents = (s: string | undefined): bigint => (s === undefined ? 0n : money(s).units);
const iso = (c: bigint): string => formatIso(fromUnits(c, 2));
const TITLE: Record<string, string> = { HKA: 'Heizkostenabrechnung', BKA: 'Betriebskostenabrechnung', VDA: 'Verbrauchsanalyse' };

type ReadFile = { name: string; records: ReadRecord[]; issues: ReadIssue[] };
type DUser = { key: string; unit: string; criterion: string; lastDay: string; line: number; records: ReadRecord[] };

const baseName = (path: string): string => (path.split(/[\\/]/).pop() ?? path).toLowerCase();

function classify(files: readonly ImportFile[]): {
  d: ReadFile[];
  e835: ReadFile[];
  e898: ReadFile[];
  pdfs: Map<string, ImportFile>;
  issues: ImportIssue[];
} {
  const out = { d: [] as ReadFile[], e835: [] as ReadFile[], e898: [] as ReadFile[], pdfs: new Map<string, ImportFile>() };
  const issues: ImportIssue[] = [];
  for (const f of files) {
    if (/\.pdf$/i.test(f.name)) {
      out.pdfs.set(baseName(f.name), f);
      continue;
    }
    const read = readArgeFile(f.bytes, f.name);
    const types = new Set(read.records.map((r) => r.type));
    const prefix = f.name.toUpperCase().slice(0, 6);
    const file = { name: f.name, ...read };
    if (types.has('D') || prefix === 'DTD305') out.d.push(file);
    else if (types.has('E835') || prefix === 'DTE835') out.e835.push(file);
    else if (types.has('E898') || prefix === 'DTE898') out.e898.push(file);
    else issues.push({ severity: 'error', code: 'ARGE_FILE_NOT_RECOGNISED', file: f.name });
  }
  return { ...out, issues };
}

function amountsOf(kinds: readonly Kind[], get: (k: Kind) => bigint): Amounts {
  return Object.fromEntries(kinds.map((k) => [k, iso(get(k))]));
}

function positionOf(rec: ReadRecord, kinds: readonly Kind[]): ResultPosition {
  const key = rec.values.costKey ?? '';
  const flag = rec.values.estimationFlag;
  const source =
    flag === undefined
      ? 'ALLOCATION'
      : flag === S_FLAG.read || flag === S_FLAG.readings
        ? 'READ'
        : Number(flag) <= 8 || flag === '015'
          ? 'ESTIMATED'
          : 'ALLOCATION';
  const value = rec.values.consumptionShares;
  const unit = rec.values.consumptionUnit;
  const p: ResultPosition = {
    costtype: key,
    text: D_KEY_TEXT[key] ?? `Kostenart ${key}`,
    allocation: allocationOfDKey(key),
    basis: value !== undefined ? 'CONSUMPTION' : 'KEY',
    cost: amountsOf(kinds, (k) => cents(rec.values[`total${FIELD[k]}`])),
  };
  // A D record carries the user's value only, not the property's total of the key.
  if (value !== undefined && unit !== undefined) p.consumption = { value, unit: unit, total: '0.000', source };
  return p;
}

/** One user's D records as the API's recipient result. */
function recipientOf(
  user: DUser,
  kinds: readonly Kind[],
  match: PeriodRecipient | undefined,
  validfrom: string,
): RecipientResult {
  const total = user.records.find((r) => r.values.costKey === D_TOTAL_KEY);
  const parts = user.records.filter((r) => r !== total);
  const positions = parts.map((r) => positionOf(r, kinds));
  const pick = (field: string, k: Kind): bigint | undefined => {
    const name = `${field}${FIELD[k]}`;
    if (total?.values[name] !== undefined) return cents(total.values[name]);
    const given = parts.filter((r) => r.values[name] !== undefined);
    return given.length > 0 ? given.reduce((a, r) => a + cents(r.values[name]), 0n) : undefined;
  };
  const charged = (k: Kind) => pick('total', k) ?? 0n;
  const prepaid = (k: Kind) => pick('prepayment', k) ?? 0n;
  const co2 = (k: Kind) => {
    const c = parts.filter((r) => r.values.costKey === D_CO2_KEY).reduce((a, r) => a + cents(r.values[`total${FIELD[k]}`]), 0n);
    return c < 0n ? -c : 0n;
  };
  const flag = total?.values.estimationFlag;
  const name = match?.name ?? user.records[0]?.values.name1;
  return {
    residentialunitMscnumber: user.unit,
    ...(match?.residentialunitPmnumber === undefined ? {} : { residentialunitPmnumber: match.residentialunitPmnumber }),
    partnerPmnumber: match?.partnerPmnumber ?? user.criterion,
    ...(name === undefined ? {} : { name }),
    validfrom: match?.validfrom ?? validfrom,
    validto: match?.validto ?? user.lastDay,
    vacancy: match?.vacancy ?? false,
    totalcost: amountsOf(kinds, charged),
    co2landlordshare: amountsOf(kinds, co2),
    prepayment: amountsOf(kinds, prepaid),
    balance: amountsOf(kinds, (k) => pick('balance', k) ?? charged(k) - prepaid(k)),
    newmonthlyprepayment: amountsOf(kinds, (k) => pick('newMonthlyPrepayment', k) ?? 0n),
    ...(flag === S_FLAG.readings
      ? { changesplit: 'READINGS' as const }
      : flag === S_FLAG.degreeDays
        ? { changesplit: 'DEGREE_DAYS' as const }
        : {}),
    positions,
  };
}

/** The D file's users of this property, in file order; records of other properties and currencies are named. */
function usersOf(d: readonly ReadFile[], facts: PeriodFacts, issues: ImportIssue[]): DUser[] {
  const users = new Map<string, DUser>();
  const otherProperty = new Set<string>();
  for (const file of d) {
    for (const rec of file.records) {
      if (rec.type !== 'D') continue;
      const ref = rec.values.mscReference ?? '';
      const property = ref.slice(0, 9).replace(/^0+(?=\d)/, '');
      if (property !== facts.billingunit) {
        if (!otherProperty.has(property))
          issues.push({ severity: 'warning', code: 'ARGE_OTHER_PROPERTY', file: file.name, line: rec.line, property });
        otherProperty.add(property);
        continue;
      }
      if (rec.values.currency !== 'EUR') {
        issues.push({
          severity: 'error',
          code: 'ARGE_CURRENCY',
          file: file.name,
          line: rec.line,
          currency: rec.values.currency ?? '',
        });
        continue;
      }
      const unit = ref.slice(9, 13);
      const criterion = rec.values.pmReference ?? '';
      const lastDay = rec.values.lastDayOfUse ?? '';
      const key = `${unit}|${criterion}|${lastDay}`;
      let user = users.get(key);
      if (!user) {
        user = { key, unit, criterion, lastDay, line: rec.line, records: [] };
        users.set(key, user);
      }
      if (user.records.some((r) => r.values.costKey === rec.values.costKey)) {
        issues.push({
          severity: 'warning',
          code: 'ARGE_DUPLICATE_COST_TYPE',
          file: file.name,
          line: rec.line,
          unit,
          criterion,
          costKey: rec.values.costKey ?? '',
        });
        continue;
      }
      user.records.push(rec);
    }
  }
  return [...users.values()];
}

function matchUsers(
  users: readonly DUser[],
  facts: PeriodFacts,
  dName: string,
  issues: ImportIssue[],
): (PeriodRecipient | undefined)[] {
  const used = new Set<PeriodRecipient>();
  const clamp = (d: string) => (d > facts.period.to ? facts.period.to : d);
  return users.map((u) => {
    const cands = facts.recipients.filter(
      (r) => !used.has(r) && r.residentialunitMscnumber === u.unit && clamp(r.validto) === u.lastDay,
    );
    let m = cands.find((r) => r.partnerPmnumber === u.criterion || r.residentialunitPmnumber === u.criterion);
    const base = { file: dName, line: u.line, unit: u.unit, criterion: u.criterion, lastDay: u.lastDay };
    if (!m && cands.length === 1) {
      m = cands[0];
      issues.push({ severity: 'warning', code: 'ARGE_CRITERION_DIFFERS', ...base, partner: m?.partnerPmnumber ?? '' });
    }
    if (!m) issues.push({ severity: 'warning', code: 'ARGE_NOT_A_RECIPIENT', ...base });
    if (m) used.add(m);
    return m;
  });
}

const stampDate = (name: string): string | undefined => {
  const m = /_(\d{4})(\d{2})(\d{2})\d{6}\.DAT$/i.exec(name);
  return m ? `${m[1] ?? ''}-${m[2] ?? ''}-${m[3] ?? ''}` : undefined;
};

export function importResultFiles(files: readonly ImportFile[], facts: PeriodFacts, now: Date): ResultImport {
  const { d, e835, e898, pdfs, issues } = classify(files);
  for (const f of d) issues.push(...f.issues.map((i) => ({ ...i, severity: 'error' as const })));
  for (const f of [...e835, ...e898]) issues.push(...f.issues.map((i) => ({ ...i, severity: 'warning' as const })));
  const dFile = d[0];
  if (!dFile) issues.push({ severity: 'error', code: 'ARGE_NO_D_FILE', file: files.map((f) => f.name).join(', ') });
  const users = usersOf(d, facts, issues);
  if (dFile && users.length === 0 && !issues.some((i) => i.severity === 'error'))
    issues.push({ severity: 'error', code: 'ARGE_NO_RECORDS_FOR_PROPERTY', file: dFile.name, property: facts.billingunit });
  if (!dFile || issues.some((i) => i.severity === 'error')) return { ok: false, issues };

  const kinds = kindsOf(facts.expectedvat);
  const matches = matchUsers(users, facts, dFile.name, issues);
  const lastOfUnit = new Map<string, string>();
  const results = users.map((u, i) => {
    const prev = lastOfUnit.get(u.unit);
    lastOfUnit.set(u.unit, u.lastDay);
    return recipientOf(u, kinds, matches[i], prev ? addDays(prev, 1) : facts.period.from);
  });
  const seqOf = new Map<string, number>();
  const idOf = results.map((r) => {
    const n = (seqOf.get(r.residentialunitMscnumber) ?? 0) + 1;
    seqOf.set(r.residentialunitMscnumber, n);
    return `${r.residentialunitMscnumber}-${String(n)}`;
  });
  const userIndex = (file: string, rec: ReadRecord): number => {
    const ref = rec.values.mscReference ?? '';
    const unit = ref.slice(13, 17);
    const i = users.findIndex(
      (u) => u.unit === unit && u.lastDay === rec.values.lastDayOfUse && u.criterion === rec.values.pmReference,
    );
    const j = i >= 0 ? i : users.findIndex((u) => u.unit === unit && u.lastDay === rec.values.lastDayOfUse);
    if (j < 0 && ref.slice(0, 9).replace(/^0+(?=\d)/, '') === facts.billingunit)
      issues.push({
        severity: 'warning',
        code: 'ARGE_UNKNOWN_USER',
        file,
        line: rec.line,
        unit,
        criterion: rec.values.pmReference ?? '',
        lastDay: rec.values.lastDayOfUse ?? '',
      });
    return j;
  };

  const documents: ImportedDocument[] = [];
  const ids = new Set<string>();
  for (const f of e898) {
    for (const rec of f.records) {
      const i = userIndex(f.name, rec);
      const r = results[i];
      if (!r) continue;
      const type = rec.values.documentType === 'BKA' || rec.values.documentType === 'VDA' ? rec.values.documentType : 'HKA';
      const path = rec.values.imagePath ?? '';
      const pdf = pdfs.get(baseName(path));
      if (!pdf) {
        issues.push({
          severity: 'warning',
          code: 'ARGE_PDF_MISSING',
          file: f.name,
          line: rec.line,
          path,
          unit: r.residentialunitMscnumber,
          criterion: r.partnerPmnumber,
          ...(r.name === undefined ? {} : { name: r.name }),
          ...(r.residentialunitPmnumber === undefined ? {} : { unitPm: r.residentialunitPmnumber }),
        });
        continue;
      }
      const page = Number(rec.values.imageSequence ?? '1');
      let id = `${type}-${idOf[i] ?? String(i)}${page > 1 ? `-${String(page)}` : ''}`;
      for (let n = 2; ids.has(id); n++) id = `${type}-${idOf[i] ?? String(i)}-${String(page)}-${String(n)}`;
      ids.add(id);
      documents.push({
        file: pdf.name,
        document: {
          documentid: id,
          type,
          residentialunitMscnumber: r.residentialunitMscnumber,
          partnerPmnumber: r.partnerPmnumber,
          title: `${TITLE[type] ?? type} ${r.name ?? r.partnerPmnumber}`.slice(0, 120),
          mediatype: 'application/pdf',
        },
      });
    }
  }
  const taxShares: TaxShare[] = [];
  for (const f of e835) {
    for (const rec of f.records) {
      const r = results[userIndex(f.name, rec)];
      if (!r) continue;
      const v = rec.values;
      taxShares.push({
        residentialunitMscnumber: r.residentialunitMscnumber,
        partnerPmnumber: r.partnerPmnumber,
        validto: r.validto,
        costKey: v.costKey ?? '',
        ...(v.costText === undefined ? {} : { costText: v.costText }),
        taxServiceType: v.taxServiceType ?? '',
        invoiceTotalGross: v.invoiceTotalGross ?? '0.00',
        userShareAmount: v.userShareAmount ?? '0.00',
        userSharePercent: v.userSharePercent ?? '0.00',
        laborTotal: v.laborTotal ?? '0.00',
        userLaborShare: v.userLaborShare ?? '0.00',
      });
    }
  }

  const sum = (pick: (r: RecipientResult) => Amounts) =>
    amountsOf(kinds, (k) => results.reduce((a, r) => a + cents(pick(r)[k]), 0n));
  const byAllocation = (codes: string) =>
    amountsOf(kinds, (k) =>
      results.reduce(
        (a, r) =>
          a +
          r.positions
            .filter((p) => codes.includes(p.allocation) && p.costtype !== D_CO2_KEY)
            .reduce((b, p) => b + cents(p.cost[k]), 0n),
        0n,
      ),
    );
  const totalcost = sum((r) => r.totalcost);
  const co2 = sum((r) => r.co2landlordshare);
  const result: BillingResult = {
    billingunitMscnumber: facts.billingunit,
    billingperiod: facts.period,
    currency: 'EUR',
    expectedvat: facts.expectedvat,
    billingdate: stampDate(dFile.name) ?? now.toISOString().slice(0, 10),
    transactionid: `ARGE ${dFile.name}`,
    createdat: now.toISOString(),
    totals: {
      distributablecost: amountsOf(kinds, (k) => cents(totalcost[k]) + cents(co2[k])),
      heating: byAllocation('H'),
      hotwater: byAllocation('W'),
      coldwater: byAllocation('KA'),
      operating: byAllocation('B'),
      totalcost,
      co2landlordshare: co2,
      prepayment: sum((r) => r.prepayment),
      balance: sum((r) => r.balance),
    },
    results,
    documents: documents.map((x) => x.document),
  };
  const names = [...d, ...e835, ...e898].map((f) => f.name);
  return { ok: true, result, documents, taxShares, files: [...names, ...documents.map((x) => x.file)], issues };
}
