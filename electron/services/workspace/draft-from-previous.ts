/**
 * "Vom Vorjahr übernehmen": a new draft prefilled from the last binding submission of an earlier period of the
 * same billing unit, as the archive keeps it. What carries over is what rarely changes from year to year: who
 * lives there with their distribution values, the fuels with last year's closing stock as opening stock, and the
 * cost types with their texts and keys. Amounts, dates of invoices, deliveries and prepayments belong to one
 * year and are left for the clerk to fill.
 */
import { addDays } from '@shared/domain/dates';
import type { ArchiveSummary, DraftContent } from '@shared/domain/workspace';
import { FilledTemplate } from '@shared/msc/billing-input';
import type { Invoice, RecipientEntry } from '@shared/msc/billing-input';

/** Where a prefilled draft came from; kept in the draft (not sent to the MSC) so the screen can say so. */
export type PreviousSource = { id: string; periodTo: string; at: string };

/** The newest commissioned submission of a period that ended before `periodTo`. */
export function previousSubmission(entries: readonly ArchiveSummary[], periodTo: string): ArchiveSummary | undefined {
  return entries
    .filter((e) => e.result === 'commissioned' && e.periodTo < periodTo)
    .sort((a, b) => a.periodTo.localeCompare(b.periodTo) || a.seq - b.seq)
    .at(-1);
}

/**
 * The draft content for the period ending `periodTo`, or undefined when the archived request is no submission
 * this app can read (archives keep requests as sent, so an old format is possible).
 */
export function draftFromSubmission(request: unknown, source: PreviousSource, periodTo: string): DraftContent | undefined {
  const parsed = FilledTemplate.safeParse(request);
  if (!parsed.success) return undefined;
  const previous = parsed.data;
  const from = addDays(source.periodTo, 1);
  return {
    currency: previous.currency,
    expectedvat: previous.expectedvat,
    energysources: previous.energysources.map((s) => ({
      slot: s.slot,
      fuel: s.fuel,
      ...(s.closingstock ? { openingstock: { ...s.closingstock, date: from } } : {}),
      deliveries: [],
    })),
    heatingsysteminvoices: costTypesOf(previous.heatingsysteminvoices),
    ancillaryinvoices: costTypesOf(previous.ancillaryinvoices),
    billingrecipients: previous.billingrecipients
      // Whoever had moved out before the end of last year has no share in this one.
      .filter((r) => r.validto >= source.periodTo)
      .map((r) => recipientFor(r, from, periodTo)),
    fromprevious: source,
  };
}

/** One row per cost type, text, key and §35a service type: several invoices of one kind become one row to fill. */
function costTypesOf(invoices: readonly Invoice[]): NonNullable<DraftContent['heatingsysteminvoices']> {
  const seen = new Map<string, NonNullable<DraftContent['heatingsysteminvoices']>[number]>();
  for (const inv of invoices) {
    const row = {
      cost: inv.cost.text === undefined ? { key: inv.cost.key } : { key: inv.cost.key, text: inv.cost.text },
      ...(inv.allocationkey === undefined ? {} : { allocationkey: inv.allocationkey }),
      ...(inv.taxservicetype === undefined ? {} : { taxservicetype: inv.taxservicetype }),
    };
    const key = JSON.stringify([inv.cost.key, inv.cost.text, inv.allocationkey, inv.taxservicetype]);
    if (!seen.has(key)) seen.set(key, row);
  }
  return [...seen.values()];
}

function recipientFor(r: RecipientEntry, from: string, to: string): NonNullable<DraftContent['billingrecipients']>[number] {
  return {
    residentialunitMscnumber: r.residentialunitMscnumber,
    ...(r.residentialunitPmnumber === undefined ? {} : { residentialunitPmnumber: r.residentialunitPmnumber }),
    partnerPmnumber: r.partnerPmnumber,
    validfrom: from,
    validto: to,
    vacancy: r.vacancy,
    allocations: r.allocations.map((a) => ({ key: a.key, value: a.value })),
  };
}

/**
 * The draft as a submission, or undefined while incomplete. Keys the app keeps beside the template (imported
 * files, where a draft came from) are left out: the MSC's schema is strict and would refuse them.
 */
export function filledOf(content: DraftContent | undefined): FilledTemplate | undefined {
  if (content === undefined) return undefined;
  const known = Object.fromEntries(Object.keys(FilledTemplate.shape).map((k) => [k, content[k]]));
  const parsed = FilledTemplate.safeParse(known);
  return parsed.success ? parsed.data : undefined;
}
