/**
 * The billing recipients an On-Site-Roles data set names for one usage unit within a billing period: what a
 * template shows after a delivery. The demo MSC serves them this way, and a file-exchange connection, which has no
 * MSC to deliver to, builds its templates' recipients the same way from the data sets the app keeps.
 */
import type { TemplateRecipient } from '@shared/msc/billing-input';
import { partnerDisplayName } from '@shared/msc/on-site-roles';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';

const NAME_MAX = 70;

/** Billing contracts as the MSC holds them after a delivery: a termination marker ends every one at its date. */
export function effectiveBillingContracts(roles: OnSiteRoles): OnSiteRoles['billingcontracts'] {
  const at = roles.terminateallbillingcontracts === true ? roles.terminateallbillingcontractsat : undefined;
  if (at === undefined) return roles.billingcontracts;
  return roles.billingcontracts
    .filter((c) => c.validfrom <= at)
    .map((c) => (c.validto === undefined || c.validto > at ? { ...c, validto: at } : c));
}

/** The recipients of one unit in the period, oldest first, cut to the period. */
export function recipientsOf(
  roles: OnSiteRoles,
  unit: { msc: string; pm: string },
  period: { from: string; to: string },
): TemplateRecipient[] {
  const partners = new Map(roles.partners.map((p) => [p.partnerPmnumber, p]));
  return effectiveBillingContracts(roles)
    .filter((c) => c.validfrom <= period.to && (c.validto === undefined || c.validto >= period.from))
    .sort((a, b) => (a.validfrom < b.validfrom ? -1 : a.validfrom > b.validfrom ? 1 : 0))
    .map((c) => {
      const partner = partners.get(c.billingrecipient.partnerPmnumber);
      const full = partner ? partnerDisplayName(partner) : c.billingrecipient.partnerPmnumber;
      const r: TemplateRecipient = {
        residentialunitMscnumber: unit.msc,
        residentialunitPmnumber: unit.pm,
        partnerPmnumber: c.billingrecipient.partnerPmnumber,
        name: (c.vacancy ? `Leerstand (${full})` : full).slice(0, NAME_MAX),
        validfrom: c.validfrom < period.from ? period.from : c.validfrom,
        vacancy: c.vacancy,
      };
      if (c.validto !== undefined && c.validto < period.to) r.validto = c.validto;
      return r;
    });
}
