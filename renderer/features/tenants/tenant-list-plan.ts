/**
 * What a tenant list (ERP export) changes per usage unit: the list's tenancies replace the unit's billing recipients
 * from the start of what we know of the unit on (older history the MSC never showed us is not compared), gaps between
 * tenancies become vacancy billed to the known owner. Units whose recipients stay the same are left alone.
 * A row without tenant number is matched to a partner the unit already has by name (preferring one whose contract
 * overlaps the row's tenancy); a name the unit does not know becomes a new partner with a number made from unit and
 * move-in. Either way the plan keeps a remark for that row, so the clerk sees the assumption before saving.
 */
import { addDays } from '@shared/domain/dates';
import { partnerDisplayName } from '@shared/msc/on-site-roles';
import type { BillingContract, ConsumptionInformationContract, OnSiteRoles, OsrPartner } from '@shared/msc/on-site-roles';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import type { TenantRow } from '@shared/ipc/channels/excel';
import { baseRoles, knownOwner, nameOf } from '@renderer/features/tenants/roles-change';

export type ContractLine = { name: string; from: string; to?: string; vacancy: boolean };

/** How a row without tenant number got its partner: the unit's partner of that name and period, of that name only, or new. */
export type NumberRemark = {
  row: number;
  name: string;
  movein: string;
  kind: 'samePeriod' | 'sameName' | 'new';
  partnerPmnumber: string;
};

export type UnitPlan = {
  unit: string;
  residentialunitPmnumber?: string;
  before: ContractLine[];
  after: ContractLine[];
  roles: OnSiteRoles;
  /** Days between tenancies that cannot be reported as vacancy: no owner is known for the unit. */
  gapWithoutOwner: boolean;
  /** Rows of this unit without tenant number and what was assumed for them. */
  remarks: NumberRemark[];
};

export type TenantListPlan = { changed: UnitPlan[]; unchanged: number; unknown: TenantRow[] };

function findUnit(units: readonly OsrUnitView[], key: string): OsrUnitView | undefined {
  const padded = /^\d{1,4}$/.test(key) ? key.padStart(4, '0') : key;
  return units.find((u) => u.residentialunitMscnumber === padded || u.residentialunitPmnumber === key);
}

