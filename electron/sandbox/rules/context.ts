/**
 * Lookups shared by all plausibility rules of one check run. They are built once per submission so
 * that every rule stays linear in the size of the submission (2,000 recipients, 500 invoices).
 * Rules assume the submission already passed the FilledTemplate schema: decimals and dates are well-formed.
 */
import type { FilledTemplate, MessageType, Template } from '@shared/msc/billing-input';

export type TemplateFuel = Template['fuels'][number];
export type TemplateCostType = Template['costtypes'][number];
export type TemplateRecipient = Template['billingrecipients'][number];
export type Path = readonly (string | number)[];
export type InvoiceList = 'heatingsysteminvoices' | 'ancillaryinvoices';

export type RuleContext = {
  readonly template: Template;
  readonly submission: FilledTemplate;
  /** First and last day of the AZ. */
  readonly from: string;
  readonly to: string;
  readonly fuelsBySlot: ReadonlyMap<number, TemplateFuel>;
  readonly costTypes: ReadonlyMap<string, TemplateCostType>;
  readonly distributionKeys: ReadonlyMap<string, string>;
  /** Template recipients by `unit|partner`. */
  readonly templateRecipients: ReadonlyMap<string, TemplateRecipient>;
  /** Every unit the template names, with its recipients (any date). */
  readonly templateUnits: ReadonlyMap<string, readonly TemplateRecipient[]>;
  /** Indices into submission.billingrecipients per unit, sorted by validfrom, then validto. */
  readonly entriesByUnit: ReadonlyMap<string, readonly number[]>;
};

/** Reports one finding of the running rule; the rule's code is added by the caller. */
export type Report = (type: Exclude<MessageType, 'INFO'>, path: Path, message: string) => void;

export type Rule = { readonly code: string; readonly check: (ctx: RuleContext, report: Report) => void };

export const recipientKey = (unit: string, partner: string): string => `${unit}|${partner}`;

export function buildContext(template: Template, submission: FilledTemplate): RuleContext {
  const templateRecipients = new Map<string, TemplateRecipient>();
  const templateUnits = new Map<string, TemplateRecipient[]>();
  for (const r of template.billingrecipients) {
    templateRecipients.set(recipientKey(r.residentialunitMscnumber, r.partnerPmnumber), r);
    const list = templateUnits.get(r.residentialunitMscnumber);
    if (list) list.push(r);
    else templateUnits.set(r.residentialunitMscnumber, [r]);
  }
  const entriesByUnit = new Map<string, number[]>();
  submission.billingrecipients.forEach((e, i) => {
    const list = entriesByUnit.get(e.residentialunitMscnumber);
    if (list) list.push(i);
    else entriesByUnit.set(e.residentialunitMscnumber, [i]);
  });
  const entries = submission.billingrecipients;
  for (const list of entriesByUnit.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => {
      const x = entries[a];
      const y = entries[b];
      if (!x || !y) return 0;
      return x.validfrom.localeCompare(y.validfrom) || x.validto.localeCompare(y.validto);
    });
  }
  return {
    template,
    submission,
    from: template.billingperiod.from,
    to: template.billingperiod.to,
    fuelsBySlot: new Map(template.fuels.map((f) => [f.slot, f])),
    costTypes: new Map(template.costtypes.map((c) => [c.key, c])),
    distributionKeys: new Map(template.distributionkeys.map((d) => [d.key, d.text])),
    templateRecipients,
    templateUnits,
    entriesByUnit,
  };
}

/** The walk shared with the local pre-check (shared/domain/fill-walk). */
export { eachAmounts, eachDelivery, eachInvoice } from '@shared/domain/fill-walk';
