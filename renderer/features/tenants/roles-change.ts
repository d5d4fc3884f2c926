/**
 * The changes a clerk records, turned into the complete new On-Site-Roles of one usage unit (the MSC wants the whole
 * data set each time; contracts left out end). Pure functions: the forms only collect dates and names.
 */
import { addDays } from '@shared/domain/dates';
import { partnerDisplayName } from '@shared/msc/on-site-roles';
import type { BillingContract, OnSiteRoles, OsrPartner } from '@shared/msc/on-site-roles';
import type { OsrUnitView } from '@shared/ipc/channels/osr';

export type PartnerInput = { partnerPmnumber: string; name: string; firstname?: string; commercial: boolean };

export type TenantChange = {
  /** Last day of the old tenant. */
  moveOut: string;
  /** First day of the new tenant. */
  moveIn: string;
  tenant: PartnerInput;
  /** The days between move-out and move-in are reported as vacancy, billed to the owner. */
  vacancyBetween: boolean;
  owner?: PartnerInput;
};

export type VacancyChange = { from: string; to?: string; owner: PartnerInput };
export type OwnerChange = { from: string; owner: PartnerInput };

type Dated = { validfrom: string; validto?: string };

/** Contracts starting after `end` are dropped; the ones running past it end on `end`. */
function endAt<T extends Dated>(list: readonly T[], end: string): T[] {
  return list
    .filter((c) => c.validfrom <= end)
    .map((c) => (c.validto === undefined || c.validto > end ? { ...c, validto: end } : c));
}

function partnerOf(input: PartnerInput): OsrPartner {
  const firstname = input.firstname?.trim();
  return {
    partnerPmnumber: input.partnerPmnumber.trim(),
    name: input.name.trim(),
    ...(firstname ? { firstname } : {}),
    commercial: input.commercial,
  };
}

function upsert(partners: readonly OsrPartner[], add: OsrPartner): OsrPartner[] {
  const rest = partners.filter((p) => p.partnerPmnumber !== add.partnerPmnumber);
  return [...rest, add];
}

const byStart = <T extends Dated>(a: T, b: T) => (a.validfrom < b.validfrom ? -1 : a.validfrom > b.validfrom ? 1 : 0);

function vacancyContract(from: string, to: string | undefined, owner: string): BillingContract {
  return {
    validfrom: from,
    ...(to === undefined ? {} : { validto: to }),
    vacancy: true,
    billingrecipient: { partnerPmnumber: owner, owner: true },
  };
}

export function applyTenantChange(roles: OnSiteRoles, change: TenantChange): OnSiteRoles {
  const tenant = partnerOf(change.tenant);
  let partners = upsert(roles.partners, tenant);
  const billing = endAt(roles.billingcontracts, change.moveOut);
  const gapFrom = addDays(change.moveOut, 1);
  if (change.vacancyBetween && change.owner && gapFrom < change.moveIn) {
    const owner = partnerOf(change.owner);
    partners = upsert(partners, owner);
    billing.push(vacancyContract(gapFrom, addDays(change.moveIn, -1), owner.partnerPmnumber));
  }
  billing.push({
    validfrom: change.moveIn,
    vacancy: false,
    billingrecipient: { partnerPmnumber: tenant.partnerPmnumber, owner: false },
  });
  const info = endAt(roles.consumptioninformationcontracts, change.moveOut);
  info.push({ validfrom: change.moveIn, partnerPmnumber: tenant.partnerPmnumber });
  return { ...roles, partners, billingcontracts: billing.sort(byStart), consumptioninformationcontracts: info.sort(byStart) };
}

export function applyVacancy(roles: OnSiteRoles, change: VacancyChange): OnSiteRoles {
  const owner = partnerOf(change.owner);
  const before = addDays(change.from, -1);
  const billing = [...endAt(roles.billingcontracts, before), vacancyContract(change.from, change.to, owner.partnerPmnumber)];
  return {
    ...roles,
    partners: upsert(roles.partners, owner),
    billingcontracts: billing.sort(byStart),
    consumptioninformationcontracts: endAt(roles.consumptioninformationcontracts, before),
  };
}

/** The owner bears the vacancies: vacancy contracts from `from` on go to the new owner. */
export function applyOwnerChange(roles: OnSiteRoles, change: OwnerChange): OnSiteRoles {
  const owner = partnerOf(change.owner);
  const before = addDays(change.from, -1);
  const billing: BillingContract[] = [];
  for (const c of roles.billingcontracts) {
    const runsOn = c.validto === undefined || c.validto >= change.from;
    if (!c.vacancy || !runsOn) billing.push(c);
    else if (c.validfrom >= change.from) billing.push(vacancyContract(c.validfrom, c.validto, owner.partnerPmnumber));
    else {
      billing.push({ ...c, validto: before });
      billing.push(vacancyContract(change.from, c.validto, owner.partnerPmnumber));
    }
  }
  return { ...roles, partners: upsert(roles.partners, owner), billingcontracts: billing.sort(byStart) };
}

/** The owner known from the unit's vacancy contracts (the newest one), to prefill the forms. */
export function knownOwner(roles: OnSiteRoles | undefined): PartnerInput | undefined {
  const pm = roles?.billingcontracts.filter((c) => c.billingrecipient.owner).at(-1)?.billingrecipient.partnerPmnumber;
  const p = roles?.partners.find((x) => x.partnerPmnumber === pm);
  return p
    ? { partnerPmnumber: p.partnerPmnumber, name: p.name, firstname: p.firstname ?? '', commercial: p.commercial }
    : undefined;
}

/**
 * What a new change builds on. A refused delivery is replaced by the next change, so it starts from the last data set
 * the MSC accepted (or its template), not from the refused one.
 */
export function baseRoles(view: OsrUnitView): OnSiteRoles | undefined {
  const r = view.record;
  if (!r?.pending && r?.delivery?.state === 'rejected') return r.delivered?.roles ?? view.atMsc;
  return view.current;
}

export function nameOf(roles: OnSiteRoles, pm: string): string {
  const p = roles.partners.find((x) => x.partnerPmnumber === pm);
  return p ? partnerDisplayName(p) : pm;
}

/** The running billing recipient's name (today's contract, else the newest). */
export function currentRecipient(roles: OnSiteRoles | undefined, today: string): string | undefined {
  if (!roles) return undefined;
  const list = [...roles.billingcontracts].sort(byStart);
  const now = list.find((c) => c.validfrom <= today && (c.validto === undefined || c.validto >= today)) ?? list.at(-1);
  return now ? nameOf(roles, now.billingrecipient.partnerPmnumber) : undefined;
}
