/**
 * The codes of the rules added for issue 20 item 3 (real-world mistakes an outside review found slipping through),
 * in catalog order. The one list of them: the local pre-check's codes, the demo MSC's catalog (and so
 * docs/msc-rules.md and its rule order) and the tests all derive from it.
 */
export const MISTAKE_CODES = [
  'STOCK_NEGATIVE',
  'PREPAYMENT_NEGATIVE',
  'CALORIFIC_VALUE_UNIT',
  'VAT_RATE_COSTTYPE',
  'INVOICE_ZERO',
  'CREDIT_NOTE_UNCLEAR',
  'UNIT_PRICE_IMPLAUSIBLE',
  'CO2_PRICE_YEAR',
  'PERSONS_ZERO',
  'AREA_CHANGED',
  'CO2_AREA_SUM',
  'CO2_FACTOR_ZERO_MIX',
  'PREPAYMENT_HIGH',
] as const;
export type MistakeCode = (typeof MISTAKE_CODES)[number];
