/**
 * Templates show the billing recipients delivered via On-Site-Roles: when the template of a period that is still
 * OPEN is served, the recipients of every usage unit with an accepted OSR data set are replaced by that data set's
 * billing contracts, cut to the period. Commissioned periods keep the recipients they were billed with.
 */
import type { Template, TemplateRecipient } from '@shared/msc/billing-input';
import { recipientsOf } from '@shared/msc/osr-recipients';
import type { SandboxState } from '@main/sandbox/state';
import type { WorldBillingUnit } from '@main/sandbox/world-types';

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
