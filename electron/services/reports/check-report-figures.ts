/**
 * The billing model's figures beside the amounts, as fact lines of the check report: hot water as HeizkostenV §9
 * needs it (the agreed method, mean temperature, volume, flat-rate share, the hot-water meter's start and end
 * readings) and, where a fuel did not serve the whole period, when each fuel supplied heating and hot water. In the
 * clerk's words, German (the report's language) and English; no field names.
 */
import { FUELS, hotWaterMethodOf, labelOf } from '@shared/domain/codes';
import { formatGermanDate } from '@shared/domain/dates';
import { formatGerman, formatIso, optionalDecimal, type Scale } from '@shared/domain/decimal';
import type { FilledTemplate, SupplyPeriods, Template } from '@shared/msc/billing-input';

export type ReportLanguage = 'de' | 'en';

type DateRange = { from: string; to: string };

const WORDS = {
  de: {
    hotwater: 'Warmwasser (HeizkostenV §9)',
    method: (code: string, label: string) => `Verfahren ${code} – ${label}`,
    noMethod: 'kein Verfahren vereinbart',
    temperature: 'mittlere Temperatur',
    volume: 'Warmwassermenge',
    flatrate: 'pauschaler Anteil',
    meter: 'Warmwasserzähler',
    meterStart: 'Anfangsstand',
    meterEnd: 'Endstand',
    notGiven: 'keine Angaben zum Warmwasser',
    supply: (slot: number) => `Versorgung Brennstoff ${String(slot)}`,
    heating: 'Heizung',
    hotwaterSupply: 'Warmwasser',
    wholePeriod: 'ganzer Abrechnungszeitraum',
    and: 'und',
  },
  en: {
    hotwater: 'Hot water (HeizkostenV §9)',
    method: (code: string, label: string) => `method ${code} – ${label}`,
    noMethod: 'no method agreed',
    temperature: 'mean temperature',
    volume: 'hot-water volume',
    flatrate: 'flat-rate share',
    meter: 'hot-water meter',
    meterStart: 'initial reading',
    meterEnd: 'final reading',
    notGiven: 'no hot-water figures',
    supply: (slot: number) => `Supply fuel ${String(slot)}`,
    heating: 'heating',
    hotwaterSupply: 'hot water',
    wholePeriod: 'the whole billing period',
    and: 'and',
  },
} as const;

function number(text: string | undefined, scale: Scale, lang: ReportLanguage): string | undefined {
  const d = optionalDecimal(text, scale);
  if (!d) return undefined;
  if (lang === 'de') return formatGerman(d);
  const [int = '', frac] = formatIso(d).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

const ENGLISH_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function day(iso: string, lang: ReportLanguage): string {
  return lang === 'de' ? formatGermanDate(iso) : ENGLISH_DATE.format(new Date(`${iso}T00:00:00Z`));
}

const range = (r: DateRange, lang: ReportLanguage) => `${day(r.from, lang)} – ${day(r.to, lang)}`;

/** "mittlere Temperatur 55,00 °C; Warmwassermenge 123,456 m³; …" of what the clerk gave, with the agreed method. */
function hotwaterFact(submission: FilledTemplate, template: Template, lang: ReportLanguage): [string, string] | undefined {
  const w = WORDS[lang];
  const h = submission.hotwater;
  const agreed = template.hotwater?.method;
  if (agreed === undefined && h === undefined) return undefined;
  const method = agreed === undefined ? w.noMethod : w.method(agreed, hotWaterMethodOf(agreed)?.label ?? '');
  const temperature = number(h?.temperature, 2, lang);
  const volume = number(h?.volume, 3, lang);
  const flatrate = number(h?.flatrate, 1, lang);
  const start = number(h?.meterstart, 3, lang);
  const end = number(h?.meterend, 3, lang);
  const meter = [
    start === undefined ? '' : `${w.meterStart} ${start} m³`,
    end === undefined ? '' : `${w.meterEnd} ${end} m³`,
  ].filter((s) => s !== '');
  const parts = [
    temperature === undefined ? '' : `${w.temperature} ${temperature} °C`,
    volume === undefined ? '' : `${w.volume} ${volume} m³`,
    flatrate === undefined ? '' : `${w.flatrate} ${flatrate} %`,
    meter.length === 0 ? '' : `${w.meter} ${meter.join(', ')}`,
  ].filter((s) => s !== '');
  return [w.hotwater, `${method}: ${parts.length === 0 ? w.notGiven : parts.join('; ')}`];
}

function periods(first: DateRange | undefined, second: DateRange | undefined, lang: ReportLanguage): string {
  const given = [first, second].filter((r): r is DateRange => r !== undefined);
  return given.length === 0 ? WORDS[lang].wholePeriod : given.map((r) => range(r, lang)).join(` ${WORDS[lang].and} `);
}

function supplyFact(slot: number, fuel: string, supply: SupplyPeriods | undefined, lang: ReportLanguage): [string, string] {
  const w = WORDS[lang];
  const heating = periods(supply?.heating1, supply?.heating2, lang);
  const hotwater = periods(supply?.hotwater1, supply?.hotwater2, lang);
  return [w.supply(slot), `${fuel} ${labelOf(FUELS, fuel)} – ${w.heating}: ${heating}; ${w.hotwaterSupply}: ${hotwater}`];
}

/**
 * Fact lines for the report. Supply periods are listed for every fuel once any fuel has them (the other fuels then
 * read "whole billing period"); a submission where every fuel served all period long gets no supply lines.
 */
export function modelFacts(
  submission: FilledTemplate | undefined,
  template: Template | undefined,
  lang: ReportLanguage = 'de',
): [string, string][] {
  if (!submission || !template) return [];
  const facts: [string, string][] = [];
  const hot = hotwaterFact(submission, template, lang);
  if (hot) facts.push(hot);
  if (submission.energysources.some((s) => s.supply !== undefined)) {
    for (const s of submission.energysources) facts.push(supplyFact(s.slot, s.fuel, s.supply, lang));
  }
  return facts;
}
