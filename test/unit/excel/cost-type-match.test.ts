/** Which cost type of table K a booking text suggests, within what the template agreed (issue 9, item 1). */
import { describe, expect, it } from 'vitest';
import { COST_TYPES } from '@shared/domain/codes';
import type { Template } from '@shared/msc/billing-input';
import { costTypeFromCell, costTypeTitle, suggestCostType } from '@main/services/excel/cost-type-match';
import { baseTemplate } from '@test/fixtures/billing-input';

/** A template agreeing the given keys under neutral texts, so only the matcher's own knowledge decides. */
function agreeing(keys: readonly string[], texts: Readonly<Record<string, string>> = {}): Template {
  return {
    ...baseTemplate(),
    costtypes: keys.map((key) => ({ key, text: texts[key] ?? `Position ${key}`, allocation: 'B', allocationkey: '010' })),
  };
}

const EVERY_KEY = agreeing(COST_TYPES.filter((c) => !c.forbidden && c.section !== 'fuel').map((c) => c.code));

describe('a keyword in the booking text suggests the key of the standard', () => {
  it.each([
    ['Abwassergebühr Stadtwerke 2025', '238'],
    ['Schmutzwasser', '238'],
    ['Niederschlagswasser Gebühr', '239'],
    ['Regenwasserentgelt', '239'],
    ['Oberflächenentwässerung', '239'],
    ['Frisch- und Abwasser Q4', '236'],
    ['Kanalgebühr', '249'],
    ['Frischwasser Stadtwerke', '237'],
    ['Kaltwasser Stadtwerke', '237'],
    ['Wasseraufbereitung Enthärtungsanlage', '248'],
    ['Wartung Heizung Fa. Kessel', '221'],
    ['Brennerwartung', '229'],
    ['Schornsteinfeger 2025', '225'],
    ['Immissionsmessung', '224'],
    ['Betriebsstrom Heizung', '220'],
    ['Tankreinigung Öltank', '226'],
    ['Ablesung Messdienst', '227'],
    ['Legionellenprüfung', '247'],
    ['Allgemeinstrom Treppenhaus', '400'],
    ['Gartenpflege Frühjahr', '242'],
    ['Hausreinigung März', '242'],
    ['Müllabfuhr Q1', '242'],
    ['Muellabfuhr Q2', '242'],
    ['Straßenreinigung', '242'],
    ['Aufzug Wartung', '242'],
    ['Miete Rauchwarnmelder', '308'],
    ['Wartung Rauchwarnmelder', '309'],
    ['Rauchmelder Funktionsprüfung', '310'],
    ['Gerätemiete Heizkostenverteiler', '300'],
    ['Miete Warmwasserzähler', '301'],
    ['Miete Wärmemengenzähler', '302'],
    ['Kaltwasserzähler Miete', '303'],
    ['Eichgebühr Kaltwasserzähler', '243'],
    ['Eichung Warmwasserzähler', '062'],
    ['Gaspreisbremse Dezember', '901'],
  ])('„%s“ → %s', (text, code) => {
    expect(suggestCostType([text], EVERY_KEY)).toBe(code);
  });

  it('suggests the fuel delivery 201 for a fuel when the template agreed a fuel', () => {
    expect(suggestCostType(['Heizöl Lieferung 12.000 l'], EVERY_KEY)).toBe('201');
    expect(suggestCostType(['Fernwärme Abschlag'], EVERY_KEY)).toBe('201');
    expect(suggestCostType(['Heizöl Lieferung'], { ...EVERY_KEY, fuels: [] })).toBeUndefined();
  });
});

describe('where the template did not agree the first key', () => {
  it('puts sewage under the combined key when only fresh water and the combination are agreed', () => {
    expect(suggestCostType(['Abwasser'], agreeing(['236', '237']))).toBe('236');
    expect(suggestCostType(['Kaltwasser'], agreeing(['236']))).toBe('236');
  });

  it('puts rainwater and water treatment under the free-text key of the BKA', () => {
    expect(suggestCostType(['Niederschlagswasser'], agreeing(['242']))).toBe('242');
    expect(suggestCostType(['Wasseraufbereitung'], agreeing(['242']))).toBe('242');
  });

  it('falls back from 242 to 259 and from an emission measurement to the chimney sweep', () => {
    expect(suggestCostType(['Gartenpflege'], agreeing(['221', '259']))).toBe('259');
    expect(suggestCostType(['Immissionsmessung'], agreeing(['225']))).toBe('225');
  });

  it('suggests nothing rather than a key the template did not agree', () => {
    expect(suggestCostType(['Müllabfuhr'], agreeing(['221']))).toBeUndefined();
    expect(suggestCostType(['Abwasser'], agreeing(['221']))).toBeUndefined();
  });
});

describe('the template’s own wording', () => {
  it('wins over the keywords', () => {
    const template = agreeing(['242', '259'], { '259': 'Gartenpflege' });
    expect(suggestCostType(['Gartenpflege Herbst'], template)).toBe('259');
  });

  it('does not turn a lift’s maintenance into heating maintenance', () => {
    const template = agreeing(['221', '242'], { '221': 'Wartungskosten' });
    expect(suggestCostType(['Wartungskosten Aufzug'], template)).toBe('242');
    expect(suggestCostType(['Wartungskosten Heizung'], template)).toBe('221');
  });

  it('matches labels as whole words only', () => {
    // "Reinigungskosten" (223, cleaning the heating) is not in "Hausreinigungskosten".
    expect(suggestCostType(['Hausreinigungskosten'], agreeing(['223', '242']))).toBe('242');
  });
});

describe('a cost-type cell', () => {
  it('is read by its leading code or by a label of the template or table K', () => {
    const template = agreeing(['221'], { '221': 'Wartung Heizungsanlage' });
    expect(costTypeFromCell('221 – Wartungskosten', template)).toBe('221');
    expect(costTypeFromCell('wartung heizungsanlage', template)).toBe('221');
    expect(costTypeFromCell('Kosten Abwasser', template)).toBe('238');
    expect(costTypeFromCell('Gartenpflege', template)).toBeUndefined();
  });

  it('is titled with the template’s wording, else the standard’s', () => {
    const template = agreeing(['221'], { '221': 'Wartung Heizungsanlage' });
    expect(costTypeTitle('221', template)).toBe('221 Wartung Heizungsanlage');
    expect(costTypeTitle('238')).toBe('238 Kosten Abwasser');
    expect(costTypeTitle('999')).toBe('999');
  });
});
