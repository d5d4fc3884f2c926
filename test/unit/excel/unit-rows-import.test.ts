/**
 * The import preview of usage-unit lists: rows read as text with their problems left in the cells, progress while
 * a large list is read (also through the worker thread, which can be cancelled), and the shared row model that
 * checks each row, finds duplicates per property and groups the rows by the property they name.
 */
import { describe, expect, it } from 'vitest';
import { buildPreview, checkUnitValues, propertyResolver } from '@shared/domain/unit-rows';
import type { UnitRowsProgress } from '@shared/ipc/channels/excel';
import { UnitRowsResult } from '@shared/ipc/channels/excel';
import { readUsageUnitRows } from '@main/services/excel/usage-unit-import';
import { importIsolated } from '@main/services/excel/isolated-import';
import { usageUnitWorkbook, workbookOf } from '@test/fixtures/excel/workbooks';

const PROPERTIES = [
  { billingunitMscnumber: '100200301', billingunitPmnumber: 'LE-KH42' },
  { billingunitMscnumber: '100200302', billingunitPmnumber: 'OW-DS12' },
];

describe('usage-unit list read for the preview', () => {
  it('keeps every row as text per field, values as a clerk types them, and cell problems as issues', async () => {
    const r = await readUsageUnitRows(await usageUnitWorkbook(), { file: 'Liste.xlsx' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(UnitRowsResult.parse(r)).toEqual(r);
    expect(r.fields.slice(0, 5)).toEqual([
      'residentialunitPmnumber',
      'residentialunitMscnumber',
      'description',
      'floor',
      'livingarea',
    ]);
    const area = r.fields.indexOf('livingarea');
    const date = r.fields.indexOf('validfrom');
    expect(r.rows.map((row) => row.row)).toEqual([4, 5, 7, 8]);
    expect(r.rows.map((row) => row.values[area])).toEqual(['72,50', '88,25', '73,50', '1.234,56']);
    expect(r.rows.map((row) => row.values[date])).toEqual(['2019-05-01', '2025-07-01', '', '2024-02-29']);
  });

  it('leaves a bad value in its cell instead of failing the file; unreadable cells become issues at the cell', async () => {
    const long = 'WE-0815/01-ABCDEFGHIJKL';
    expect(long).toHaveLength(23);
    const buf = await workbookOf('Nutzer', [
      ['Ordnungsbegriff', 'Wohnfläche', 'Einzug'],
      [long, 'groß', '31.02.2025'],
      ['WE-2', { formula: 'SUM(X1:X9)' }, null],
    ]);
    const r = await readUsageUnitRows(buf);
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.rows).toEqual([
      { row: 2, values: [long, 'groß', '31.02.2025'] },
      { row: 3, values: ['WE-2', '', ''] },
    ]);
    expect(r.issues).toEqual([expect.objectContaining({ code: 'FORMULA_NO_RESULT', row: 3, column: 'B' })]);
  });

  it('previews a list with tenant names but no partner numbers, the names kept as information (issue 19, item 5)', async () => {
    const buf = await workbookOf('Nutzer', [
      ['Ordnungsbegriff', 'Name'],
      ['WE-1', 'Müller'],
    ]);
    const r = await readUsageUnitRows(buf);
    expect(r).toMatchObject({
      ok: true,
      fields: ['residentialunitPmnumber', 'name'],
      rows: [{ row: 2, values: ['WE-1', 'Müller'] }],
    });
    expect(r.ok && r.issues).toEqual([]);
  });

  it('reports the rows read and, once, the first rows while a long list is read', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => [`WE-${String(i + 1)}`, 'EG']);
    const buf = await workbookOf('Nutzer', [['Titel der Liste'], ['Ordnungsbegriff', 'Geschoss'], ...rows]);
    const seen: UnitRowsProgress[] = [];
    const r = await readUsageUnitRows(buf, { onProgress: (p) => seen.push(p) });
    expect(r.ok && r.rows.length).toBe(1_200);
    expect(seen.map((p) => p.rowsRead)).toEqual([50, 500, 1000]);
    expect(seen.every((p) => p.rowsTotal === 1_200)).toBe(true);
    expect(seen[0]?.first?.rows).toHaveLength(50);
    expect(seen[0]?.first?.rows[0]).toEqual({ row: 3, values: ['WE-1', 'EG'] });
    expect(seen.slice(1).every((p) => p.first === undefined)).toBe(true);
  });
});

