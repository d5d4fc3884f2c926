/**
 * Plausibility check of the demo MSC (contract.md, "Plausibility rules of the demo MSC").
 * Pure: the same template and submission always give the same messages, sorted by path.
 * The submission must already have passed the FilledTemplate schema; the rules judge content only.
 * To add a rule, write it in the file of its theme and register it here.
 */
import type { CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import { formatPath } from '@shared/msc/primitives';
import { allocationMissing, allocationNegative } from '@main/sandbox/rules/allocations';
import { currencyMismatch, netExceedsGross, vatMode } from '@main/sandbox/rules/amounts';
import type { Rule } from '@main/sandbox/rules/context';
import { buildContext } from '@main/sandbox/rules/context';
import { sidecostsHigh } from '@main/sandbox/rules/costs';
import {
  co2Required,
  energymixSum,
  fuelNotAgreed,
  openingstockDiffers,
  quantityRequired,
  stockRequired,
} from '@main/sandbox/rules/energy';
import {
  costtypeForbidden,
  costtypeNotAgreed,
  duplicateInvoice,
  laborExceedsGross,
  laborRequired,
  textRequired,
} from '@main/sandbox/rules/invoices';
import { sortByPath } from '@main/sandbox/rules/order';
import { dateOutsidePeriod } from '@main/sandbox/rules/period';
import { recipientGap, recipientOutsidePeriod, recipientOverlap, recipientUnknown } from '@main/sandbox/rules/recipients';

export const RULES: readonly Rule[] = [
  energymixSum,
  fuelNotAgreed,
  stockRequired,
  openingstockDiffers,
  quantityRequired,
  dateOutsidePeriod,
  costtypeNotAgreed,
  costtypeForbidden,
  textRequired,
  laborRequired,
  laborExceedsGross,
  netExceedsGross,
  vatMode,
  currencyMismatch,
  recipientUnknown,
  recipientOutsidePeriod,
  recipientOverlap,
  recipientGap,
  allocationMissing,
  allocationNegative,
  co2Required,
  sidecostsHigh,
  duplicateInvoice,
];

/** The stable `shortmessage` codes this check can produce. */
export const RULE_CODES: readonly string[] = RULES.map((r) => r.code);

export function checkSubmission(template: Template, submission: FilledTemplate): CheckMessage[] {
  const ctx = buildContext(template, submission);
  const out: CheckMessage[] = [];
  for (const rule of RULES) {
    rule.check(ctx, (type, path, message) => {
      out.push({ type, shortmessage: rule.code, message, path: formatPath(path) });
    });
  }
  return sortByPath(out);
}
