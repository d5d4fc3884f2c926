/**
 * Templates show the billing recipients delivered via On-Site-Roles: when the template of a period that is still
 * OPEN is served, the recipients of every usage unit with an accepted OSR data set are replaced by that data set's
 * billing contracts, cut to the period. Commissioned periods keep the recipients they were billed with.
 */
import type { Template, TemplateRecipient } from '@shared/msc/billing-input';
import { partnerDisplayName } from '@shared/msc/on-site-roles';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { SandboxState } from '@main/sandbox/state';
import type { WorldBillingUnit } from '@main/sandbox/world-types';

const NAME_MAX = 70;

/** Billing contracts as the MSC holds them after a delivery: a termination marker ends every one at its date. */
export function effectiveBillingContracts(roles: OnSiteRoles): OnSiteRoles['billingcontracts'] {
  const at = roles.terminateallbillingcontracts === true ? roles.terminateallbillingcontractsat : undefined;
  if (at === undefined) return roles.billingcontracts;
  return roles.billingcontracts
    .filter((c) => c.validfrom <= at)
    .map((c) => (c.validto === undefined || c.validto > at ? { ...c, validto: at } : c));
}

function recipientsOf(
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

/** Our PM number of a usage unit: the template's, else the matching's, else what the MSC has on file, else its own number. */
function pmNumberOf(template: Template, bu: WorldBillingUnit, state: SandboxState, msc: string): string {
  const inTemplate = template.billingrecipients.find((r) => r.residentialunitMscnumber === msc);
  if (inTemplate) return inTemplate.residentialunitPmnumber;
  const matched = state.setup(bu.billingunitMscnumber)?.result?.matched.find((m) => m.residentialunitMscnumber === msc);
  return matched?.residentialunitPmnumber ?? bu.units.find((u) => u.residentialunitMscnumber === msc)?.knownPmnumber ?? msc;
}

/** The template with the delivered OSR recipients in place of the seeded ones; unchanged when nothing was delivered. */
export function withDeliveredRoles(template: Template, bu: WorldBillingUnit, state: SandboxState): Template {
  const replaced = new Map<string, TemplateRecipient[]>();
  for (const unit of bu.units) {
    const record = state.onSiteRoles(bu.billingunitMscnumber, unit.residentialunitMscnumber);
    if (!record) continue;
    const msc = unit.residentialunitMscnumber;
    replaced.set(msc, recipientsOf(record.roles, { msc, pm: pmNumberOf(template, bu, state, msc) }, template.billingperiod));
  }
  if (replaced.size === 0) return template;
  const kept = template.billingrecipients.filter((r) => !replaced.has(r.residentialunitMscnumber));
  const billingrecipients = [...kept, ...[...replaced.values()].flat()].sort((a, b) =>
    a.residentialunitMscnumber !== b.residentialunitMscnumber
      ? a.residentialunitMscnumber < b.residentialunitMscnumber
        ? -1
        : 1
      : a.validfrom < b.validfrom
        ? -1
        : a.validfrom > b.validfrom
          ? 1
          : 0,
  );
  return { ...template, billingrecipients };
}
