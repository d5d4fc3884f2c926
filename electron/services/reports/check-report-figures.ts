/**
 * The billing model's figures beside the amounts, as fact lines of the check report: hot water as HeizkostenV §9
 * needs it (the agreed method, mean temperature, volume, flat-rate share, the hot-water meter's start and end
 * readings) and, where a fuel did not serve the whole period, when each fuel supplied heating and hot water. In the
 * clerk's words, in the report's language; no field names.
 */
import { optionalDecimal, type Scale } from '@shared/domain/decimal';
import type { FilledTemplate, SupplyPeriods, Template } from '@shared/msc/billing-input';
import { reportText, type ReportText } from '@main/services/reports/report-text';

type DateRange = { from: string; to: string };

function number(text: string | undefined, scale: Scale, x: ReportText): string | undefined {
  const d = optionalDecimal(text, scale);
  return d && x.number(d);
}

/** "mittlere Temperatur 55,00 °C; Warmwassermenge 123,456 m³; …" of what the clerk gave, with the agreed method. */
function hotwaterFact(submission: FilledTemplate, template: Template, x: ReportText): [string, string] | undefined {
  const h = submission.hotwater;
  const agreed = template.hotwater?.method;
  if (agreed === undefined && h === undefined) return undefined;
  const method =
    agreed === undefined
      ? x.r('figures.noMethod')
      : x.r('figures.method', { code: agreed, label: x.code('hotWaterMethod', agreed) });
  const said = (key: string, value: string | undefined): string => (value === undefined ? '' : x.r(`figures.${key}`, { value }));
  const meter = [said('meterStart', number(h?.meterstart, 3, x)), said('meterEnd', number(h?.meterend, 3, x))].filter(
    (s) => s !== '',
  );
  const parts = [
    said('temperature', number(h?.temperature, 2, x)),
    said('volume', number(h?.volume, 3, x)),
    said('flatrate', number(h?.flatrate, 1, x)),
    meter.length === 0 ? '' : x.r('figures.meter', { readings: meter.join(', ') }),
  ].filter((s) => s !== '');
  return [x.r('figures.hotwater'), `${method}: ${parts.length === 0 ? x.r('figures.notGiven') : parts.join('; ')}`];
}

function periods(first: DateRange | undefined, second: DateRange | undefined, x: ReportText): string {
  const [a, b] = [first, second].filter((r): r is DateRange => r !== undefined).map((r) => x.range(r.from, r.to));
  if (a === undefined) return x.r('figures.wholePeriod');
  return b === undefined ? a : x.r('figures.and', { first: a, second: b });
}

function supplyFact(slot: number, fuel: string, supply: SupplyPeriods | undefined, x: ReportText): [string, string] {
  return [
    x.r('figures.supply', { slot }),
    x.r('figures.supplyValue', {
      fuel: `${fuel} ${x.fuel(fuel)}`,
      heating: periods(supply?.heating1, supply?.heating2, x),
      hotwater: periods(supply?.hotwater1, supply?.hotwater2, x),
    }),
  ];
}

/**
 * Fact lines for the report. Supply periods are listed for every fuel once any fuel has them (the other fuels then
 * read "whole billing period"); a submission where every fuel served all period long gets no supply lines.
 */
export function modelFacts(
  submission: FilledTemplate | undefined,
  template: Template | undefined,
  x: ReportText = reportText('de'),
): [string, string][] {
  if (!submission || !template) return [];
  const facts: [string, string][] = [];
  const hot = hotwaterFact(submission, template, x);
  if (hot) facts.push(hot);
  if (submission.energysources.some((s) => s.supply !== undefined)) {
    for (const s of submission.energysources) facts.push(supplyFact(s.slot, s.fuel, s.supply, x));
  }
  return facts;
}
