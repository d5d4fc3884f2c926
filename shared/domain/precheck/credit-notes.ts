/**
 * When a negative amount reads as a credit note, shared by the demo MSC (electron/sandbox/rules/signs.ts) and the
 * local pre-check (./money-rules.ts). A credit note is correct data and must pass: a delivery whose amount, quantity
 * and CO2 figures are all negative (or zero), or an invoice that says so in its text or has a negative quantity.
 * Anything else negative is worth one question at the row ("Gutschrift?"), never an error.
 */
import type { Decimal } from '@shared/domain/decimal';

/** Words a clerk or supplier uses for a credit note, a refund or a cancellation. */
const CREDIT_WORDS = /gutschrift|erstattung|storno|korrektur|guthaben|rückvergütung|rueckverguetung|nachlass|credit/i;

/** Table K price brakes and state aid (901, 902, 910–912) are reliefs: negative by their nature. */
export const RELIEF_KEYS: ReadonlySet<string> = new Set(['901', '902', '910', '911', '912']);

/** Whether a negative invoice lacks what marks it as a credit note; false for anything not negative. */
export function invoiceCreditUnmarked(key: string, amount: Decimal, text?: string, qty?: Decimal): boolean {
  if (amount.units >= 0n || RELIEF_KEYS.has(key)) return false;
  if (text !== undefined && CREDIT_WORDS.test(text)) return false;
  return !(qty !== undefined && qty.units < 0n);
}

/**
 * Whether a delivery's figures disagree in sign: a negative amount with a positive quantity or positive CO2 figures,
 * or a positive amount with a negative quantity. Zero agrees with both signs (a price-only correction).
 */
export function deliverySignsDisagree(amount: Decimal, qty?: Decimal, kg?: Decimal, co2Cost?: Decimal): boolean {
  const sign = (d: Decimal | undefined): number => (d === undefined || d.units === 0n ? 0 : d.units < 0n ? -1 : 1);
  const a = sign(amount);
  if (a === 0) return false;
  return [qty, kg, co2Cost].some((d) => sign(d) === -a);
}
