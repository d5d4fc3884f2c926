/**
 * A usage unit's roles as the MSC's template shows them, in On-Site-Roles form: the starting point for a change when
 * nothing was delivered from here yet. A template knows only its period, so contracts begin at the period's start at
 * the earliest, and only full names (no first name apart); a tenant is taken to receive the consumption information.
 */
import type { TemplateRecipient } from '@shared/msc/billing-input';
import type { OnSiteRoles, OsrPartner } from '@shared/msc/on-site-roles';

const VACANCY_NAME = /^Leerstand \((.+)\)$/;

export function rolesFromTemplate(recipients: readonly TemplateRecipient[], residentialunit: string): OnSiteRoles | undefined {
  const mine = recipients
    .filter((r) => r.residentialunitMscnumber === residentialunit)
    .sort((a, b) => (a.validfrom < b.validfrom ? -1 : a.validfrom > b.validfrom ? 1 : 0));
  if (mine.length === 0) return undefined;
  const partners = new Map<string, OsrPartner>();
  for (const r of mine) {
    if (partners.has(r.partnerPmnumber)) continue;
    const name = r.vacancy ? (VACANCY_NAME.exec(r.name)?.[1] ?? r.name) : r.name;
    partners.set(r.partnerPmnumber, { partnerPmnumber: r.partnerPmnumber, name, commercial: false });
  }
  const dated = (r: TemplateRecipient) => ({
    validfrom: r.validfrom,
    ...(r.validto === undefined ? {} : { validto: r.validto }),
  });
  return {
    partners: [...partners.values()],
    billingcontracts: mine.map((r) => ({
      ...dated(r),
      vacancy: r.vacancy,
      billingrecipient: { partnerPmnumber: r.partnerPmnumber, owner: r.vacancy },
    })),
    consumptioninformationcontracts: mine
      .filter((r) => !r.vacancy)
      .map((r) => ({ ...dated(r), partnerPmnumber: r.partnerPmnumber })),
  };
}
