import { describe, expect, it } from 'vitest';
import type { MappingSuggestion } from '@shared/domain/excel';
import {
  doubleLetters,
  fieldsOf,
  initialChoice,
  recognisedText,
  requirementOf,
  toMapping,
  unmetGroups,
  type MappingContext,
} from '@renderer/features/excel-mapping/column-mapping';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';
import type { PreviewSource } from '@renderer/features/units/import-rows';

const suggestion: MappingSuggestion = {
  sheets: [{ name: 'Einheiten', hidden: false }],
  mapping: { kind: 'usage-units', sheet: 'Einheiten', headerRow: 2, columns: { floor: { header: 'Etage' } } },
  headers: [
    { letter: 'A', text: 'Schlüssel' },
    { letter: 'B', text: 'Etage', field: 'floor' },
  ],
  missing: ['residentialunitPmnumber'],
};
const context: MappingContext = { fileId: 'f1', fileName: 'Liste.xlsx', suggestion, remembered: false };

describe('column mapping step', () => {
  it('starts from the suggestion, names what is still missing and builds a mapping by letter', () => {
    const choice = initialChoice(suggestion);
    expect(choice).toEqual({ floor: 'B' });
    expect(unmetGroups('usage-units', choice)).toEqual([['residentialunitPmnumber']]);
    const complete = { ...choice, residentialunitPmnumber: 'A' };
    expect(unmetGroups('usage-units', complete)).toEqual([]);
    expect(toMapping(suggestion, complete)).toEqual({
      kind: 'usage-units',
      sheet: 'Einheiten',
      headerRow: 2,
      columns: { floor: { letter: 'B' }, residentialunitPmnumber: { letter: 'A' } },
    });
  });

  it('lists required fields first and marks groups where one column is enough', () => {
    expect(fieldsOf('invoices').slice(0, 3)).toEqual(['invoicedate', 'grossamount', 'netamount']);
    expect(requirementOf('invoices', 'invoicedate')).toBe('required');
    expect(requirementOf('invoices', 'netamount')).toBe('one-of');
    expect(requirementOf('invoices', 'quantity')).toBeUndefined();
    expect(unmetGroups('invoices', { invoicedate: 'A', amount: 'B' })).toEqual([['costtype', 'account', 'text']]);
  });

  it('finds a column chosen twice and describes recognised columns in German', () => {
    expect([...doubleLetters({ name: 'C', firstname: 'C', floor: 'D' })]).toEqual(['C']);
    expect(recognisedText(suggestion.headers)).toBe('„Etage“ → Geschoss');
    expect(recognisedText([{ letter: 'A', text: 'x' }])).toBe('keine');
  });

  it('goes from the mapping step to reading and into the preview, and back to the mapping', () => {
    const mapping = wizardReducer(initialWizard, { type: 'map-columns', context });
    expect(mapping).toEqual({ step: 'mapping', context, busy: false });
    const busy = wizardReducer(mapping, { type: 'mapping-busy' });
    expect(busy).toMatchObject({ step: 'mapping', busy: true });
    expect(wizardReducer(busy, { type: 'mapping-failed', message: 'Zeile 9 ist leer' })).toMatchObject({
      step: 'mapping',
      busy: false,
      error: 'Zeile 9 ist leer',
    });
    const reading = wizardReducer(mapping, { type: 'reading', fileName: 'Liste.xlsx', jobId: 'import-1' });
    const source: PreviewSource = {
      context,
      byHand: true,
      fields: ['residentialunitPmnumber'],
      headers: suggestion.headers,
      warnings: [],
      summary: {
        sheet: 'Einheiten',
        headerRow: 2,
        rowsImported: 1,
        emptyRowsSkipped: 0,
        lastRow: 3,
        headers: suggestion.headers,
      },
      original: new Map([[3, { residentialunitPmnumber: 'K-01' }]]),
    };
    const preview = wizardReducer(reading, {
      type: 'previewed',
      source,
      rows: [{ _key: 'r1', _row: 3, residentialunitPmnumber: 'K-01' }],
    });
    expect(preview).toMatchObject({ step: 'preview', sending: false, source: { context, byHand: true } });
    expect(wizardReducer(preview, { type: 'map-columns', context, choice: { residentialunitPmnumber: 'A' } })).toMatchObject({
      step: 'mapping',
      choice: { residentialunitPmnumber: 'A' },
    });
    expect(wizardReducer(initialWizard, { type: 'mapping-busy' })).toBe(initialWizard);
  });
});
