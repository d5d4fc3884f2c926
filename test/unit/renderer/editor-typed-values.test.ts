/**
 * Issue 11 / issue 9: what the clerk types is read German-first (`1.500` litres are 1,500), what the app stores and
 * presets is read ISO-first (`412.000` is 412), and the pre-check reads stored values the way the editor does.
 * Also: a new or opened draft carries the template's calorific values and CO2 facts, and their fields edit the draft.
 */
import { describe, expect, it } from 'vitest';
import { formatIso, type Scale } from '@shared/domain/decimal';
import { readDecimal } from '@shared/domain/precheck/context';
import { precheck } from '@shared/domain/precheck/index';
import type { DraftContent } from '@shared/domain/workspace';
import { editorReducer, initialEditorState } from '@renderer/features/editor/editor-state';
import { pastedText } from '@renderer/components/grid/paste';
import { CO2_SECTION, completeDraft, fuelSection, isFieldSection, sectionRows } from '@renderer/features/editor/sections';
import { locate } from '@shared/domain/draft-location';
import { setField } from '@renderer/components/grid/draft-path';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import { editText, storedOnLeave, toIso, typedToIso, type ValueKind } from '@renderer/components/grid/value-kinds';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';
import { createFormatters } from '@renderer/lib/format';
import { baseTemplate } from '@test/fixtures/billing-input';

const de = createFormatters('de');
const en = createFormatters('en');

describe('a value the clerk types, on leaving its cell', () => {
  it('reads `1.500` in a quantity as 1,500 litres and stores the MSC form, shown again as 1.500', () => {
    const stored = storedOnLeave('quantity', '1.500');
    expect(stored).toBe('1500.000');
    expect(toIso('quantity', stored ?? '')).toBe('1500.000');
    expect(displayValue(de, 'quantity', stored ?? '')).toBe('1.500');
    expect(displayValue(en, 'quantity', stored ?? '')).toBe('1,500');
  });

  it('reads German amounts, shares, distribution values, areas, calorific values and dates', () => {
    expect(storedOnLeave('money', '2.380,00')).toBe('2380.00');
    // Already the MSC's form: nothing to store anew.
    expect(storedOnLeave('money', '12.50')).toBeUndefined();
    expect(storedOnLeave('share', '95')).toBe('95.0');
    expect(storedOnLeave('allocation', '72,5')).toBe('72.5');
    expect(storedOnLeave('area', '786,5')).toBe('786.50');
    expect(storedOnLeave('calorific', '10,08')).toBe('10.0800');
    expect(storedOnLeave('date', '15.03.2025')).toBe('2025-03-15');
  });

  it('keeps text that is no value of its kind, and text, codes and the energy mix as typed', () => {
    expect(storedOnLeave('quantity', 'viel')).toBeUndefined();
    expect(storedOnLeave('date', '31.02.2025')).toBeUndefined();
    expect(storedOnLeave('text', ' Wartung ')).toBeUndefined();
    expect(storedOnLeave('mix', '03 95')).toBeUndefined();
  });

  it('edits a stored value in German, so editing a preset of 412 litres never makes it 412,000', () => {
    expect(editText('quantity', '412.000')).toBe('412');
    expect(typedToIso('quantity', editText('quantity', '412.000'))).toBe('412.000');
    const stored: [ValueKind, string][] = [
      ['money', '2380.00'],
      ['money', '-12.50'],
      ['quantity', '2600.500'],
      ['quantity', '0.250'],
      ['share', '60.0'],
      ['allocation', '1.125'],
      ['area', '786.50'],
      ['calorific', '10.0800'],
      ['factor', '0.201'],
      ['date', '2025-12-31'],
    ];
    for (const [kind, value] of stored) expect(typedToIso(kind, editText(kind, value)), `${kind} ${value}`).toBe(value);
  });
});

describe('pasted values', () => {
  it('are read German-first like typing: 1.234,56 € as money is 1234.56', () => {
    expect(pastedText('money', '1.234,56 €')).toBe('1234.56');
    expect(pastedText('quantity', '2.000')).toBe('2000.000');
    expect(pastedText('allocation', '60,50')).toBe('60.5');
  });
});

