/**
 * The agreement form's values (text as typed: German dates and decimal commas are fine) and their mapping to the
 * shared `Agreement` schema, which does the checking, so the form refuses what the main process would. Each issue
 * becomes a locale key at its field; rows left wholly empty are dropped.
 */
import { Agreement } from '@shared/arge/agreement';
import type { AgreementFields } from '@shared/arge/agreement';
import { parseDate } from '@shared/domain/dates';
import type { z } from 'zod';

export type FuelRow = { fuel: string; calorific: string };
export type CostRow = { key: string; allocation: string; allocationkey: string; text: string };
export type UnitRow = { msc: string; pm: string; partner: string; name: string; since: string; vacancy: boolean };

export type AgreementValues = {
  billingunit: string;
  pmnumber: string;
  street: string;
  postalcode: string;
  city: string;
  from: string;
  to: string;
  expectedvat: 'GROSS' | 'NET' | 'BOTH';
  hotwatermethod: string;
  heatingBase: string;
  heatingConsumption: string;
  hotwaterBase: string;
  hotwaterConsumption: string;
  fuels: [FuelRow, FuelRow];
  keys: string[];
  costs: CostRow[];
  units: UnitRow[];
};

/** Field id (`street`, `costs.2.allocationkey`, `units.0.msc`) → a key of `agreement:error.*`. */
export type AgreementErrors = Record<string, string>;

export const emptyCost = (): CostRow => ({ key: '', allocation: 'B', allocationkey: '', text: '' });
export const emptyUnit = (): UnitRow => ({ msc: '', pm: '', partner: '', name: '', since: '', vacancy: false });

export function emptyAgreementValues(): AgreementValues {
  const year = new Date().getFullYear() - 1;
  return {
    billingunit: '',
    pmnumber: '',
    street: '',
    postalcode: '',
    city: '',
    from: `01.01.${String(year)}`,
    to: `31.12.${String(year)}`,
    expectedvat: 'GROSS',
    hotwatermethod: '',
    heatingBase: '30,0',
    heatingConsumption: '70,0',
    hotwaterBase: '30,0',
    hotwaterConsumption: '70,0',
    fuels: [
      { fuel: '', calorific: '' },
      { fuel: '', calorific: '' },
    ],
    keys: [],
    costs: [emptyCost()],
    units: [emptyUnit()],
  };
}

const germanDate = (iso: string): string => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1');
const germanNumber = (s: string): string => s.replace('.', ',');

/** The form's values of a stored agreement, or of the parts last year's files gave (the rest stays as it was). */
export function valuesFromAgreement(a: Partial<z.infer<typeof AgreementFields>>, base = emptyAgreementValues()): AgreementValues {
  const v: AgreementValues = { ...base };
  if (a.billingunit !== undefined) v.billingunit = a.billingunit;
  if (a.pmnumber !== undefined) v.pmnumber = a.pmnumber;
  if (a.address) Object.assign(v, { street: a.address.street, postalcode: a.address.postalcode, city: a.address.city });
  if (a.firstperiod) Object.assign(v, { from: germanDate(a.firstperiod.from), to: germanDate(a.firstperiod.to) });
  if (a.expectedvat) v.expectedvat = a.expectedvat;
  if (a.hotwatermethod) v.hotwatermethod = a.hotwatermethod;
  if (a.distributionratio) {
    const r = a.distributionratio;
    v.heatingBase = germanNumber(r.heating.base);
    v.heatingConsumption = germanNumber(r.heating.consumption);
    v.hotwaterBase = germanNumber(r.hotwater.base);
    v.hotwaterConsumption = germanNumber(r.hotwater.consumption);
  }
  if (a.fuels) {
    const row = (slot: number): FuelRow => {
      const f = a.fuels?.find((x) => x.slot === slot);
      return { fuel: f?.fuel ?? '', calorific: f?.calorificvalue === undefined ? '' : germanNumber(f.calorificvalue) };
    };
    v.fuels = [row(1), row(2)];
  }
  if (a.distributionkeys) v.keys = [...a.distributionkeys];
  if (a.costtypes) v.costs = a.costtypes.map((c) => ({ ...c, text: c.text ?? '' }));
  if (a.units)
    v.units = a.units.map((u) => ({
      msc: u.residentialunitMscnumber,
      pm: u.residentialunitPmnumber,
      partner: u.occupant?.partnerPmnumber ?? '',
      name: u.occupant?.name ?? '',
      since: u.occupant ? germanDate(u.occupant.since) : '',
      vacancy: u.occupant?.vacancy ?? false,
    }));
  return v;
}