describe('usage-unit list in the worker thread', () => {
  it('passes progress on and stops at once when cancelled', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => [`WE-${String(i + 1)}`, 'EG']);
    const buf = await workbookOf('Nutzer', [['Ordnungsbegriff', 'Geschoss'], ...rows]);
    const seen: number[] = [];
    const done = await importIsolated('units', {}, buf, 'Lang.xlsx', { onProgress: (p) => seen.push(p.rowsRead) });
    expect(done.ok && done.rows.length).toBe(3_000);
    expect(seen).toEqual([50, 500, 1000, 1500, 2000, 2500, 3000]);

    const abort = new AbortController();
    const stopped = importIsolated('units', {}, buf, 'Lang.xlsx', {
      signal: abort.signal,
      onProgress: () => {
        abort.abort();
      },
    });
    await expect(stopped).rejects.toMatchObject({ code: 'CANCELLED' });
  }, 30_000);
});

describe('rows checked and grouped by property', () => {
  it('builds the unit of a row and names each problem at its field', () => {
    expect(
      checkUnitValues(
        {
          residentialunitPmnumber: 'WE-1',
          residentialunitMscnumber: '7',
          livingarea: '72,5',
          validfrom: '01.02.2025',
          meternumbers: 'HKV-1; WZ-2',
          persons: '2',
        },
        false,
      ),
    ).toEqual({
      unit: {
        residentialunitPmnumber: 'WE-1',
        residentialunitMscnumber: '0007',
        validfrom: '2025-02-01',
        auxiliarycriteria: { livingarea: '72.50', persons: 2, meternumbers: ['HKV-1', 'WZ-2'] },
      },
      problems: [],
    });
    const bad = checkUnitValues(
      { residentialunitPmnumber: 'WE-0815/01-ABCDEFGHIJKL', livingarea: 'groß', validfrom: '31.02.2025', name: 'Müller' },
      true,
    );
    expect(bad.unit).toBeUndefined();
    expect(bad.problems).toEqual([
      { field: 'residentialunitPmnumber', code: 'tooLong', value: 'WE-0815/01-ABCDEFGHIJKL', max: 20 },
      { field: 'validfrom', code: 'date', value: '31.02.2025' },
      { field: 'partnerPmnumber', code: 'required' },
      { field: 'livingarea', code: 'area', value: 'groß' },
    ]);
  });

  it('finds a property by the MSC number or by our own number, and no other way', () => {
    const resolve = propertyResolver(PROPERTIES);
    expect(['100200301', 'ow-ds12', ' LE-KH42 ', '100200399', 'KH42'].map(resolve)).toEqual([
      '100200301',
      '100200302',
      '100200301',
      undefined,
      undefined,
    ]);
  });

  it('groups rows by property, lists unknown properties and counts duplicates only within a property', () => {
    const preview = buildPreview(
      [
        { billingunit: '100200301', residentialunitPmnumber: 'A' },
        { billingunit: 'OW-DS12', residentialunitPmnumber: 'A' },
        { billingunit: '100200301', residentialunitPmnumber: 'A' },
        { billingunit: '999', residentialunitPmnumber: 'B' },
        { residentialunitPmnumber: 'C' },
      ],
      { selected: '100200303', properties: PROPERTIES, partnerColumn: false },
    );
    expect(preview.groups.map((g) => [g.billingunit, g.rows, g.units.length, g.problemRows])).toEqual([
      ['100200301', [0, 2], 1, 1],
      ['100200302', [1], 1, 0],
    ]);
    expect(preview.unknown).toEqual([{ text: '999', rows: [3] }]);
    expect(preview.checks[2]?.problems).toEqual([{ field: 'residentialunitPmnumber', code: 'duplicate', value: 'A', first: 0 }]);
    expect(preview.checks[4]?.problems).toEqual([{ field: 'billingunit', code: 'required' }]);
    // The duplicate and the missing property block sending; the unknown property only leaves its row out.
    expect(preview.problemRows).toBe(2);
  });

  it('without a property column every row goes to the property the clerk has open', () => {
    const preview = buildPreview([{ residentialunitPmnumber: 'A' }, { residentialunitPmnumber: 'B' }], {
      selected: '100200303',
      partnerColumn: false,
    });
    expect(preview.groups).toEqual([
      {
        billingunit: '100200303',
        rows: [0, 1],
        units: [{ residentialunitPmnumber: 'A' }, { residentialunitPmnumber: 'B' }],
        problemRows: 0,
      },
    ]);
  });
});
