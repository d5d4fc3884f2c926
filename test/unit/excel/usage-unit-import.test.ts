import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportIssue, UsageUnitImportResult } from '@shared/domain/excel';
import { UsageUnitImportResult as ResultSchema } from '@shared/domain/excel';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { suggestMapping } from '@main/services/excel/mapping-suggest';
import { USAGE_HEADERS, usageUnitRows, workbookOf } from '@test/fixtures/excel/workbooks';

const golden = readFileSync(fileURLToPath(new URL('../../fixtures/excel/usage-units.xlsx', import.meta.url)));

function issuesOf(r: UsageUnitImportResult): ImportIssue[] {
  if (r.ok) throw new Error(`expected a failed import, got ${String(r.units.length)} units`);
  return r.issues;
}

const header = [...USAGE_HEADERS];

describe('usage-unit import: golden ERP list', () => {
  it('finds the header below the title rows, maps German headers and types every value', async () => {
    const r = await importUsageUnits(golden);
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(ResultSchema.parse(r)).toEqual(r);
    expect(r.summary).toMatchObject({ sheet: 'Nutzer', headerRow: 3, rowsImported: 4, emptyRowsSkipped: 1, lastRow: 8 });
    expect(r.units).toEqual([
      {
        residentialunitPmnumber: 'WE-0815/01',
        residentialunitMscnumber: '0001',
        description: 'EG links',
        validfrom: '2019-05-01',
        currentbillingrecipient: { partnerPmnumber: 'P-1001', name: 'Müller', firstname: 'Anna' },
        auxiliarycriteria: { floor: 'EG', livingarea: '72.50', persons: 2, meternumbers: ['HKV-1001', 'HKV-1002'] },
      },
      {
        residentialunitPmnumber: 'WE-0815/02',
        residentialunitMscnumber: '0002',
        description: 'EG rechts',
        validfrom: '2025-07-01',
        currentbillingrecipient: { partnerPmnumber: 'P-1017', name: 'Öztürk', firstname: 'Ayşe' },
        auxiliarycriteria: {
          floor: 'EG',
          livingarea: '88.25',
          persons: 3,
          meternumbers: ['WZ-77'],
          note: 'Mieterwechsel 07/2025',
        },
      },
      {
        residentialunitPmnumber: 'WE-0815/03',
        residentialunitMscnumber: '0003',
        description: '1. OG links',
        auxiliarycriteria: { floor: '1', livingarea: '73.50', persons: 0, note: 'Leerstand' },
      },
      {
        residentialunitPmnumber: 'WE-0815/04',
        description: '1. OG rechts',
        validfrom: '2024-02-29',
        currentbillingrecipient: { partnerPmnumber: 'P-1020', name: 'Schmidt' },
        auxiliarycriteria: { floor: '1', livingarea: '1234.56', persons: 1 },
      },
    ]);
    expect(r.summary.headers.find((h) => h.letter === 'E')).toEqual({
      letter: 'E',
      text: 'Wohnfläche (m²)',
      field: 'livingarea',
    });
  });

  it('suggests the mapping from German and English headers and reports required fields it cannot find', async () => {
    const s = await suggestMapping(golden, 'usage-units');
    if (!s.ok) throw new Error('no suggestion');
    expect(s.suggestion.sheets).toEqual([
      { name: 'Nutzer', hidden: false },
      { name: 'Notizen', hidden: false },
    ]);
    expect(s.suggestion.mapping).toMatchObject({ kind: 'usage-units', sheet: 'Nutzer', headerRow: 3 });
    expect(s.suggestion.mapping.columns).toMatchObject({
      residentialunitPmnumber: { header: 'Ordnungsbegriff' },
      residentialunitMscnumber: { header: 'Nutzer-Nr.' },
      livingarea: { header: 'Wohnfläche (m²)' },
      validfrom: { header: 'Einzug' },
      note: { header: 'Bemerkung' },
    });
    const english = await workbookOf('Units', [
      ['Unit ID', 'Floor', 'Living area', 'First name', 'Last name', 'Tenant number', 'Valid from'],
    ]);
    const e = await suggestMapping(english, 'usage-units');
    if (!e.ok) throw new Error('no suggestion');
    expect(Object.keys(e.suggestion.mapping.columns).sort()).toEqual(
      ['residentialunitPmnumber', 'floor', 'livingarea', 'firstname', 'name', 'partnerPmnumber', 'validfrom'].sort(),
    );
    const noKey = await workbookOf('X', [['Name', 'Vorname', 'Lage']]);
    const n = await suggestMapping(noKey, 'usage-units');
    expect(n.ok && n.suggestion.missing).toEqual(['residentialunitPmnumber']);
  });

  it('accepts an explicit mapping by letter and by header text, with the header row given', async () => {
    const buf = await workbookOf('Export', [
      ['Mieter-ID', 'Kennung', 'Bezug', 'qm'],
      ['T-1', 'A/1', '01.02.2025', '55,5'],
    ]);
    const r = await importUsageUnits(buf, {
      mapping: {
        kind: 'usage-units',
        sheet: 'Export',
        headerRow: 1,
        columns: { residentialunitPmnumber: { letter: 'B' }, validfrom: { header: 'Bezug' }, livingarea: { header: 'qm' } },
      },
    });
    expect(r.ok && r.units).toEqual([
      { residentialunitPmnumber: 'A/1', validfrom: '2025-02-01', auxiliarycriteria: { livingarea: '55.50' } },
    ]);
    const missing = await importUsageUnits(buf, {
      mapping: { kind: 'usage-units', headerRow: 1, columns: { residentialunitPmnumber: { header: 'Ordnungsbegriff' } } },
    });
    expect(issuesOf(missing)[0]?.message).toBe(
      'Blatt „Export“, Zeile 1: Die Spalte „Ordnungsbegriff“ (zugeordnet zu „Ordnungsbegriff“) gibt es in der Kopfzeile nicht.',
    );
  });
});

