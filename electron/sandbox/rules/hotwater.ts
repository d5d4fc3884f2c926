/**
 * Rules on the hot-water figures (HeizkostenV §9, ARGE B fields 18–22, table T) and the supply periods of a fuel
 * (B fields 24–27). The judgments are shared with the local pre-check (@shared/domain/billing-model-checks).
 */
import { HOT_WATER_METHODS, labelOf } from '@shared/domain/codes';
import { decimal, formatGerman, quantity } from '@shared/domain/decimal';
import {
  hotWaterNeeds,
  meterProblem,
  supplyPeriodProblem,
  temperatureOdd,
  type Range,
} from '@shared/domain/billing-model-checks';
import type { Rule, RuleContext } from '@main/sandbox/rules/context';
import { day, period, sourceLabel } from '@main/sandbox/rules/format';
import type { RuleEntry } from '@main/sandbox/rules/catalog';

const methodLabel = (ctx: RuleContext): string => {
  const code = ctx.template.hotwater?.method ?? '';
  return `${code} „${labelOf(HOT_WATER_METHODS, code)}“`;
};

const FIGURE_WORDS = {
  volume: 'die Warmwassermenge in m³',
  temperature: 'die mittlere Warmwassertemperatur',
  flatrate: 'der pauschale Warmwasseranteil in %',
} as const;

export const hotwaterFiguresRequired: Rule = {
  code: 'HOTWATER_FIGURES_REQUIRED',
  check(ctx, report) {
    const needs = hotWaterNeeds(ctx.template.hotwater?.method);
    const figures = ctx.submission.hotwater ?? {};
    for (const field of ['volume', 'temperature', 'flatrate'] as const) {
      if (!needs[field] || figures[field] !== undefined) continue;
      const preset = field === 'volume' ? undefined : ctx.template.hotwater?.[field];
      report(
        'ERROR',
        ['hotwater', field],
        `Für die Warmwasserabtrennung nach ${methodLabel(ctx)} fehlt ${FIGURE_WORDS[field]} (HeizkostenV §9).${preset === undefined ? '' : ` Vorgabe des Messdienstes: ${preset.replace('.', ',')}.`}`,
      );
    }
  },
};

export const hotwaterTemperature: Rule = {
  code: 'HOTWATER_TEMPERATURE',
  check(ctx, report) {
    const text = ctx.submission.hotwater?.temperature;
    if (text === undefined || !temperatureOdd(decimal(text, 2))) return;
    report(
      'WARNING',
      ['hotwater', 'temperature'],
      `Die mittlere Warmwassertemperatur von ${formatGerman(decimal(text, 2))} °C ist unüblich; üblich sind 30 bis 90 °C (meist um 55 °C). Bitte den Wert prüfen.`,
    );
  },
};

export const hotwaterMeter: Rule = {
  code: 'HOTWATER_METER',
  check(ctx, report) {
    const hw = ctx.submission.hotwater;
    if (!hw) return;
    const start = hw.meterstart === undefined ? undefined : quantity(hw.meterstart);
    const end = hw.meterend === undefined ? undefined : quantity(hw.meterend);
    const volume = hw.volume === undefined ? undefined : quantity(hw.volume);
    const problem = meterProblem(start, end, volume);
    if (!problem || !start || !end) return;
    if (problem.kind === 'backwards') {
      report(
        'ERROR',
        ['hotwater', 'meterend'],
        `Der Endstand des Warmwasserzählers (${formatGerman(end)} m³) ist kleiner als der Anfangsstand (${formatGerman(start)} m³). Bitte die Ablesewerte prüfen.`,
      );
      return;
    }
    report(
      'WARNING',
      ['hotwater', 'volume'],
      `Die Warmwassermenge von ${formatGerman(volume ?? start)} m³ passt nicht zu den Zählerständen: Endstand minus Anfangsstand ergibt ${formatGerman(problem.used)} m³.`,
    );
  },
};

