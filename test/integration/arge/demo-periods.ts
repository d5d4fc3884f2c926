/** Every demo period's template with a filled template: the demo MSC's world (each property, each year) and the base fixture. */
import { demoWorld, DEMO_CLIENT } from '@main/sandbox/seed';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';

export type DemoPeriod = { name: string; template: Template; fill: FilledTemplate; customer: string };

export function demoPeriods(): DemoPeriod[] {
  const world = demoWorld();
  const out: DemoPeriod[] = [];
  for (const bu of world.billingunits) {
    for (const p of bu.periods) {
      if (!p.template) continue;
      out.push({
        name: `${bu.billingunitMscnumber} ${p.period.to}`,
        template: p.template,
        fill: demoSubmission(p.template),
        customer: bu.customerMscnumber,
      });
    }
  }
  out.push({
    name: 'fixture 100200399',
    template: baseTemplate(),
    fill: baseSubmission(),
    customer: DEMO_CLIENT.customerMscnumber,
  });
  return out;
}
