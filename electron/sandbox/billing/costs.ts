/**
 * The money side of the demo billing: which amount kinds a template asks for, the distributable costs of a
 * submission (fuel consumed plus every invoice, docs/msc-results.md invariant 2) and which pot each cost goes to.
 */
import type { ExpectedVat, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
import { formatIso, fromUnits, money, quantity } from '@shared/domain/decimal';

export type Kind = 'grossamount' | 'netamount';
export type Cents = Partial<Record<Kind, bigint>>;

export function kindsOf(vat: ExpectedVat): Kind[] {
  if (vat === 'GROSS') return ['grossamount'];
  if (vat === 'NET') return ['netamount'];
  return ['grossamount', 'netamount'];
}

export function centsOf(a: Amounts | undefined, kinds: readonly Kind[]): Cents {
  const out: Cents = {};
  for (const k of kinds) {
    const v = a?.[k];
    out[k] = v === undefined ? 0n : money(v).units;
  }
  return out;
}

export function plus(a: Cents, b: Cents, kinds: readonly Kind[], sign = 1n): Cents {
  const out: Cents = {};
  for (const k of kinds) out[k] = (a[k] ?? 0n) + sign * (b[k] ?? 0n);
  return out;
}

export const zero = (kinds: readonly Kind[]): Cents => Object.fromEntries(kinds.map((k) => [k, 0n]));

export function amountsOf(c: Cents, kinds: readonly Kind[]): Amounts {
  const out: Amounts = {};
  for (const k of kinds) out[k] = formatIso(fromUnits(c[k] ?? 0n, 2));
  return out;
}

/** Fuel consumed in the period, in money: opening stock + deliveries − closing stock, per energy source. */
export function fuelCost(filled: FilledTemplate, kinds: readonly Kind[]): Cents {
  let total = zero(kinds);
  for (const s of filled.energysources) {
    total = plus(total, centsOf(s.openingstock?.amounts, kinds), kinds);
    for (const d of s.deliveries) total = plus(total, centsOf(d.amounts, kinds), kinds);
    total = plus(total, centsOf(s.closingstock?.amounts, kinds), kinds, -1n);
  }
  return total;
}

/** Fuel consumed in kWh × 10⁷ (quantity thousandths × calorific value ten-thousandths); 0 when unknown. */
export function fuelEnergy(filled: FilledTemplate, template: Template): bigint {
  let total = 0n;
  for (const s of filled.energysources) {
    const preset = template.fuels.find((f) => f.slot === s.slot)?.calorificvalue;
    const cal = s.calorificvalue ?? preset ?? '1.0000';
    const [int = '0', frac = ''] = cal.split('.');
    const calUnits = BigInt(int) * 10000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
    let qty = 0n;
    if (s.openingstock) qty += quantity(s.openingstock.quantity).units;
    for (const d of s.deliveries) if (d.quantity !== undefined) qty += quantity(d.quantity).units;
    if (s.closingstock) qty -= quantity(s.closingstock.quantity).units;
    total += qty * calUnits;
  }
  return total;
}

/** The distributable costs of a submission: fuel consumed plus every heating-system and ancillary invoice. */
export function distributableCost(filled: FilledTemplate, kinds: readonly Kind[]): Cents {
  let total = fuelCost(filled, kinds);
  for (const inv of [...filled.heatingsysteminvoices, ...filled.ancillaryinvoices]) {
    total = plus(total, centsOf(inv.amounts, kinds), kinds);
  }
  return total;
}

/** The cost type's allocation as the template agreed it; a heating-system invoice otherwise counts for both sides. */
export function allocationOf(template: Template, key: string, heatingSystem: boolean): string {
  return template.costtypes.find((c) => c.key === key)?.allocation ?? (heatingSystem ? 'E' : 'B');
}

export function allocationKeyOf(template: Template, key: string, given: string | undefined): string {
  return given ?? template.costtypes.find((c) => c.key === key)?.allocationkey ?? '010';
}