const trim = (s: string): string => s.trim();
const isoDate = (s: string): string => {
  const r = parseDate(s.trim());
  return r.ok ? r.value : s.trim();
};
/** `30` and `30,0` are 30.0 % (one place, as the contract has shares). */
const share = (s: string): string => {
  const t = s.trim().replace(',', '.');
  return /^\d{1,3}$/.test(t) ? `${t}.0` : t;
};
const blankRow = (row: object): boolean =>
  Object.values(row).every((x) => x === '' || x === false || (typeof x === 'string' && x.trim() === ''));

type Built = { ok: true; agreement: Agreement } | { ok: false; errors: AgreementErrors };

export function toAgreement(v: AgreementValues): Built {
  const fuelRows = v.fuels.map((f, i) => ({ f, i })).filter(({ f }) => f.fuel !== '');
  const costRows = v.costs.map((c, i) => ({ c, i })).filter(({ c }) => !blankRow({ ...c, allocation: '' }));
  const unitRows = v.units.map((u, i) => ({ u, i })).filter(({ u }) => !blankRow(u));
  const raw = {
    billingunit: trim(v.billingunit),
    ...(trim(v.pmnumber) === '' ? {} : { pmnumber: trim(v.pmnumber) }),
    address: { street: trim(v.street), postalcode: trim(v.postalcode), city: trim(v.city) },
    firstperiod: { from: isoDate(v.from), to: isoDate(v.to) },
    expectedvat: v.expectedvat,
    distributionratio: {
      heating: { base: share(v.heatingBase), consumption: share(v.heatingConsumption) },
      hotwater: { base: share(v.hotwaterBase), consumption: share(v.hotwaterConsumption) },
    },
    ...(v.hotwatermethod === '' ? {} : { hotwatermethod: v.hotwatermethod }),
    fuels: fuelRows.map(({ f, i }) => ({
      slot: i + 1,
      fuel: f.fuel,
      ...(trim(f.calorific) === '' ? {} : { calorificvalue: trim(f.calorific).replace(',', '.') }),
    })),
    costtypes: costRows.map(({ c }) => ({
      key: c.key,
      allocation: c.allocation,
      allocationkey: c.allocationkey,
      ...(trim(c.text) === '' ? {} : { text: trim(c.text) }),
    })),
    distributionkeys: v.keys,
    units: unitRows.map(({ u }) => ({
      residentialunitMscnumber: trim(u.msc),
      residentialunitPmnumber: trim(u.pm),
      ...(trim(u.partner) === '' && trim(u.name) === ''
        ? {}
        : { occupant: { partnerPmnumber: trim(u.partner), name: trim(u.name), since: isoDate(u.since), vacancy: u.vacancy } }),
    })),
  };
  const parsed = Agreement.safeParse(raw);
  if (parsed.success) return { ok: true, agreement: parsed.data };
  const errors: AgreementErrors = {};
  const rows = { fuels: fuelRows.map((r) => r.i), costtypes: costRows.map((r) => r.i), units: unitRows.map((r) => r.i) };
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, rows);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = keyOf(issue, valueAt(raw, issue.path));
  }
  if (Object.keys(errors).length === 0) errors.form = 'invalid';
  return { ok: false, errors };
}

const UNIT_FIELDS: Record<string, string> = {
  residentialunitMscnumber: 'msc',
  residentialunitPmnumber: 'pm',
  partnerPmnumber: 'partner',
  name: 'name',
  since: 'since',
};
const TOP_FIELDS: Record<string, string> = { street: 'street', postalcode: 'postalcode', city: 'city', from: 'from', to: 'to' };

function fieldOf(
  path: readonly PropertyKey[],
  rows: { fuels: number[]; costtypes: number[]; units: number[] },
): string | undefined {
  const [head, a, b, c] = path.map(String);
  if (head === 'address' || head === 'firstperiod') return a === undefined ? undefined : TOP_FIELDS[a];
  if (head === 'distributionratio') return `${a ?? ''}${b === 'base' ? 'Base' : 'Consumption'}`;
  if (head === 'fuels') return `fuels.${String(rows.fuels[Number(a)] ?? 0)}.${b === 'calorificvalue' ? 'calorific' : 'fuel'}`;
  if (head === 'costtypes') return `costs.${String(rows.costtypes[Number(a)] ?? 0)}.${b ?? 'key'}`;
  if (head === 'units') return `units.${String(rows.units[Number(a)] ?? 0)}.${UNIT_FIELDS[c ?? b ?? ''] ?? 'msc'}`;
  if (head === 'distributionkeys') return 'keys';
  return head;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const k of path) at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[k] : undefined;
  return at;
}

function keyOf(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined || value === '') return 'required';
  if (issue.message === 'ist doppelt') return 'duplicate';
  if (issue.message === 'ist kein vereinbarter Schlüssel') return 'keyNotAgreed';
  if (issue.message === 'liegt vor dem Beginn') return 'beforeStart';
  if (issue.code === 'too_big') return 'tooLong';
  return 'invalid';
}