export function linesOf(roles: OnSiteRoles | undefined): ContractLine[] {
  return (roles?.billingcontracts ?? [])
    .map((c) => ({
      name: nameOf(roles as OnSiteRoles, c.billingrecipient.partnerPmnumber),
      from: c.validfrom,
      ...(c.validto === undefined ? {} : { to: c.validto }),
      vacancy: c.vacancy,
    }))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

const signature = (lines: readonly ContractLine[]) =>
  lines.map((l) => `${l.from}|${l.to ?? ''}|${String(l.vacancy)}|${l.name}`).join('\n');

const normal = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('de');

const overlaps = (a: { from: string; to?: string }, b: { from: string; to?: string }): boolean =>
  a.from <= (b.to ?? '9999-12-31') && b.from <= (a.to ?? '9999-12-31');

/** A number for a new partner the list gives no number for: unit and move-in, at most 20 characters as the MSC allows. */
export function madeUpNumber(unit: string, movein: string): string {
  const day = movein.replace(/-/g, '');
  return `${unit.slice(0, 20 - day.length - 1)}-${day}`;
}

type NumberedRow = TenantRow & { partnerPmnumber: string };

/** Gives every row of one unit a partner number; rows without one get it from the unit's partners or a new one. */
function numberRows(
  base: OnSiteRoles,
  unit: string,
  rows: readonly TenantRow[],
): { rows: NumberedRow[]; remarks: NumberRemark[] } {
  const remarks: NumberRemark[] = [];
  const numbered = rows.map((r): NumberedRow => {
    if (r.partnerPmnumber !== undefined) return { ...r, partnerPmnumber: r.partnerPmnumber };
    const name = partnerDisplayName(r);
    const sameName = base.partners.filter((p) => normal(partnerDisplayName(p)) === normal(name));
    const tenancy = { from: r.movein, ...(r.moveout === undefined ? {} : { to: r.moveout }) };
    const inPeriod = sameName.find((p) =>
      base.billingcontracts.some(
        (c) =>
          c.billingrecipient.partnerPmnumber === p.partnerPmnumber &&
          overlaps(tenancy, { from: c.validfrom, ...(c.validto === undefined ? {} : { to: c.validto }) }),
      ),
    );
    const found = inPeriod ?? sameName[0];
    const partnerPmnumber = found?.partnerPmnumber ?? madeUpNumber(unit, r.movein);
    const kind = inPeriod ? 'samePeriod' : found ? 'sameName' : 'new';
    remarks.push({ row: r.row, name, movein: r.movein, kind, partnerPmnumber });
    return { ...r, partnerPmnumber };
  });
  return { rows: numbered, remarks };
}

function planUnit(view: OsrUnitView, rows: readonly TenantRow[]): UnitPlan {
  const base = baseRoles(view) ?? { partners: [], billingcontracts: [], consumptioninformationcontracts: [] };
  const { rows: numbered, remarks } = numberRows(base, view.residentialunitMscnumber, rows);
  const tenancies = [...numbered].sort((a, b) => (a.movein < b.movein ? -1 : a.movein > b.movein ? 1 : 0));
  const knownFrom = base.billingcontracts.map((c) => c.validfrom).sort()[0] ?? tenancies[0]?.movein ?? '';
  const owner = knownOwner(base);
  const partners = new Map<string, OsrPartner>();
  const billing: BillingContract[] = [];
  const info: ConsumptionInformationContract[] = [];
  let gapWithoutOwner = false;
  let previousEnd: string | undefined;
  const vacancy = (from: string, to: string | undefined) => {
    if (!owner) {
      // Only a gap between two tenants needs the clerk; after the last move-out the unit is simply left open.
      if (to !== undefined) gapWithoutOwner = true;
      return;
    }
    partners.set(owner.partnerPmnumber, {
      partnerPmnumber: owner.partnerPmnumber,
      name: owner.name,
      ...(owner.firstname ? { firstname: owner.firstname } : {}),
      commercial: owner.commercial,
    });
    billing.push({
      validfrom: from,
      ...(to ? { validto: to } : {}),
      vacancy: true,
      billingrecipient: { partnerPmnumber: owner.partnerPmnumber, owner: true },
    });
  };
  for (const t of tenancies) {
    if (t.moveout !== undefined && t.moveout < knownFrom) continue;
    const from = t.movein < knownFrom ? knownFrom : t.movein;
    if (previousEnd !== undefined && addDays(previousEnd, 1) < from) vacancy(addDays(previousEnd, 1), addDays(from, -1));
    partners.set(t.partnerPmnumber, {
      partnerPmnumber: t.partnerPmnumber,
      name: t.name,
      ...(t.firstname ? { firstname: t.firstname } : {}),
      commercial: false,
    });
    const dated = { validfrom: from, ...(t.moveout === undefined ? {} : { validto: t.moveout }) };
    billing.push({ ...dated, vacancy: false, billingrecipient: { partnerPmnumber: t.partnerPmnumber, owner: false } });
    info.push({ ...dated, partnerPmnumber: t.partnerPmnumber });
    previousEnd = t.moveout ?? '9999-12-31';
  }
  if (previousEnd !== undefined && previousEnd !== '9999-12-31') vacancy(addDays(previousEnd, 1), undefined);
  const roles: OnSiteRoles = {
    ...base,
    partners: [...partners.values()],
    billingcontracts: billing,
    consumptioninformationcontracts: info,
  };
  return {
    unit: view.residentialunitMscnumber,
    ...(view.residentialunitPmnumber ? { residentialunitPmnumber: view.residentialunitPmnumber } : {}),
    before: linesOf(base),
    after: linesOf(roles),
    roles,
    gapWithoutOwner,
    remarks,
  };
}

export function planTenantList(rows: readonly TenantRow[], units: readonly OsrUnitView[]): TenantListPlan {
  const byUnit = new Map<OsrUnitView, TenantRow[]>();
  const unknown: TenantRow[] = [];
  for (const r of rows) {
    const view = findUnit(units, r.residentialunit);
    if (!view) unknown.push(r);
    else byUnit.set(view, [...(byUnit.get(view) ?? []), r]);
  }
  const changed: UnitPlan[] = [];
  let unchanged = 0;
  for (const [view, list] of byUnit) {
    const plan = planUnit(view, list);
    if (signature(plan.before) === signature(plan.after)) unchanged++;
    else changed.push(plan);
  }
  changed.sort((a, b) => (a.unit < b.unit ? -1 : 1));
  return { changed, unchanged, unknown };
}
