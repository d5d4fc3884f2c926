/**
 * Which usage units of a period's template name other billing recipients than the roles we delivered via On-Site-Roles
 * (e.g. a period the MSC had already commissioned, or a template read before the delivery), and which have a change
 * that still waits to be delivered.
 */
import { partnerDisplayName } from '@shared/msc/on-site-roles';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { Template } from '@shared/msc/billing-input';
import type { OsrUnitRecord } from '@shared/domain/osr';

/** Names the template would show for the roles in the period (vacancy as „Leerstand (Eigentümer)“, as the MSC does). */
export function expectedNames(roles: OnSiteRoles, period: { from: string; to: string }): string[] {
  const names = roles.billingcontracts
    .filter((c) => c.validfrom <= period.to && (c.validto === undefined || c.validto >= period.from))
    .map((c) => {
      const p = roles.partners.find((x) => x.partnerPmnumber === c.billingrecipient.partnerPmnumber);
      const name = p ? partnerDisplayName(p) : c.billingrecipient.partnerPmnumber;
      return c.vacancy ? `Leerstand (${name})` : name;
    });
  return [...new Set(names)].sort();
}

export type RecipientDiff = { residentialunit: string; kind: 'pending' | 'differs'; expected: string[]; shown: string[] };

export function recipientDiffs(template: Template, records: readonly OsrUnitRecord[]): RecipientDiff[] {
  const out: RecipientDiff[] = [];
  for (const r of records) {
    const shown = [
      ...new Set(template.billingrecipients.filter((b) => b.residentialunitMscnumber === r.residentialunit).map((b) => b.name)),
    ].sort();
    if (r.pending || r.delivery?.state === 'failed') {
      const roles = r.pending?.roles ?? r.delivery?.roles;
      out.push({
        residentialunit: r.residentialunit,
        kind: 'pending',
        expected: roles ? expectedNames(roles, template.billingperiod) : [],
        shown,
      });
      continue;
    }
    if (!r.delivered || r.delivery) continue;
    const expected = expectedNames(r.delivered.roles, template.billingperiod);
    if (expected.join('|') !== shown.join('|'))
      out.push({ residentialunit: r.residentialunit, kind: 'differs', expected, shown });
  }
  return out;
}
