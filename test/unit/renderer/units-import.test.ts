/**
 * The import preview's pure parts: rows of a read file, the clerk's changes kept apart and laid over a fresh read,
 * rows the grid duplicated or filled in, the wizard's steps while a file is read, and what is saved of each step.
 */
import { describe, expect, it } from 'vitest';
import type { MappingSuggestion } from '@shared/domain/excel';
import { changesOf, previewRowsOf, settleRows, withChanges, type PreviewSource } from '@renderer/features/units/import-rows';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';
import { draftOf } from '@renderer/features/units/wizard-draft';
import { emptyRow } from '@renderer/features/units/edit-rows';

const suggestion: MappingSuggestion = {
  sheets: [{ name: 'Nutzer', hidden: false }],
  mapping: { kind: 'usage-units', sheet: 'Nutzer', headerRow: 1, columns: {} },
  headers: [
    { letter: 'A', text: 'Ordnungsbegriff', field: 'residentialunitPmnumber' },
    { letter: 'B', text: 'Wohnfläche', field: 'livingarea' },
  ],
  missing: [],
};
const read = {
  fields: ['residentialunitPmnumber', 'livingarea'] as const,
  rows: [
    { row: 2, values: ['WE-1', '72,50'] },
    { row: 3, values: ['WE-2', ''] },
    { row: 4, values: ['WE-3', '60'] },
  ],
  issues: [
    {
      severity: 'error' as const,
      code: 'CELL_ERROR' as const,
      message: 'Blatt „Nutzer“, Zeile 3, Spalte B: enthält den Fehlerwert #NV',
      row: 3,
      column: 'B',
    },
  ],
  summary: { sheet: 'Nutzer', headerRow: 1, rowsImported: 3, emptyRowsSkipped: 0, lastRow: 4, headers: suggestion.headers },
};
const context = { fileId: 'f1', fileName: 'Liste.xlsx', suggestion, remembered: false };

function source(): PreviewSource {
  return {
    context,
    byHand: false,
    fields: [...read.fields],
    headers: suggestion.headers,
    warnings: [],
    summary: read.summary,
    original: new Map([
      [2, { residentialunitPmnumber: 'WE-1', livingarea: '72,50' }],
      [3, { residentialunitPmnumber: 'WE-2' }],
      [4, { residentialunitPmnumber: 'WE-3', livingarea: '60' }],
    ]),
  };
}

describe('preview rows', () => {
  it('keep the Excel row and mark a cell the file held no value in', () => {
    const rows = previewRowsOf({ ...read, fields: [...read.fields] });
    expect(rows.map(({ _key: _k, ...r }) => r)).toEqual([
      { _row: 2, residentialunitPmnumber: 'WE-1', livingarea: '72,50' },
      { _row: 3, residentialunitPmnumber: 'WE-2', _unreadable: { livingarea: read.issues[0]?.message } },
      { _row: 4, residentialunitPmnumber: 'WE-3', livingarea: '60' },
    ]);
  });

  it('keep the changes apart from the file and lay them over a fresh read', () => {
    const rows = previewRowsOf({ ...read, fields: [...read.fields] });
    const [first, second] = rows;
    if (!first || !second) throw new Error('rows missing');
    const edited = settleRows([{ ...first, residentialunitPmnumber: 'WE-1A' }, second, {} as never]);
    const changes = changesOf(source(), edited);
    expect(changes).toEqual({
      changed: [{ row: 2, values: { residentialunitPmnumber: 'WE-1A', livingarea: '72,50' } }, { values: {} }],
      removed: [4],
    });
    const again = withChanges(previewRowsOf({ ...read, fields: [...read.fields] }), changes.changed, changes.removed);
    expect(again.map((r) => [r._row, r.residentialunitPmnumber])).toEqual([
      [2, 'WE-1A'],
      [3, 'WE-2'],
      [undefined, undefined],
    ]);
  });

  it('give a duplicated row its own key and forget an unreadable cell once the clerk fills it', () => {
    const rows = previewRowsOf({ ...read, fields: [...read.fields] });
    const second = rows[1];
    if (!second) throw new Error('row missing');
    const settled = settleRows([second, { ...second }, { ...second, livingarea: '55' }]);
    expect(new Set(settled.map((r) => r._key)).size).toBe(3);
    expect(settled.map((r) => r._row)).toEqual([3, undefined, undefined]);
    expect(settled.map((r) => r._unreadable === undefined)).toEqual([false, false, true]);
  });
});

describe('wizard while a file is read', () => {
  it('shows progress of its own read only, then the preview, and sends from there', () => {
    const reading = wizardReducer(initialWizard, { type: 'reading', fileName: 'Liste.xlsx', jobId: 'import-a' });
    const first = { fields: [...read.fields], rows: read.rows.slice(0, 1) };
    const progressed = wizardReducer(reading, { type: 'progress', jobId: 'import-a', progress: { rowsRead: 50, first } });
    const later = wizardReducer(progressed, { type: 'progress', jobId: 'import-a', progress: { rowsRead: 500, rowsTotal: 900 } });
    expect(later).toMatchObject({ step: 'reading', progress: { rowsRead: 500, rowsTotal: 900, first } });
    expect(wizardReducer(later, { type: 'progress', jobId: 'import-old', progress: { rowsRead: 1 } })).toBe(later);

    const preview = wizardReducer(later, { type: 'previewed', source: source(), rows: [] });
    const sending = wizardReducer(preview, { type: 'send-started' });
    expect(sending).toMatchObject({ step: 'preview', sending: true });
    expect(wizardReducer(sending, { type: 'preview-rows', rows: [] })).toBe(sending);
    expect(wizardReducer(sending, { type: 'send-failed', message: 'weg' })).toMatchObject({ sending: false, error: 'weg' });
    expect(wizardReducer(sending, { type: 'queued', items: [] })).toEqual({ step: 'queued', items: [] });
  });

  it('saves typed rows and a preview by its changes; forgets at the start; keeps a draft while reading', () => {
    const row = { ...emptyRow(), pm: 'LE-1' };
    expect(draftOf({ step: 'edit', rows: [row], purpose: 'new', errors: [] })).toEqual({
      step: 'edit',
      purpose: 'new',
      rows: [{ key: row.key, pm: 'LE-1', description: '', floor: '', position: '', livingarea: '', meternumbers: '' }],
    });
    expect(draftOf(initialWizard)).toBeNull();
    expect(draftOf({ step: 'reading' })).toBeUndefined();
    const rows = previewRowsOf({ ...read, fields: [...read.fields] }).slice(0, 2);
    expect(draftOf({ step: 'preview', source: source(), rows, sending: false })).toMatchObject({
      step: 'preview',
      fileId: 'f1',
      byHand: false,
      changed: [],
      removed: [4],
    });
  });
});
