/**
 * A billing unit built around one given template (an OPEN period), for tests and benchmarks that bring
 * their own template: its MSC units are the template's recipients' units, known by their PM numbers.
 */
import type { Template } from '@shared/msc/billing-input';
import type { MscUnit, World, WorldBillingUnit } from '@main/sandbox/world-types';
import { DEMO_CLIENT, OTHER_CLIENT } from '@main/sandbox/seed';

export function billingUnitForTemplate(
  template: Template,
  customerMscnumber: string = DEMO_CLIENT.customerMscnumber,
): WorldBillingUnit {
  const units = new Map<string, MscUnit>();
  for (const r of template.billingrecipients) {
    if (units.has(r.residentialunitMscnumber)) continue;
    units.set(r.residentialunitMscnumber, {
      residentialunitMscnumber: r.residentialunitMscnumber,
      positiontext: `Nutzeinheit ${r.residentialunitMscnumber}`,
      knownPmnumber: r.residentialunitPmnumber,
    });
  }
  return {
    billingunitMscnumber: template.billingunitMscnumber,
    customerMscnumber,
    address: { street: 'Teststraße 1', postalcode: '12345', city: 'Musterstadt' },
    units: [...units.values()],
    periods: [{ period: { ...template.billingperiod, status: 'OPEN' }, template }],
  };
}

/** The demo clients and one billing unit per template, each owned by the demo customer. */
export function worldForTemplates(...templates: Template[]): World {
  return {
    clients: [{ ...DEMO_CLIENT }, { ...OTHER_CLIENT }],
    billingunits: templates.map((t) => billingUnitForTemplate(t)),
  };
}