describe('a stored value, read for the check and the submission', () => {
  it('stays ISO: a preset of 412.000 litres is 412 in the editor and in the pre-check', () => {
    expect(toIso('quantity', '412.000')).toBe('412.000');
    expect(formatIso(readDecimal('412.000', 3) ?? { units: 0n, scale: 3 })).toBe('412.000');
  });

  it('is read by the pre-check exactly as the editor reads it', () => {
    const cases: [ValueKind, Scale, string][] = [
      ['quantity', 3, '412.000'],
      ['quantity', 3, '1.500,5'],
      ['quantity', 3, '2000'],
      ['money', 2, '98.17'],
      ['money', 2, '2.600'],
      ['money', 2, '1.234,56'],
      ['share', 1, '95.0'],
      ['area', 2, '786.50'],
    ];
    for (const [kind, scale, text] of cases) {
      const read = readDecimal(text, scale);
      expect(read && formatIso(read), `${kind} ${text}`).toBe(toIso(kind, text));
    }
  });
});

describe('the template presets in the draft', () => {
  const template = baseTemplate();

  it('come into a new draft and into an opened one, typed values kept', () => {
    const fresh = completeDraft(undefined, template);
    expect(fresh.energysources?.map((s) => s['calorificvalue'])).toEqual(['10.0800', '1.0000']);
    expect(fresh[CO2_SECTION]).toEqual({
      heatedarea: '415.50',
      nonresidentialshare: '0.0',
      restrictionbuilding: false,
      restrictionsupply: false,
    });
    const opened: DraftContent = {
      energysources: [{ slot: 1, fuel: '111', calorificvalue: '9,8', deliveries: [] }],
      co2configuration: { heatedarea: '420' },
    };
    const completed = completeDraft(opened, template);
    expect(completed.energysources?.[0]?.['calorificvalue']).toBe('9,8');
    expect(completed[CO2_SECTION]).toMatchObject({ heatedarea: '420', nonresidentialshare: '0.0' });
    expect(toFilledTemplate(completed)?.energysources[0]?.calorificvalue).toBe('9.8000');
  });

  it('leave nothing for the pre-check to ask: no calorific value or heated area missing', () => {
    const codes = precheck(completeDraft(undefined, template), template).map((m) => m.code);
    expect(codes).not.toContain('CALORIFIC_VALUE_REQUIRED');
    expect(codes).not.toContain('CO2_AREA_REQUIRED');
  });

  it('are edited as one row of fields, with undo; a cleared area is asked for again', () => {
    // A delivery of oil: the CO2 split applies, so the pre-check needs the heated area.
    const delivery = { invoicedate: '15.03.2025', quantity: '1000', amounts: { grossamount: '1.000,00' } };
    const start = completeDraft({ energysources: [{ slot: 1, fuel: '111', deliveries: [delivery] }] }, template);
    const loaded = editorReducer(initialEditorState, { type: 'load', content: start });
    const fuel = sectionRows(loaded.content ?? {}, fuelSection(0))[0] ?? {};
    const typed = editorReducer(loaded, {
      type: 'rows',
      section: fuelSection(0),
      rows: [setField(fuel, 'calorificvalue', '10.5000')],
      cell: '0|calorificvalue',
    });
    expect(typed.content?.energysources?.[0]).toMatchObject({ slot: 1, fuel: '111', calorificvalue: '10.5000' });
    expect(typed.content?.energysources?.[0]?.deliveries).toEqual([delivery]);
    const facts = sectionRows(typed.content ?? {}, CO2_SECTION)[0] ?? {};
    const cleared = editorReducer(typed, { type: 'rows', section: CO2_SECTION, rows: [setField(facts, 'heatedarea', '')] });
    expect(cleared.content?.[CO2_SECTION]).not.toHaveProperty('heatedarea');
    expect(precheck(cleared.content ?? {}, template).map((m) => m.path)).toContain('co2configuration.heatedarea');
    const undone = editorReducer(cleared, { type: 'undo' });
    expect(undone.content?.[CO2_SECTION]).toMatchObject({ heatedarea: '415.50' });
  });

  it('are the places the check’s messages about them lead to, fields without row numbers', () => {
    const calorific = locate('energysources[1].calorificvalue');
    const area = locate('co2configuration.heatedarea');
    expect([calorific?.section, area?.section]).toEqual([fuelSection(1), CO2_SECTION]);
    expect([calorific, area].every((l) => l !== undefined && isFieldSection(l.section))).toBe(true);
    expect(isFieldSection(locate('energysources[1].deliveries[0].quantity')?.section ?? '')).toBe(false);
  });
});
