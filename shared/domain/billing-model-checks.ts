/**
 * Judgments on the fields a measuring service needs beyond the first model (issue 20 item 4): hot water under
 * HeizkostenV §9 (ARGE B fields 18–22, table T), supply periods (B 24–27), the tenant change (table S, M 68),
 * usage groups (K 16), the VAT indicator (M 25) and the net CO2 cost. Pure and shared, so the demo MSC
 * (electron/sandbox/rules/hotwater.ts, recipient-flags.ts) and the local pre-check
 * (precheck/billing-model-rules.ts) judge alike; docs/msc-rules.md lists the rules.
 */
import { hotWaterMethodOf } from '@shared/domain/codes';
import type { Decimal } from '@shared/domain/decimal';
import { compare, fromUnits, sub } from '@shared/domain/decimal';

/** Which hot-water figures the agreed method needs (none without an agreed method). */
export function hotWaterNeeds(method: string | undefined): { volume: boolean; temperature: boolean; flatrate: boolean } {
  const needs = method === undefined ? 'nothing' : (hotWaterMethodOf(method)?.needs ?? 'nothing');
  return {
    volume: needs === 'volumeAndTemperature',
    temperature: needs === 'volumeAndTemperature',
    flatrate: needs === 'flatrate',
  };
}

/** Mean hot-water temperatures a real system runs at: below 30 °C or above 90 °C is a typing mistake. */
export const TEMPERATURE_RANGE = { min: fromUnits(30, 0), max: fromUnits(90, 0) } as const;

export function temperatureOdd(t: Decimal): boolean {
  return compare(t, TEMPERATURE_RANGE.min) < 0 || compare(t, TEMPERATURE_RANGE.max) > 0;
}

/**
 * The hot-water meter's readings against each other and the volume: `backwards` when the end is below the start,
 * `volume` when the volume differs from end − start by more than 1 m³ (rounding and a meter change aside).
 */
export function meterProblem(
  start: Decimal | undefined,
  end: Decimal | undefined,
  volume: Decimal | undefined,
): { kind: 'backwards' } | { kind: 'volume'; used: Decimal } | undefined {
  if (start === undefined || end === undefined) return undefined;
  const used = sub(end, start);
  if (used.units < 0n) return { kind: 'backwards' };
  if (volume === undefined) return undefined;
  const diff = sub(volume, used);
  const abs = diff.units < 0n ? { ...diff, units: -diff.units } : diff;
  return compare(abs, fromUnits(1, 0)) > 0 ? { kind: 'volume', used } : undefined;
}

export type Range = { from: string; to: string };

/** What is wrong with one supply period in the billing period, checked in this order. */
export function supplyPeriodProblem(
  r: Range,
  period: Range,
  before: readonly Range[],
): 'reversed' | 'outside' | 'overlap' | undefined {
  if (r.to < r.from) return 'reversed';
  if (r.from < period.from || r.to > period.to) return 'outside';
  if (before.some((o) => r.from <= o.to && o.from <= r.to)) return 'overlap';
  return undefined;
}

/** A use that covers the whole billing period had no tenant change, so there is nothing to split and no fee. */
export function coversPeriod(validfrom: string, validto: string, period: Range): boolean {
  return validfrom <= period.from && validto >= period.to;
}

/** Net CO2 cost above the gross one, or of the other sign (a credit note is negative in both). */
export function netAboveGross(net: Decimal, gross: Decimal): boolean {
  if (net.units !== 0n && gross.units !== 0n && net.units < 0n !== gross.units < 0n) return true;
  const absNet = net.units < 0n ? { ...net, units: -net.units } : net;
  const absGross = gross.units < 0n ? { ...gross, units: -gross.units } : gross;
  return compare(absNet, absGross) > 0;
}
