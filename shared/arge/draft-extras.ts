/**
 * Facts of the filled template that ARGE records carry beside amounts (docs/msc-contract.md lists their
 * positions): the hot-water figures (B 18–22) in the B record of the fuel that heats the water, each fuel's supply
 * periods (B 24–27), a recipient's VAT indicator (M 25) and whether the user pays the change fee (M 68), an
 * invoice's usage group (K 16).
 */
import type { EnergySource, FilledTemplate, RecipientEntry } from '@shared/msc/billing-input';

type Range = { from: string; to: string } | undefined;
const range = (r: Range): string | undefined => (r ? `${r.from}/${r.to}` : undefined);

/** The fuel whose B record carries the hot-water figures: the one that supplied hot water, else slot 1. */
export function hotWaterSlot(fill: FilledTemplate): number {
  return fill.energysources.find((s) => s.supply?.hotwater1 !== undefined)?.slot ?? 1;
}

/** B fields 18–22 (only for the hot-water fuel) and 24–27 of one energy source. */
export function fuelExtras(source: EnergySource, fill: FilledTemplate): Record<string, string | undefined> {
  const hw = source.slot === hotWaterSlot(fill) ? fill.hotwater : undefined;
  return {
    hotWaterTemperature: hw?.temperature,
    hotWaterVolume: hw?.volume,
    hotWaterSharePercent: hw?.flatrate,
    hotWaterMeterStart: hw?.meterstart,
    hotWaterMeterEnd: hw?.meterend,
    heatingSupply1: range(source.supply?.heating1),
    heatingSupply2: range(source.supply?.heating2),
    hotWaterSupply1: range(source.supply?.hotwater1),
    hotWaterSupply2: range(source.supply?.hotwater2),
  };
}

/** M field 25 (0–3) and field 68 (user pays the change fee, 1/0); absent values leave the record's default. */
export function recipientExtras(entry: RecipientEntry): { vatFlag?: string; changeFeeShared?: string } {
  const out: { vatFlag?: string; changeFeeShared?: string } = {};
  if (entry.vatindicator !== undefined) out.vatFlag = entry.vatindicator;
  if (entry.changefee !== undefined) out.changeFeeShared = entry.changefee ? '1' : '0';
  return out;
}

/** K field 16 of one invoice. */
export function invoiceUsageGroup(invoice: { usagegroup?: string | undefined }): string | undefined {
  return invoice.usagegroup;
}
