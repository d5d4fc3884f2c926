/**
 * Plausibility check of the demo MSC (docs/msc-rules.md).
 * Pure: the same template and submission always give the same messages, sorted by path.
 * The submission must already have passed the FilledTemplate schema; the rules judge content only.
 * To add a rule, write it in the file of its theme and register it here.
 */
import type { CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import { formatPath } from '@shared/msc/primitives';
import {
  allocationMissing,
  allocationNegative,
  allocationsEmpty,
  allocationZeroSum,
  recipientsMissing,
  vacancyAreaMissing,
} from '@main/sandbox/rules/allocations';
import { currencyMismatch, netExceedsGross, vatMode, vatRatio } from '@main/sandbox/rules/amounts';
import { co2AreaRequired, co2CostExceeds, co2FactorImplausible, co2KgMismatch, co2Required } from '@main/sandbox/rules/co2';
import type { Rule } from '@main/sandbox/rules/context';
import { buildContext } from '@main/sandbox/rules/context';
import { sidecostsHigh } from '@main/sandbox/rules/costs';
import {
  calorificValueRequired,
  duplicateDelivery,
  energyMissing,
  energymixSum,
  fuelNotAgreed,
  openingstockDiffers,
  quantityRequired,
  stockRequired,
} from '@main/sandbox/rules/energy';
import {
  costtypeNotAgreed,
  costtypeWrongList,
  duplicateInvoice,
  fuelAsInvoice,
  laborExceedsGross,
  laborRequired,
  textRequired,
} from '@main/sandbox/rules/invoices';
import { areaChanged, co2AreaSum, personsZero, prepaymentHigh } from '@main/sandbox/rules/occupancy';
import { sortByPath } from '@main/sandbox/rules/order';
import { dateOutsidePeriod } from '@main/sandbox/rules/period';
import {
  calorificValueUnit,
  co2FactorZeroMix,
  co2PriceYear,
  unitPriceImplausible,
  vatRateCosttype,
} from '@main/sandbox/rules/prices';
import { distributionRatio } from '@main/sandbox/rules/ratio';
import {
  recipientDatesDiffer,
  recipientGap,
  recipientOutsidePeriod,
  recipientOverlap,
  recipientUnknown,
} from '@main/sandbox/rules/recipients';
import { creditNoteUnclear, invoiceZero, prepaymentNegative, stockNegative } from '@main/sandbox/rules/signs';
import { closingstockExceeds, stockDate } from '@main/sandbox/rules/stocks';
import { hotwaterFiguresRequired, hotwaterMeter, hotwaterTemperature, supplyPeriod } from '@main/sandbox/rules/hotwater';
import {
  co2NetExceedsGross,
  condominiumDiffers,
  usagegroupUnknown,
  userchangeWithoutChange,
  vatIndicatorCondominium,
} from '@main/sandbox/rules/recipient-flags';

/** In the order of docs/msc-rules.md (the catalog in ./catalog.ts). */
export const RULES: readonly Rule[] = [
  energymixSum,
  fuelNotAgreed,
  stockRequired,
  openingstockDiffers,
  quantityRequired,
  dateOutsidePeriod,
  costtypeNotAgreed,
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
  fuelAsInvoice,
  costtypeWrongList,
  energyMissing,
  calorificValueRequired,
  closingstockExceeds,
  stockDate,
  duplicateDelivery,
  recipientsMissing,
  allocationsEmpty,
  allocationZeroSum,
  vacancyAreaMissing,
  recipientDatesDiffer,
  co2KgMismatch,
  co2FactorImplausible,
  co2CostExceeds,
  co2AreaRequired,
  vatRatio,
  distributionRatio,
  // Issue 20 item 4: the billing model beside amounts (./hotwater, ./recipient-flags).
  hotwaterFiguresRequired,
  hotwaterTemperature,
  hotwaterMeter,
  supplyPeriod,
  userchangeWithoutChange,
  vatIndicatorCondominium,
  condominiumDiffers,
  usagegroupUnknown,
  co2NetExceedsGross,
  // Issue 20: mistakes that slipped through (./signs, ./prices, ./occupancy).
  stockNegative,
  prepaymentNegative,
  calorificValueUnit,
  vatRateCosttype,
  invoiceZero,
  creditNoteUnclear,
  unitPriceImplausible,
  co2PriceYear,
  personsZero,
  areaChanged,
  co2AreaSum,
  co2FactorZeroMix,
  prepaymentHigh,
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
