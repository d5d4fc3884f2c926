import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from '@renderer/features/editor/editor-state';
import { getField, setField } from '@renderer/components/grid/draft-path';
import { codeOf, pastedText } from '@renderer/components/grid/paste';
import { draftTotals, moneyTotal } from '@renderer/features/editor/totals';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import { toIso } from '@renderer/components/grid/value-kinds';
import type { DraftContent } from '@shared/domain/workspace';

const base: DraftContent = { currency: 'EUR', expectedvat: 'GROSS', heatingsysteminvoices: [] };

describe('editor reducer and undo', () => {
  it('coalesces keystrokes of one cell into one undo step and undoes/redoes whole values', () => {
    let s = editorReducer(initialEditorState, { type: 'load', content: base });
    s = editorReducer(s, { type: 'rows', section: 'heatingsysteminvoices', rows: [{ quantity: '1' }], cell: '0|quantity' });
    s = editorReducer(s, { type: 'rows', section: 'heatingsysteminvoices', rows: [{ quantity: '12' }], cell: '0|quantity' });
    s = editorReducer(s, {
      type: 'rows',
      section: 'heatingsysteminvoices',
      rows: [{ quantity: '12', laborgross: '5' }],
      cell: '0|laborgross',
    });
    expect(s.past).toHaveLength(2);
    s = editorReducer(s, { type: 'undo' });
    expect(s.content?.heatingsysteminvoices).toEqual([{ quantity: '12' }]);
    s = editorReducer(s, { type: 'undo' });
    expect(s.content?.heatingsysteminvoices).toEqual([]);
    s = editorReducer(s, { type: 'redo' });
    expect(s.content?.heatingsysteminvoices).toEqual([{ quantity: '12' }]);
    expect(s.changes).toBe(6);
  });

  it('writes stock rows back as opening and closing stock of the fuel', () => {
    let s = editorReducer(initialEditorState, {
      type: 'load',
      content: { ...base, energysources: [{ slot: 1, fuel: '111', deliveries: [] }] },
    });
    s = editorReducer(s, {
      type: 'rows',
      section: 'energysources[0].stock',
      rows: [{ quantity: '3.850' }, { quantity: '1.200,5' }],
    });
    expect(s.content?.energysources?.[0]).toMatchObject({
      openingstock: { quantity: '3.850' },
      closingstock: { quantity: '1.200,5' },
    });
  });
});

describe('cell paths', () => {
  it('sets nested values, removes cleared ones and addresses allocations by key', () => {
    const row = setField({}, 'amounts.grossamount', '1.234,56');
    expect(getField(row, 'amounts.grossamount')).toBe('1.234,56');
    expect(setField(row, 'amounts.grossamount', '')).toEqual({});
    const r = setField({ allocations: [{ key: 'E01', value: '1' }] }, 'allocations.E02', '7,5');
    expect(getField(r, 'allocations.E02')).toBe('7,5');
    expect(getField(r, 'allocations.E01')).toBe('1');
  });
  it('edits the energy mix as text', () => {
    const r = setField({}, 'energymix', '03 95; 06 5 %');
    expect(r.energymix).toEqual([
      { source: '03', share: '95' },
      { source: '06', share: '5' },
    ]);
    expect(getField(r, 'energymix')).toBe('03 95; 06 5');
  });
});

describe('paste parsing', () => {
  const fuels = [{ code: '111', label: 'Heizöl EL' }];
  it('reads pasted numbers and dates German-first into the MSC form, strips currency and maps labels to codes', () => {
    expect(pastedText('money', ' 1.234,56 € ')).toBe('1234.56');
    expect(pastedText('date', '31.12.2025')).toBe('2025-12-31');
    // Pasted like typed: `1.500` litres from a German sheet are 1,500, never 1.5.
    expect(pastedText('quantity', '1.500')).toBe('1500.000');
    expect(pastedText('share', '95 %')).toBe('95.0');
    expect(pastedText('money', 'zwölf')).toBe('zwölf');
    expect(pastedText('bool', 'ja')).toBe(true);
    expect(codeOf('heizöl el', fuels)).toBe('111');
    expect(codeOf('111 – Heizöl EL', fuels)).toBe('111');
    expect(codeOf('Gas', fuels)).toBe('Gas');
  });
  it('converts typed values to the MSC form', () => {
    expect(toIso('money', '1.234,5')).toBe('1234.50');
    expect(toIso('quantity', '1200')).toBe('1200.000');
    expect(toIso('date', '31.12.2025')).toBe('2025-12-31');
    expect(toIso('allocation', '100')).toBe('100');
    expect(toIso('allocation', '7,50')).toBe('7.5');
    expect(toIso('money', 'zwölf')).toBe('zwölf');
  });
  it('reads a value in the MSC form as ISO, as its cell shows it, and German text the German way', () => {
    // A preset or imported quantity below 1,000 must not grow a thousandfold.
    expect(toIso('quantity', '412.000')).toBe('412.000');
    expect(toIso('allocation', '1.125')).toBe('1.125');
    expect(toIso('money', '98.17')).toBe('98.17');
    expect(toIso('money', '2.600')).toBe('2600.00');
    expect(toIso('quantity', '2.600,5')).toBe('2600.500');
  });
});

describe('totals', () => {
  it('sums exactly in cents and counts unreadable amounts', () => {
    const rows = [{ amounts: { grossamount: '0,10' } }, { amounts: { grossamount: '0.20' } }, { amounts: { grossamount: 'x' } }];
    expect(moneyTotal(rows, 'amounts.grossamount')).toEqual({ sum: '0.30', count: 2, unreadable: 1 });
  });
  it('adds up prepayments of all kinds', () => {
    const content: DraftContent = {
      ...base,
      billingrecipients: [{ prepayments: { heating: { grossamount: '1.000,00' }, coldwater: { grossamount: '200' } } }],
    };
    expect(draftTotals(content).prepayments.sum).toBe('1200.00');
  });
});

describe('toFilledTemplate', () => {
  it('turns a typed draft into a valid FilledTemplate', () => {
    const filled = toFilledTemplate({
      ...base,
      heatingsysteminvoices: [{ cost: { key: '221' }, invoicedate: '15.03.2025', amounts: { grossamount: '1.234,56' } }],
    });
    expect(filled?.heatingsysteminvoices[0]).toEqual({
      cost: { key: '221' },
      invoicedate: '2025-03-15',
      amounts: { grossamount: '1234.56' },
    });
  });
  it('is null while a value is still not readable', () => {
    expect(
      toFilledTemplate({ ...base, heatingsysteminvoices: [{ cost: { key: '221' }, invoicedate: 'morgen', amounts: {} }] }),
    ).toBeNull();
  });
});