const SUPPLY_WORDS = { heating: 'Heizung', hotwater: 'Warmwasser' } as const;
const SUPPLY_PROBLEMS = {
  reversed: 'endet vor seinem Beginn',
  outside: 'liegt nicht im Abrechnungszeitraum',
  overlap: 'überschneidet sich mit dem ersten',
} as const;

export const supplyPeriod: Rule = {
  code: 'SUPPLY_PERIOD',
  check(ctx, report) {
    const az: Range = { from: ctx.from, to: ctx.to };
    ctx.submission.energysources.forEach((src, i) => {
      for (const kind of ['heating', 'hotwater'] as const) {
        const first = src.supply?.[`${kind}1`];
        const second = src.supply?.[`${kind}2`];
        ([first, second] as const).forEach((r, j) => {
          if (r === undefined) return;
          const problem = supplyPeriodProblem(r, az, j === 1 && first ? [first] : []);
          if (problem === undefined) return;
          report(
            'ERROR',
            ['energysources', i, 'supply', `${kind}${String(j + 1)}`, 'from'],
            `Der ${String(j + 1)}. Versorgungszeitraum ${SUPPLY_WORDS[kind]} für ${sourceLabel(ctx, i)} vom ${day(r.from)} bis ${day(r.to)} ${SUPPLY_PROBLEMS[problem]} (${period(ctx)}).`,
          );
        });
      }
    });
  },
};

export const HOTWATER_CATALOG: readonly RuleEntry[] = [
  {
    code: 'HOTWATER_FIGURES_REQUIRED',
    severity: 'ERROR',
    when: 'Die vereinbarte Warmwasserabtrennung (Tabelle T) braucht Angaben, die fehlen: 370–372 Warmwassermenge (B-Satz Feld 19) und mittlere Temperatur (Feld 18), 320/322 pauschaler Anteil (Feld 20). Quelle: HeizkostenV §9 Abs. 2.',
    path: 'hotwater.volume / temperature / flatrate',
    message: 'Für die Warmwasserabtrennung nach {Verfahren} fehlt {Angabe} (HeizkostenV §9).{Vorgabe}',
  },
  {
    code: 'HOTWATER_TEMPERATURE',
    severity: 'WARNING',
    when: 'Mittlere Warmwassertemperatur (B-Satz Feld 18) unter 30 °C oder über 90 °C. Quelle: ARGE B-Satz Feld 18; §9 (2) HeizkostenV (mittlere Temperatur in der Formel); die Spanne 30–90 °C ist unsere Regel.',
    path: 'hotwater.temperature',
    message:
      'Die mittlere Warmwassertemperatur von {Wert} °C ist unüblich; üblich sind 30 bis 90 °C (meist um 55 °C). Bitte den Wert prüfen.',
  },
  {
    code: 'HOTWATER_METER',
    severity: 'WARNING/ERROR',
    when: 'Warmwasserzähler (B-Satz Felder 21/22): Endstand unter Anfangsstand (Fehler); Warmwassermenge (Feld 19) mehr als 1 m³ neben Endstand minus Anfangsstand (Warnung). Quelle: ARGE B-Satz Felder 19, 21, 22; §9 (2) HeizkostenV (gemessene Warmwassermenge).',
    path: 'hotwater.meterend / volume',
    message:
      'Der Endstand des Warmwasserzählers ({Menge} m³) ist kleiner als der Anfangsstand ({Menge} m³). Bitte die Ablesewerte prüfen.',
  },
  {
    code: 'SUPPLY_PERIOD',
    severity: 'ERROR',
    when: 'Ein Versorgungszeitraum Heizung oder Warmwasser eines Brennstoffs (B-Satz Felder 24–27) endet vor seinem Beginn, liegt außerhalb des Abrechnungszeitraums oder überschneidet sich mit dem ersten derselben Art. Quelle: ARGE B-Satz Felder 24–27 (Versorgungszeitraum).',
    path: 'energysources[i].supply.heating1 / heating2 / hotwater1 / hotwater2 .from',
    message: 'Der {n}. Versorgungszeitraum {Art} für {Brennstoff} vom {Datum} bis {Datum} {Problem} ({Zeitraum}).',
  },
];