describe('usage-unit import: bad rows name sheet, row and column, and nothing is returned', () => {
  const withRows = (...rows: unknown[][]): Promise<Buffer> => workbookOf('Nutzer', [header, ...(rows as never[][])]);

  it('reports a duplicate order criterion at its second row, naming the first', async () => {
    const r = await importUsageUnits(await withRows(['WE-1'], ['WE-2'], ['WE-1']));
    expect(issuesOf(r)).toEqual([
      expect.objectContaining({
        code: 'DUPLICATE',
        sheet: 'Nutzer',
        row: 4,
        column: 'A',
        header: 'Ordnungsbegriff',
        message:
          'Blatt „Nutzer“, Zeile 4, Spalte A („Ordnungsbegriff“): Der Ordnungsbegriff „WE-1“ kommt doppelt vor (schon in Zeile 2).',
      }),
    ]);
    expect('units' in r).toBe(false);
  });

  it('refuses an order criterion of 21 characters', async () => {
    const long = 'WE-0815/01-ABCDEFGHIJ';
    expect(long).toHaveLength(21);
    const r = await importUsageUnits(await withRows(['WE-1'], [long]));
    expect(issuesOf(r).map((i) => i.message)).toEqual([
      `Blatt „Nutzer“, Zeile 3, Spalte A („Ordnungsbegriff“): „${long}“ ist 21 Zeichen lang; erlaubt sind höchstens 20.`,
    ]);
  });

  it('refuses text in a number column', async () => {
    const r = await importUsageUnits(await withRows(['WE-1', null, null, null, 'zweiundsiebzig']));
    expect(issuesOf(r)).toEqual([
      expect.objectContaining({
        code: 'NOT_A_NUMBER',
        row: 2,
        column: 'E',
        message:
          'Blatt „Nutzer“, Zeile 2, Spalte E („Wohnfläche (m²)“): „zweiundsiebzig“ ist keine Zahl (erwartet z. B. 1.234,56)',
      }),
    ]);
  });

  it('refuses a formula without cached result', async () => {
    const r = await importUsageUnits(await withRows(['WE-1', null, null, null, { formula: 'SUM(X1:X9)' }]));
    const [issue] = issuesOf(r);
    expect(issue).toMatchObject({ code: 'FORMULA_NO_RESULT', row: 2, column: 'E' });
    expect(issue?.message).toMatch(
      /^Blatt „Nutzer“, Zeile 2, Spalte E \(„Wohnfläche \(m²\)“\): enthält eine Formel ohne gespeichertes Ergebnis/,
    );
  });

  it('refuses merged header cells with a clear error', async () => {
    const buf = await workbookOf(
      'Nutzer',
      [
        ['Ordnungsbegriff', 'Wohnfläche', null, 'Name'],
        ['WE-1', 70, 2, 'X'],
      ],
      (ws) => {
        ws.mergeCells('B1:C1');
      },
    );
    expect(issuesOf(await importUsageUnits(buf))).toEqual([
      expect.objectContaining({
        code: 'HEADER_MERGED',
        row: 1,
        column: 'B',
        message:
          'Blatt „Nutzer“, Zeile 1, Spalte B („Wohnfläche“): Die Kopfzeile enthält verbundene Zellen (Spalten B–C). Bitte die Verbindung aufheben (Start → Verbinden und zentrieren) und jeder Spalte eine eigene Überschrift geben.',
      }),
    ]);
  });

  it('refuses merged cells in a mapped data column', async () => {
    const buf = await workbookOf('Nutzer', [header, ['WE-1', null, 'EG'], ['WE-2']], (ws) => {
      ws.mergeCells('C2:C3');
    });
    expect(issuesOf(await importUsageUnits(buf))).toEqual([
      expect.objectContaining({ code: 'MERGED_CELLS', row: 2, column: 'C', header: 'Lage' }),
    ]);
  });

  it('collects every problem of the file, and one good row does not slip through', async () => {
    const r = await importUsageUnits(
      await withRows(
        ['WE-1', '12345'],
        ['WE-2', null, null, null, null, 150],
        ['WE-3', null, null, null, null, null, null, 'P-9'],
        ['WE-4'],
        ['WE-5', null, null, null, '-12,5'],
      ),
    );
    expect(issuesOf(r).map((i) => [i.row, i.column, i.code])).toEqual([
      [2, 'B', 'INVALID_VALUE'],
      [3, 'F', 'INVALID_VALUE'],
      [4, 'I', 'REQUIRED'],
      [6, 'E', 'INVALID_VALUE'],
    ]);
    expect(issuesOf(r).map((i) => i.message)).toContain(
      'Blatt „Nutzer“, Zeile 6, Spalte E („Wohnfläche (m²)“): Die Wohnfläche -12,50 m² ist nicht möglich (0 bis 999.999,99).',
    );
  });

  it('reads a list with tenant names but no partner numbers, sending units without tenant (issue 19, item 5)', async () => {
    const buf = await workbookOf('Nutzer', [
      ['Ordnungsbegriff', 'Name'],
      ['WE-1', 'Müller'],
    ]);
    const r = await importUsageUnits(buf);
    expect(r.ok && r.units).toEqual([{ residentialunitPmnumber: 'WE-1' }]);
    expect(r.ok && r.warnings).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'COLUMN_MISSING', row: 1, column: 'B' }),
    ]);
    expect(r.ok && r.warnings[0]?.message).toContain('nur zur Information');
  });
});

describe('usage-unit import: usage and rows from German and Excel values', () => {
  it('reads usage rows from the golden rows with a date-formatted column that holds serial numbers', async () => {
    const rows = usageUnitRows().slice(2, 4);
    const buf = await workbookOf('Nutzer', rows, (ws) => {
      ws.getCell('K2').value = 45_658;
    });
    const r = await importUsageUnits(buf);
    expect(r.ok && r.units[0]?.validfrom).toBe('2025-01-01');
  });
});
